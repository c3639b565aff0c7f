/** Hono's per-request variables, shared by the middleware that sets them and the routes that read them. */
import type { MiddlewareHandler } from "hono";
import type { MissingCode } from "../../contract/endpoints";
import type { StaffRole } from "../../contract/roles";

/** A signed-in member of staff: who, with which role, at which branches (every branch for an owner). */
export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  branchIds: number[];
}

export interface AppEnv {
  Variables: {
    /** Resolves a session token to its staff member (set by staffAuth; used by requireStaff). */
    findStaff?: (token: string) => Promise<StaffIdentity | undefined>;
    /**
     * The guard every staff endpoint runs first (set by staffAuth on the routes of staff endpoints): the auth
     * module's, handed down, so lib/endpoint.ts depends on no module.
     */
    requireStaff?: MiddlewareHandler<AppEnv>;
    /** The branch of the row a path's id names (set by staffAuth; used by serveEndpoint's branch check). */
    branchOf?: (kind: MissingCode, id: unknown) => Promise<number | undefined>;
    staff?: StaffIdentity;
    authVia?: "bearer" | "cookie";
    token?: string;
  };
}
