/**
 * Several real server instances on one database, the way production runs them: child processes of
 * the built server (dist-server/main.js, what `npm run serve` runs) on free ports of 127.0.0.1, with
 * the test staff account (STAFF_EMAIL / STAFF_PASSWORD) and TRUSTED_PROXIES=127.0.0.1 — and nginx in
 * front of them with deploy/nginx.conf, its ports rewritten, in a temporary prefix (no root needed).
 * The api project's global setup (tests/support/server-build.global.ts) builds the bundle when stale.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { connect } from "node:net";
import pg from "pg";
import { REPO_ROOT, SERVER_BUNDLE, ServerProcess, freePort } from "../../scripts/reliability/server-process";
import { createThrowawayDatabase } from "./postgres";
import { TEST_STAFF } from "./test-server";

export const NGINX_CONFIG = join(REPO_ROOT, "deploy", "nginx.conf");

/**
 * One PostgreSQL database for every instance of a test file (a throwaway one): what the server is told
 * (env), and its removal. Several instances need PostgreSQL: only it carries their shared state and
 * their notifications to each other.
 */
export interface SharedDatabase {
  env: Record<string, string>;
  /** Throws unless the instances really migrated and seeded this database (not a SQLite fallback). */
  expectSeeded(): Promise<void>;
  dispose(): Promise<void>;
}

export async function sharedDatabase(): Promise<SharedDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "limitless-instances-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const database = await createThrowawayDatabase();
  return {
    expectSeeded: async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM branches").catch(() => ({ rows: [{ n: "0" }] }));
        if (Number(rows[0]?.n) < 2) throw new Error(`the instances did not migrate and seed ${database.name}: do they use DATABASE_URL?`);
      } finally {
        await client.end();
      }
    },
    // Should an instance ignore DATABASE_URL, its SQLite fallback lands here, not in the project's data/.
    env: { DATABASE_URL: database.url, DATABASE_PATH: join(dir, "must-not-be-used.db") },
    dispose: async () => {
      await database.drop();
      removeDir();
    },
  };
}

/** One running instance; `served` lists the API paths its request log shows, in order. */
export interface Instance {
  name: string;
  url: string;
  port: number;
  process: ServerProcess;
  served: string[];
}

export interface InstanceGroup {
  instances: Instance[];
  staff: { email: string; password: string };
  /** Stops every instance (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
}

export interface InstanceOptions {
  count?: number;
  database: SharedDatabase;
  /** Settings on top of the defaults (e.g. TABLE_ORDER_LIMIT). */
  env?: Record<string, string>;
  /** The web app's files; none by default (API only). */
  staticDir?: string;
}

/**
 * Starts `count` instances and resolves once each answers GET /api/health. On PostgreSQL they start
 * at the same moment (migrations and the first-run seed run once, under an advisory lock); two
 * processes migrating one SQLite file would race, so there the first one comes up alone.
 */
export async function startInstances(options: InstanceOptions): Promise<InstanceGroup> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`No server bundle at ${SERVER_BUNDLE}: run npm run build:server`);
  const count = options.count ?? 2;
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const name = `instance ${String.fromCharCode(65 + i)}`;
    const port = await freePort();
    const served: string[] = [];
    const server = new ServerProcess({
      name,
      port,
      env: {
        ...options.database.env,
        TRUSTED_PROXIES: "127.0.0.1",
        STATIC_DIR: options.staticDir ?? "",
        LOG_REQUESTS: "1",
        ...options.env,
      },
      firstStartEnv: { STAFF_EMAIL: TEST_STAFF.email, STAFF_PASSWORD: TEST_STAFF.password },
      onOutput: (line) => {
        const path = requestPath(line);
        if (path !== undefined) served.push(path);
      },
    });
    instances.push({ name, url: server.url, port, process: server, served });
  }
  const group: InstanceGroup = {
    instances,
    staff: TEST_STAFF,
    stop: async () => void (await Promise.all(instances.map((instance) => instance.process.stop()))),
  };
  try {
    // All at the same moment, also on the empty database: migrations and the seed must run once.
    await Promise.all(instances.map((instance) => instance.process.start()));
    await options.database.expectSeeded();
  } catch (error) {
    await group.stop();
    throw error;
  }
  return group;
}

/** The path of one of the server's "request" log lines; undefined for any other line. */
function requestPath(line: string): string | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: unknown; path?: unknown };
    return entry.msg === "request" && typeof entry.path === "string" ? entry.path : undefined;
  } catch {
    return undefined;
  }
}

/** nginx from NGINX_PATH, the PATH, or the sbin folders a non-root PATH often lacks; undefined if none. */
export function findNginx(): string | undefined {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  const folders = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"];
  return folders
    .filter(Boolean)
    .map((folder) => join(folder, "nginx"))
    .find((path) => existsSync(path));
}

