/**
 * A real server for API and browser tests: its own SQLite file in a temp dir, migrated and seeded
 * (both branches' menu, demo stations, one staff account), listening on a random port.
 * stop() / start() restart it on the same port and database, as a restart in production would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureStaff } from "../../api/auth/staff-repository";
import type { ThrottleLimits } from "../../api/auth/login-throttle";
import { loadConfig, type AppConfig } from "../../api/config";
import { createLogger } from "../../api/lib/logger";
import { startServer, type RunningServer } from "../../api/server";

export const TEST_STAFF = { email: "staff@limitless.example", password: "correct horse battery staple" };

export interface TestServer {
  url: string;
  port: number;
  databasePath: string;
  staff: { email: string; password: string };
  /** The running server (its context gives tests direct database access). */
  running(): RunningServer;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its temp directory. */
  dispose(): Promise<void>;
}

export interface TestServerOptions {
  staticDir?: string | null;
  databasePath?: string;
  throttleLimits?: ThrottleLimits;
  /** Settings over the defaults (e.g. `{ tableOrderLimit: 0 }`). */
  config?: Partial<AppConfig>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "limitless-test-"));
  const databasePath = options.databasePath ?? join(dir, "test.db");
  const staticDir = options.staticDir === undefined ? resolve(process.env.STATIC_DIR ?? "dist") : options.staticDir;
  const baseConfig = {
    ...loadConfig({}),
    host: "127.0.0.1",
    port: 0,
    databasePath,
    staticDir,
    logRequests: false,
    ...options.config,
  };
  const logger = createLogger(false);

  let current: RunningServer | null = await startServer(baseConfig, {
    logger,
    throttleLimits: options.throttleLimits,
    beforeListen: async ({ db }) => void (await ensureStaff(db, TEST_STAFF.email, TEST_STAFF.password)),
  });
  const port = current.port;

  const server: TestServer = {
    url: current.url,
    port,
    databasePath,
    staff: TEST_STAFF,
    running: () => {
      if (!current) throw new Error("the test server is stopped");
      return current;
    },
    async stop() {
      if (!current) return;
      await current.close();
      current = null;
    },
    async start() {
      if (current) return;
      current = await startServer({ ...baseConfig, port }, { logger, throttleLimits: options.throttleLimits });
    },
    async dispose() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Signs in through the API and returns the bearer token. */
export async function staffToken(server: Pick<TestServer, "url" | "staff">): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(server.staff),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
