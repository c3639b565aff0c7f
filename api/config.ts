/** Server settings from the environment (see API.md "Running"). */
import { join, resolve } from "node:path";
import { DEFAULT_DISCOUNT_APPROVAL_PERCENT } from "../contract/check";
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from "./lib/logger";
import {
  DEFAULT_POOL_SIZE,
  DEFAULT_SQLITE_SYNCHRONOUS,
  SQLITE_SYNCHRONOUS,
  databaseConfigFromEnv,
  nestingGuardFromEnv,
  type DatabaseConfig,
  type SqliteSynchronous,
} from "./db/database";

export interface AppConfig {
  port: number;
  host: string;
  /** The SQLite file, used when there is no `databaseUrl`. */
  databasePath: string;
  /** DATABASE_URL: a postgres:// URL selects PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL connections per instance. */
  databasePoolSize: number;
  /** SQLITE_SYNCHRONOUS: how SQLite commits reach the disk (db/database.ts, docs/decisions/0019). */
  sqliteSynchronous: SqliteSynchronous;
  /** BACKUP_DIR: where `npm run backup` and the scheduled backups write (api/backup). */
  backupDir: string;
  /** BACKUP_EVERY_MINUTES: the server takes a backup this often; 0 = never. */
  backupEveryMinutes: number;
  /** BACKUP_KEEP: the newest this many backups are kept, older ones deleted. */
  backupKeep: number;
  /** Directory of the built web app; null serves the API only. */
  staticDir: string | null;
  /** Extra origins allowed to make cookie-authenticated writes (besides the request's own). */
  trustedOrigins: string[];
  /** PUBLIC_ORIGIN: where the public site lives (its canonical URLs, sitemap and link previews); unset = the request's own origin. */
  publicOrigin?: string;
  /** The public site's links that differ per deployment, as the environment names them (src/site/site-config.ts siteSettings). */
  siteEnv: Record<string, string | undefined>;
  /** Staff session lifetime. */
  sessionTtlMs: number;
  /** Set the Secure flag on the session cookie: SECURE_COOKIES=1 behind HTTPS (off by default so plain-HTTP clients work). */
  secureCookies: boolean;
  logRequests: boolean;
  /** LOG_LEVEL: the least severe log line written (debug, info, warn, error, silent). */
  logLevel: LogLevel;
  /** LOG_FORMAT: `json` lines, `pretty` (readable) lines, or undefined = pretty only when stdout is a terminal. */
  logFormat?: LogFormat;
  /** METRICS=0 turns off the request histogram and `GET /metrics` (docs/decisions/0020). */
  metrics: boolean;
  /** METRICS_TOKEN: `Authorization: Bearer <it>` reads `GET /metrics` without a staff session (for Prometheus). */
  metricsToken?: string;
  /** NODE_ENV=production: the session cookie is always Secure. */
  production: boolean;
  /** Addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed; empty = none. */
  trustedProxies: string[];
  /** Open live streams per instance before a new one is refused with 503 busy. */
  maxEventStreams: number;
  /**
   * Of `maxEventStreams`, the streams only staff may open (anonymous streams stop short of them).
   * Undefined = 5 % of the cap, at least 1; a smaller number is raised to that (staffStreamLimits).
   */
  staffStreamReserve?: number;
  /** Accepted orders per table per 10 minutes; 0 = no limit. */
  tableOrderLimit: number;
  /** The largest order subtotal accepted, in cents. */
  maxOrderTotalCents: number;
  /** An order no kitchen board has shown for this long raises `order.unseen`, again every as long until one does. */
  unseenAlertSeconds: number;
  /** TRANSACTION_NESTING_GUARD=1: refuse a transaction inside another (a test aid that costs throughput; db/database.ts). */
  guardTransactionNesting: boolean;
  /** A request's head and body must have arrived within this long, or the server closes the connection (not the answer: live streams stay). */
  requestTimeoutMs: number;
  /** DISCOUNT_APPROVAL_PERCENT: a floor account's discount above this percentage waits for a manager's PIN (contract/check.ts). */
  discountApprovalPercent: number;
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function moneySetting(env: NodeJS.ProcessEnv, name: string, fallbackCents: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallbackCents;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(raw) || Number(raw) <= 0) throw new Error(`${name} must be an amount such as 2000.00, got "${raw}"`);
  return Math.round(Number(raw) * 100);
}

function sqliteSynchronousSetting(env: NodeJS.ProcessEnv): SqliteSynchronous {
  const raw = env.SQLITE_SYNCHRONOUS?.trim().toUpperCase();
  if (raw === undefined || raw === "") return DEFAULT_SQLITE_SYNCHRONOUS;
  if (!(SQLITE_SYNCHRONOUS as readonly string[]).includes(raw))
    throw new Error(`SQLITE_SYNCHRONOUS must be one of ${SQLITE_SYNCHRONOUS.join(", ")}, got "${env.SQLITE_SYNCHRONOUS}"`);
  return raw as SqliteSynchronous;
}

function logLevelSetting(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (raw === undefined || raw === "") return "info";
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  return raw as LogLevel;
}

function logFormatSetting(env: NodeJS.ProcessEnv): LogFormat | undefined {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (raw === undefined || raw === "") return undefined;
  if (!(LOG_FORMATS as readonly string[]).includes(raw))
    throw new Error(`LOG_FORMAT must be one of ${LOG_FORMATS.join(", ")}, got "${env.LOG_FORMAT}"`);
  return raw as LogFormat;
}