export interface NginxSettings {
  /** The instances' ports, in place of the upstream's servers. */
  upstreamPorts: number[];
  /** Where it listens for HTTP, in place of `listen 8080`. */
  port: number;
  /** An HTTPS listener in the same server block, as deploy/nginx.conf's comment describes. */
  tls?: { port: number; certificate: string; key: string };
}

/** deploy/nginx.conf with its ports (and optionally TLS) changed and nothing else. */
export function rewriteNginxConfig(source: string, settings: NginxSettings): string {
  const upstreamServer = /^(\s*)server\s+127\.0\.0\.1:\d+(\s[^;]*)?;\n/gm;
  const servers = [...source.matchAll(upstreamServer)];
  if (servers.length === 0) throw new Error("deploy/nginx.conf has no upstream server 127.0.0.1:<port> lines");
  const [first] = servers;
  const [, indent = "", parameters = ""] = first!;
  const replacement = settings.upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${parameters};\n`).join("");
  let config = source.replace(upstreamServer, (line) => (line === first![0] ? replacement : ""));
  const listen = /^(\s*)listen 8080;$/m;
  if (!listen.test(config)) throw new Error("deploy/nginx.conf has no `listen 8080;` line");
  config = config.replace(listen, (_, listenIndent: string) => {
    const lines = [`listen 127.0.0.1:${settings.port};`];
    if (settings.tls) {
      lines.push(
        `listen 127.0.0.1:${settings.tls.port} ssl;`,
        `ssl_certificate ${settings.tls.certificate};`,
        `ssl_certificate_key ${settings.tls.key};`,
      );
    }
    return lines.map((line) => `${listenIndent}${line}`).join("\n");
  });
  // Two cores run the whole suite: one worker is plenty for a test.
  return config.replace(/^worker_processes \S+;$/m, "worker_processes 1;");
}

export interface NginxProxy {
  url: string;
  /** Set when started with `tls: true` (a self-signed certificate). */
  httpsUrl?: string;
  /** The prefix directory's error.log. */
  errorLog(): string;
  stop(): Promise<void>;
}

const liveNginx = new Set<ChildProcess>();
process.once("exit", () => {
  // SIGTERM, not SIGKILL: nginx's master then takes its workers down with it.
  for (const child of liveNginx) child.kill("SIGTERM");
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts nginx with deploy/nginx.conf in front of `upstreamPorts`; resolves once it accepts connections. */
export async function startNginx(upstreamPorts: number[], options: { tls?: boolean } = {}): Promise<NginxProxy> {
  const nginx = findNginx();
  if (!nginx) throw new Error("nginx is not installed (sudo apt-get install nginx-light), or set NGINX_PATH");
  const prefix = mkdtempSync(join(tmpdir(), "limitless-nginx-"));
  // Started as root, nginx's workers run as nobody: they must reach their temp folders in here.
  chmodSync(prefix, 0o755);
  const port = await freePort();
  let tls: NginxSettings["tls"];
  if (options.tls) {
    tls = { port: await freePort(), certificate: join(prefix, "cert.pem"), key: join(prefix, "key.pem") };
    const made = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=localhost",
      ].concat(["-keyout", tls.key, "-out", tls.certificate]),
      { encoding: "utf8" },
    );
    if (made.status !== 0)
      throw new Error(`openssl could not make a test certificate (sudo apt-get install openssl): ${made.error?.message ?? made.stderr}`);
  }
  const configPath = join(prefix, "nginx.conf");
  writeFileSync(configPath, rewriteNginxConfig(readFileSync(NGINX_CONFIG, "utf8"), { upstreamPorts, port, tls }));

  // nginx keeps the machine's real time, as PostgreSQL does: a test run whose clock faketime moves
  // (the weekday sweep) moves our processes, not the proxy's (whose fail_timeout then misbehaves).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "LD_PRELOAD" && !name.startsWith("FAKETIME")));
  const child = spawn(nginx, ["-p", prefix, "-c", configPath, "-e", "stderr", "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
    env,
  });
  liveNginx.add(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  let exited = "";
  const gone = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      liveNginx.delete(child);
      exited = `nginx exited (code ${code}, signal ${signal})`;
      resolve();
    }),
  );
  const errorLog = () => {
    const file = join(prefix, "error.log");
    return [stderr, existsSync(file) ? readFileSync(file, "utf8") : ""].filter(Boolean).join("\n");
  };
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      await gone;
    }
    rmSync(prefix, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) {
      const log = errorLog();
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`${exited} while starting:\n${log}`);
    }
    if ((await portAnswers(port)) && (!tls || (await portAnswers(tls.port)))) break;
    if (Date.now() > deadline) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not listen within 10 s:\n${log}`);
    }
    await sleep(30);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    httpsUrl: tls ? `https://127.0.0.1:${tls.port}` : undefined,
    errorLog,
    stop,
  };
}
