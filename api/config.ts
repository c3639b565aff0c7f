/** Server settings from the environment (see API.md "Running"). */
import { resolve } from "node:path";

export interface AppConfig {
  port: number;
  host: string;
  databasePath: string;
  /** Directory of the built web app; null serves the API only. */
  staticDir: string | null;
  /** Extra origins allowed to make cookie-authenticated writes (besides the request's own). */
  trustedOrigins: string[];
  /** Staff session lifetime. */
  sessionTtlMs: number;
  /** Set the Secure flag on the session cookie: SECURE_COOKIES=1 behind HTTPS (off by default so plain-HTTP clients work). */
  secureCookies: boolean;
  logRequests: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const sessionTtlHours = Number(env.SESSION_TTL_HOURS ?? 12);
  // Checked here: a bad value would otherwise only show as a failed sign-in for every staff member.
  if (!(sessionTtlHours > 0 && sessionTtlHours <= 24 * 365)) {
    throw new Error(`SESSION_TTL_HOURS must be a number of hours above 0 (at most a year), got "${env.SESSION_TTL_HOURS}"`);
  }
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databasePath: env.DATABASE_PATH ?? resolve("data", "limitless.db"),
    staticDir: env.STATIC_DIR === "" ? null : resolve(env.STATIC_DIR ?? "dist"),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean),
    sessionTtlMs: sessionTtlHours * 3_600_000,
    secureCookies: env.SECURE_COOKIES === "1",
    logRequests: env.LOG_REQUESTS !== "0",
  };
}
