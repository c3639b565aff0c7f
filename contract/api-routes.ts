/**
 * Where each endpoint lives and who may call it, under `/api`: the one table, in two halves by who calls
 * them (the diner's phone and the public site; staff screens) so a diner downloads only its half. The
 * rest of each endpoint — its schemas, status and error codes — is in endpoints.ts under the same name.
 * Zod-free, so the web app's client uses it at runtime without bundling zod.
 */
import type { ApiRoute } from "./api-route";
import { PUBLIC_API_ROUTES } from "./public-api-routes";
import { STAFF_API_ROUTES } from "./staff-api-routes";

export type { ApiRoute };
export { PUBLIC_API_ROUTES, STAFF_API_ROUTES };

type Public<T> = { [K in keyof T]: T[K] & { auth: "public" } };
const publicRoutes = Object.fromEntries(
  Object.entries(PUBLIC_API_ROUTES).map(([name, route]) => [name, { ...route, auth: "public" }]),
) as Public<typeof PUBLIC_API_ROUTES>;

export const API_ROUTES = { ...publicRoutes, ...STAFF_API_ROUTES } satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;
