/**
 * The request histogram and the orders counter, from the one place every request passes: the first
 * middleware. A request is labelled with the route pattern it matched (`/api/orders/:id`), taken from
 * Hono's router after the answer is built, so the number of series stays bounded whatever paths
 * clients make up: `static` for the web app's files and pages, `unmatched` for everything else.
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import { API_ROUTES } from "../../contract/api-routes";
import type { AppEnv } from "../lib/app-env";
import type { Metrics } from "./registry";

/** The label of the web app's files and pages (the static site's catch-all route). */
export const STATIC_ROUTE = "static";
/** The label of every request no route pattern matched. */
export const UNMATCHED_ROUTE = "unmatched";

/** The routes whose 201 is an accepted order (a replay of the same Idempotency-Key says so in a header, and is not counted). */
const ORDER_ROUTES: ReadonlySet<string> = new Set([
  `POST /api${API_ROUTES.placeOrder.path}`,
  `POST /api${API_ROUTES.submitTableCart.path}`,
]);

const METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const isPattern = (path: string) => !path.includes("*");

/**
 * The pattern of the route that answered, or, when a middleware in front of it answered (a body over
 * the limit, a sign-in required), the pattern of the route the request was for.
 */
export function routeLabel(c: Context): string {
  const answered = routePath(c);
  if (answered && isPattern(answered)) return answered;
  let catchAll = false;
  for (const route of matchedRoutes(c)) {
    // Middleware (app.use, app.all) is registered for every method; a route for one method is an endpoint or the site.
    if (route.method === "ALL") continue;
    if (isPattern(route.path)) return route.path;
    catchAll = true;
  }
  // The site's `*` route (which Hono lists as `/*`) answered; the API's own catch-all sits before it, so an unknown /api path never gets here.
  return catchAll && (answered === "/*" || answered === "*") ? STATIC_ROUTE : UNMATCHED_ROUTE;
}

/** The first middleware: times each request to its answer and counts accepted orders. */
export function measureRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  const { httpDuration, ordersPlaced } = metrics;
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const { method } = c.req;
    const status = c.res.status;
    const route = routeLabel(c);
    httpDuration.observe({ method: METHODS.has(method) ? method : "other", route, status: String(status) }, seconds);
    if (status === 201 && ORDER_ROUTES.has(`${method} ${route}`) && c.get("replayed") !== true) {
      ordersPlaced.inc();
    }
  };
}
