/** What every route module receives: the services' dependencies (ServiceDeps) and the shared in-memory services. */
import type { SignInService } from "./auth/sign-in";
import type { Broadcaster } from "./events/broadcaster";
import type { StaffIdentity } from "./auth/staff-repository";
import type { ServiceDeps } from "./service-deps";

export interface AppContext extends ServiceDeps {
  signIn: SignInService;
  /** The one reader of new events, feeding every open live stream. */
  liveEvents: Broadcaster;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    /** Resolves a session token to its staff member (set by staffAuth; used by requireStaff). */
    findStaff?: (token: string) => Promise<StaffIdentity | undefined>;
    staff?: StaffIdentity;
    authVia?: "bearer" | "cookie";
    token?: string;
  };
}
