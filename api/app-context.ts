/** What every route module receives: the database, settings and the shared in-memory services. */
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import type { SignInService } from "./auth/sign-in";
import type { Broadcaster } from "./events/broadcaster";
import type { StaffIdentity } from "./auth/staff-repository";
import type { Logger } from "./lib/logger";
import type { MenuCache } from "./menu/menu-cache";
import type { Clock } from "./lib/clock";
import type { PrintDispatcher } from "./printers/dispatcher";
import type { MissingCode } from "../contract/endpoints";

export interface AppContext {
  database: DatabaseHandle;
  config: AppConfig;
  logger: Logger;
  /** What time it is for every rule that depends on it (tests set it). */
  clock: Clock;
  signIn: SignInService;
  menuCache: MenuCache;
  /** The one reader of new events, feeding every open live stream. */
  liveEvents: Broadcaster;
  /** Sends the queued kitchen tickets and bills to the printers. */
  printers: PrintDispatcher;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    /** Resolves a session token to its staff member (set by staffAuth; used by requireStaff). */
    findStaff?: (token: string) => Promise<StaffIdentity | undefined>;
    /** The branch of the row a path's id names (set by staffAuth; used by serveEndpoint's branch check). */
    branchOf?: (kind: MissingCode, id: unknown) => Promise<number | undefined>;
    staff?: StaffIdentity;
    authVia?: "bearer" | "cookie";
    token?: string;
  };
}
