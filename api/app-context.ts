/** What every route module receives: the database, settings and the shared in-memory services. */
import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import type { SignInService } from "./auth/sign-in";
import type { GroupCommit } from "./db/group-commit";
import type { Broadcaster } from "./events/broadcaster";
import type { StaffIdentity } from "./auth/staff-repository";
import type { Logger } from "./lib/logger";
import type { MenuCache } from "./menu/menu-cache";

export interface AppContext {
  db: Db;
  config: AppConfig;
  logger: Logger;
  signIn: SignInService;
  menuCache: MenuCache;
  /** Commits the hot path's writes (orders) in groups: see db/group-commit.ts. */
  writes: GroupCommit;
  /** The one reader of new events, feeding every open live stream. */
  liveEvents: Broadcaster;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    /** Resolves a session token to its staff member (set by staffAuth; used by requireStaff). */
    findStaff?: (token: string) => StaffIdentity | undefined;
    staff?: StaffIdentity;
    authVia?: "bearer" | "cookie";
    token?: string;
  };
}
