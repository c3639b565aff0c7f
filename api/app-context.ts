/** What every route module receives: the database, settings and the shared in-memory services. */
import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import type { LoginThrottle } from "./auth/login-throttle";
import type { StaffIdentity } from "./auth/staff-repository";
import type { Logger } from "./lib/logger";
import type { MenuCache } from "./menu/menu-cache";

export interface AppContext {
  db: Db;
  config: AppConfig;
  logger: Logger;
  throttle: LoginThrottle;
  menuCache: MenuCache;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    staff?: StaffIdentity;
    authVia?: "bearer" | "cookie";
    token?: string;
  };
}