/** The shortest METRICS_TOKEN accepted: a bearer secret anyone may guess at over the network. */
export const MIN_METRICS_TOKEN_LENGTH = 24;

function metricsTokenSetting(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.METRICS_TOKEN?.trim();
  if (raw === undefined || raw === "") return undefined;
  // What a bearer token may be in our Authorization parsing (auth/middleware.ts readToken): no spaces, at most 512.
  if (!/^[\x21-\x7e]+$/.test(raw) || raw.length < MIN_METRICS_TOKEN_LENGTH || raw.length > 512) {
    throw new Error(
      `METRICS_TOKEN must be ${MIN_METRICS_TOKEN_LENGTH} to 512 visible characters without spaces (e.g. openssl rand -hex 32)`,
    );
  }
  return raw;
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
  const maxEventStreams = integerSetting(env, "MAX_EVENT_STREAMS", 10_000, 1, 1_000_000);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databasePath: database.path,
    databaseUrl: database.url,
    databasePoolSize: database.poolSize ?? DEFAULT_POOL_SIZE,
    sqliteSynchronous: sqliteSynchronousSetting(env),
    backupDir: resolve(env.BACKUP_DIR?.trim() || join("data", "backups")),
    backupEveryMinutes: integerSetting(env, "BACKUP_EVERY_MINUTES", 60, 0, 7 * 24 * 60),
    backupKeep: integerSetting(env, "BACKUP_KEEP", 48, 1, 100_000),
    staticDir: env.STATIC_DIR === "" ? null : resolve(env.STATIC_DIR ?? "dist"),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    publicOrigin: publicOriginSetting(env),
    siteEnv: Object.fromEntries(SITE_ENV.map((name) => [name, env[name]])),
    sessionTtlMs: sessionTtlHours * 3_600_000,
    secureCookies: env.SECURE_COOKIES === "1",
    logRequests: env.LOG_REQUESTS !== "0",
    logLevel: logLevelSetting(env),
    logFormat: logFormatSetting(env),
    metrics: env.METRICS !== "0",
    metricsToken: metricsTokenSetting(env),
    production: env.NODE_ENV === "production",
    trustedProxies: (env.TRUSTED_PROXIES ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    maxEventStreams,
    staffStreamReserve: env.STAFF_STREAM_RESERVE?.trim()
      ? integerSetting(env, "STAFF_STREAM_RESERVE", 0, minimumStaffStreamReserve(maxEventStreams), maxEventStreams)
      : undefined,
    tableOrderLimit: integerSetting(env, "TABLE_ORDER_LIMIT", 20, 0, 100_000),
    maxOrderTotalCents: moneySetting(env, "MAX_ORDER_TOTAL", 200_000),
    unseenAlertSeconds: integerSetting(env, "UNSEEN_ALERT_SECONDS", 60, 1, 86_400),
    guardTransactionNesting: nestingGuardFromEnv(env),
    requestTimeoutMs: integerSetting(env, "REQUEST_TIMEOUT_SECONDS", 60, 1, 3_600) * 1000,
    discountApprovalPercent: integerSetting(env, "DISCOUNT_APPROVAL_PERCENT", DEFAULT_DISCOUNT_APPROVAL_PERCENT, 0, 100),
  };
}

/** The environment variables the public site reads (booking pages, delivery partner, maps key). */
const SITE_ENV = ["THORNHILL_BOOKING_URL", "PICKERING_BOOKING_URL", "DELIVERY_URL", "MAPS_KEY"] as const;

/** PUBLIC_ORIGIN as an origin (`https://host[:port]`, no path); a value that is not one stops start-up. */
function publicOriginSetting(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.PUBLIC_ORIGIN?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be a URL such as https://limitless.example, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.hash)
    throw new Error(`PUBLIC_ORIGIN must be an origin such as https://limitless.example (no path), got "${value}"`);
  return url.origin;
}

/** The smallest reserve of streams kept for staff: 5 % of the cap, at least one stream. */
export function minimumStaffStreamReserve(maxEventStreams: number): number {
  return Math.min(maxEventStreams, Math.max(1, Math.ceil(maxEventStreams * 0.05)));
}

/** How many live streams one instance holds: `all` of any kind, of which at most `anonymous` public ones. */
export interface StreamLimits {
  all: number;
  anonymous: number;
}

/** The per-instance stream caps: staff streams may use all of MAX_EVENT_STREAMS, anonymous ones all but the reserve. */
export function streamLimits(config: Pick<AppConfig, "maxEventStreams" | "staffStreamReserve">): StreamLimits {
  const all = config.maxEventStreams;
  const reserve = Math.min(all, Math.max(minimumStaffStreamReserve(all), config.staffStreamReserve ?? 0));
  return { all, anonymous: all - reserve };
}

/** What openDatabase needs from the settings. */
export function databaseConfigOf(
  config: Pick<AppConfig, "databasePath" | "databaseUrl" | "databasePoolSize"> & Partial<Pick<AppConfig, "sqliteSynchronous">>,
): DatabaseConfig {
  return { url: config.databaseUrl, path: config.databasePath, poolSize: config.databasePoolSize, synchronous: config.sqliteSynchronous };
}

/** Where the data lives, for log lines and messages: never the URL's password. */
export function describeDatabase(config: Pick<AppConfig, "databasePath" | "databaseUrl">): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  return `postgres://${url.host}${url.pathname}`;
}
