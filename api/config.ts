/** Server settings from the environment (see API.md "Running"). */
import { resolve } from "node:path";
import { DEFAULT_POOL_SIZE, databaseConfigFromEnv, type DatabaseConfig } from "./db/database";

export interface AppConfig {
  port: number;
  host: string;
  /** The SQLite file, used when there is no `databaseUrl`. */
  databasePath: string;
  /** DATABASE_URL: a postgres:// URL selects PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL connections per instance. */
  databasePoolSize: number;
  /** Directory of the built web app; null serves the API only. */
  staticDir: string | null;
  /** Extra origins allowed to make cookie-authenticated writes (besides the request's own). */
  trustedOrigins: string[];
  /** Staff session lifetime. */
  sessionTtlMs: number;
  /** Set the Secure flag on the session cookie: SECURE_COOKIES=1 behind HTTPS (off by default so plain-HTTP clients work). */
  secureCookies: boolean;
  logRequests: boolean;
  /** NODE_ENV=production: the session cookie is always Secure. */
  production: boolean;
  /** Addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed; empty = none. */
  trustedProxies: string[];
  /** Open live streams per instance before a new one is refused with 503 busy. */
  maxEventStreams: number;
  /** Accepted orders per table per 10 minutes; 0 = no limit. */
  tableOrderLimit: number;
  /** The largest order subtotal accepted, in cents. */
  maxOrderTotalCents: number;
  /** An order no kitchen board has shown for this long raises `order.unseen`, again every as long until one does. */
  unseenAlertSeconds: number;
  /** A request's head and body must have arrived within this long, or the server closes the connection (not the answer: live streams stay). */
  requestTimeoutMs: number;
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function moneySetting(env: NodeJS.ProcessEnv, name: string, fallbackCents: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallbackCents;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be an amount such as 2000.00, got "${raw}"`);
  return Math.round(Number(raw) * 100);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const sessionTtlHours = Number(env.SESSION_TTL_HOURS ?? 12);
  // Checked here: a bad value would otherwise only show as a failed sign-in for every staff member.
  if (!(sessionTtlHours > 0 && sessionTtlHours <= 24 * 365)) {
    throw new Error(`SESSION_TTL_HOURS must be a number of hours above 0 (at most a year), got "${env.SESSION_TTL_HOURS}"`);
  }
  const database = databaseConfigFromEnv(env);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databasePath: database.path,
    databaseUrl: database.url,
    databasePoolSize: database.poolSize ?? DEFAULT_POOL_SIZE,
    staticDir: env.STATIC_DIR === "" ? null : resolve(env.STATIC_DIR ?? "dist"),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean),
    sessionTtlMs: sessionTtlHours * 3_600_000,
    secureCookies: env.SECURE_COOKIES === "1",
    logRequests: env.LOG_REQUESTS !== "0",
    production: env.NODE_ENV === "production",
    trustedProxies: (env.TRUSTED_PROXIES ?? "").split(",").map((a) => a.trim()).filter(Boolean),
    maxEventStreams: integerSetting(env, "MAX_EVENT_STREAMS", 10_000, 1, 1_000_000),
    tableOrderLimit: integerSetting(env, "TABLE_ORDER_LIMIT", 20, 0, 100_000),
    maxOrderTotalCents: moneySetting(env, "MAX_ORDER_TOTAL", 200_000),
    unseenAlertSeconds: integerSetting(env, "UNSEEN_ALERT_SECONDS", 60, 1, 86_400),
    requestTimeoutMs: integerSetting(env, "REQUEST_TIMEOUT_SECONDS", 60, 1, 3_600) * 1000,
  };
}

/** What openDatabase needs from the settings. */
export function databaseConfigOf(config: Pick<AppConfig, "databasePath" | "databaseUrl" | "databasePoolSize">): DatabaseConfig {
  return { url: config.databaseUrl, path: config.databasePath, poolSize: config.databasePoolSize };
}

/** Where the data lives, for log lines and messages: never the URL's password. */
export function describeDatabase(config: Pick<AppConfig, "databasePath" | "databaseUrl">): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  return `postgres://${url.host}${url.pathname}`;
}
