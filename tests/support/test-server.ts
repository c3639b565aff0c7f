/**
 * A real server for API and browser tests, migrated and seeded (both branches' menu, demo stations,
 * one staff account), listening on a random port: on its own SQLite file in a temp dir, or — when
 * TEST_DATABASE=postgres, as the `api-postgres` test project sets — on a throwaway PostgreSQL database
 * dropped afterwards. stop() / start() restart it on the same port and database, as a restart in
 * production would. `query()` reads and writes the database directly, in either dialect.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { inject } from "vitest";
import type { HashCost } from "../../api/auth/passwords";
import { ensureStaff } from "../../api/auth/staff-account-service";
import { loadConfig, type AppConfig } from "../../api/config";
import { createLogger, type Logger } from "../../api/lib/logger";
import { startServer, type RunningServer, type ServerOptions } from "../../api/server";
import { createThrowawayDatabase, type ThrowawayDatabase } from "./postgres";

export type TestDialect = "sqlite" | "postgres";

/** The database the API tests run on: SQLite unless TEST_DATABASE=postgres. */
export const TEST_DIALECT: TestDialect = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

export const TEST_STAFF = { email: "staff@limitless.example", password: "correct horse battery staple" };

/**
 * Test servers hash at an eighth of the recommended strength (N=2^14, ~0.1 s here instead of ~0.8 s):
 * the test account, every password and PIN set through the API, and sign-in's check of an unknown
 * e-mail. Every test server creates the account and most files sign in, so the full cost would be
 * minutes of a test run. Verifying reads the cost from the stored hash, so signing in works the same;
 * api/auth/passwords.test.ts checks the strength real accounts get, and the tests that start the built
 * server (multi-instance, crash, password paths) run it at full strength.
 */
export const TEST_HASH_COST: HashCost = { N: 2 ** 14, r: 8, p: 1 };

export interface TestServer {
  url: string;
  port: number;
  dialect: TestDialect;
  /** The SQLite file (unused on PostgreSQL). */
  databasePath: string;
  /** The PostgreSQL database's URL (undefined on SQLite). */
  databaseUrl?: string;
  /**
   * Runs one SQL statement on the server's database, outside the server; `?` marks parameters in
   * both dialects. Counts come back as numbers.
   */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
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
  /** Sign-in limits and hashing: small limits, or a counting / slow fake password check. */
  signIn?: ServerOptions["signIn"];
  /** Settings on top of the test defaults (e.g. trustedProxies, production). */
  config?: Partial<AppConfig>;
  /** Where the server's log lines go (silent by default, errors aside). */
  logger?: Logger;
  /** Live stream timings and the pruning schedule (tests shorten them), and the clock (tests set it: tests/support/test-clock.ts). */
  server?: Pick<ServerOptions, "streamTiming" | "pruneEveryMs" | "clock" | "printing" | "mailing">;
  /** Overrides TEST_DATABASE for this server (e.g. a test about SQLite itself). */
  dialect?: TestDialect;
  /**
   * A second instance: this server uses that server's database (its SQLite file, or its PostgreSQL
   * database) instead of a new one, and leaves it to that server to remove.
   */
  sameDatabaseAs?: Pick<TestServer, "dialect" | "databasePath" | "databaseUrl">;
}

interface DirectAccess {
  query: TestServer["query"];
  close(): Promise<void>;
}

function sqliteAccess(path: string): DirectAccess {
  let connection: Database.Database | null = null;
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      if (!connection) {
        connection = new Database(path);
        connection.pragma("busy_timeout = 5000");
      }
      const statement = connection.prepare(text);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as Row[];
    },
    async close() {
      connection?.close();
    },
  };
}

function postgresAccess(url: string): DirectAccess {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // Dropping the database ends its connections; an idle one's error must not fail the test run.
  pool.on("error", () => undefined);
  // count(*) is a bigint, which node-postgres hands over as a string: the tests compare numbers.
  const toNumbers = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === "string" && /^-?\d+$/.test(value) && /^(n|count|id|max)$/.test(key) ? Number(value) : value,
      ]),
    );
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      let n = 0;
      const result = await pool.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return result.rows.map(toNumbers) as Row[];
    },
    close: () => pool.end(),
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "limitless-test-"));
  const shared = options.sameDatabaseAs;
  const databasePath = shared?.databasePath ?? options.databasePath ?? join(dir, "test.db");
  const dialect = shared?.dialect ?? options.dialect ?? (options.databasePath ? "sqlite" : TEST_DIALECT);
  // The api-postgres project provides a seeded database to copy (postgres-template.global.ts).
  const postgres: ThrowawayDatabase | undefined =
    dialect === "postgres" && !shared ? await createThrowawayDatabase(inject("postgresTemplate")) : undefined;
  const databaseUrl = shared?.databaseUrl ?? postgres?.url;
  const direct = databaseUrl ? postgresAccess(databaseUrl) : sqliteAccess(databasePath);
  const staticDir = options.staticDir === undefined ? resolve(process.env.STATIC_DIR ?? "dist") : options.staticDir;
  const baseConfig = {
    ...loadConfig({}),
    host: "127.0.0.1",
    port: 0,
    databasePath,
    databaseUrl,
    staticDir,
    logRequests: false,
    // Off in effect: an order left unseen for a minute in a long test file would add `order.unseen`
    // to branch streams that test exact events. The kitchen's tests set a short alert time themselves.
    unseenAlertSeconds: 86_400,
    // A transaction opened inside another fails the test that does it, on either database.
    guardTransactionNesting: true,
    ...options.config,
  };
  const logger = options.logger ?? createLogger({ level: "error" });

  const serverOptions = { ...options.server, logger, signIn: options.signIn, passwordHashCost: TEST_HASH_COST, traceStatements: true };
  let current: RunningServer | null = await startServer(baseConfig, {
    ...serverOptions,
    beforeListen: async (database) => void (await ensureStaff({ database }, TEST_STAFF.email, TEST_STAFF.password, TEST_HASH_COST)),
  });
  const port = current.port;

  const server: TestServer = {
    url: current.url,
    port,
    dialect,
    databasePath,
    databaseUrl,
    query: (text, params) => direct.query(text, params),
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
      current = await startServer({ ...baseConfig, port }, serverOptions);
    },
    async dispose() {
      await server.stop();
      await direct.close();
      await postgres?.drop();
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
