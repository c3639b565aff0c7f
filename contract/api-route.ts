import type { Permission } from "./roles";

/** Where an endpoint lives and who may call it, under `/api` (the tables: api-routes.ts). */
export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono style: `/stations/:id`. */
  path: string;
  /**
   * `{ permission }`: a signed-in session (401 `unauthenticated` without one) whose role has that
   * permission (roles.ts; 403 `forbidden` otherwise), and a branch the request names that is the
   * account's (403 `forbidden` otherwise).
   */
  auth: "public" | { permission: Permission };
}
