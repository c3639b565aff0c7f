/** Hono's per-request variables, shared by the middleware that sets them and the routes that read them. */
import type { MiddlewareHandler } from "hono";

export interface StaffIdentity {
  id: number;
  email: string;
}

export interface AppEnv {
  Variables: {
    /** Resolves a session token to its staff member (set by staffAuth; used by requireStaff). */
    findStaff?: (token: string) => Promise<StaffIdentity | undefined>;
    /**
     * The guard every staff endpoint runs first (set by staffAuth on every /api request): the auth
     * module's, handed down, so lib/endpoint.ts depends on no module.
     */
    requireStaff?: MiddlewareHandler<AppEnv>;
    staff?: StaffIdentity;
    authVia?: "bearer" | "cookie";
    token?: string;
  };
}
