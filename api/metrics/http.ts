/**
 * The request histogram and the orders counter, observed where every answer's head is written (the
 * server's response class, lib/response-head.ts), not in a middleware: a link in Hono's chain cost
 * every request more than the observation itself. A request is labelled with the route pattern it
 * matched (`/api/orders/:id`), from the app's own router, so the number of series stays bounded
 * whatever paths clients make up: `static` for the web app's files and pages, `unmatched` for
 * everything else. Each route's series are made once and kept, so an observation is a couple of map
 * lookups and a bucket's count (series-histogram.ts), not a label object validated and hashed per request.
 */
import type { Result, Router } from "hono/router";
import { API_ROUTES } from "../../contract/api-routes";
import { answers } from "../lib/router";
import type { Metrics } from "./registry";
import type { HistogramSeries } from "./series-histogram";

/** The label of the web app's files and pages (the static site's catch-all route). */
export const STATIC_ROUTE = "static";
/** The label of every request no route pattern matched. */
export const UNMATCHED_ROUTE = "unmatched";

/** The routes whose 201 is an accepted order (a replay of the same Idempotency-Key says so in a header, and is not counted). */
const ORDER_ROUTES: ReadonlySet<string> = new Set([`/api${API_ROUTES.placeOrder.path}`, `/api${API_ROUTES.submitTableCart.path}`]);

const METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const isPattern = (path: string) => !path.includes("*");

/** What Hono's router keeps of each route (`[handler, route]` pairs in a match). */
interface RouteRecord {
  method: string;
  path: string;
  handler: (...args: never[]) => unknown;
}

/**
 * The label of a request that matched `routes`, in the order Hono runs them: the first endpoint
 * pattern (also when a middleware in front of it answered: a body over the limit, a sign-in
 * required); else the first catch-all that answers rather than passes on — the site's (`static`) or
 * the API's not-found (`unmatched`). Middleware is told from an answering handler as Hono's own route
 * listing tells them: a middleware takes `(c, next)`, a handler `(c)`.
 */
export function routeLabelOf(routes: readonly RouteRecord[]): string {
  for (const route of routes) {
    if (route.method !== "ALL" && isPattern(route.path)) return route.path;
    if (answers(route.handler)) return route.method === "ALL" || isPattern(route.path) ? UNMATCHED_ROUTE : STATIC_ROUTE;
  }
  return UNMATCHED_ROUTE;
}

/** A route's series: its label, and one histogram child per method and status, made on first use. */
interface RouteSeries {
  label: string;
  isOrderRoute: boolean;
  children: Map<number, HistogramSeries>;
}

/** One request's answer, as the response class reports it. */
export type RequestObserver = (method: string, url: string, status: number, seconds: number, replayed: boolean) => void;

/**
 * Observes each answer: `url` is the request target as Node has it (path and query). The route is
 * found with the app's router, as Hono found it; a router answers the same route list for every
 * request to one route (Hono's RegExpRouter), so its label and series are kept with that list.
 */
export function requestObserver(metrics: Metrics, router: Router<unknown>): RequestObserver {
  const { httpDuration, ordersPlaced } = metrics;
  const byRoutes = new WeakMap<object, RouteSeries>();
  const methodIndex = new Map([...METHODS, "other"].map((method, i) => [method, i]));

  return (method, url, status, seconds, replayed) => {
    const query = url.indexOf("?");
    let path = query === -1 ? url : url.slice(0, query);
    if (path.includes("%")) {
      try {
        path = decodeURI(path);
      } catch {
        // left as sent, as Hono leaves a path it cannot decode
      }
    }
    // Hono answers HEAD with its GET route.
    const [matched] = router.match(method === "HEAD" ? "GET" : method, path) as Result<unknown>;
    const routes = matched as unknown as [[unknown, RouteRecord], unknown][];
    let series = byRoutes.get(routes);
    if (!series) {
      const label = routeLabelOf(routes.map(([[, route]]) => route));
      series = { label, isOrderRoute: ORDER_ROUTES.has(label), children: new Map() };
      byRoutes.set(routes, series);
    }
    const known = METHODS.has(method) ? method : "other";
    const key = status * 8 + methodIndex.get(known)!;
    let child = series.children.get(key);
    if (!child) {
      child = httpDuration.labels({ method: known, route: series.label, status: String(status) });
      series.children.set(key, child);
    }
    child.observe(seconds);
    if (status === 201 && method === "POST" && series.isOrderRoute && !replayed) ordersPlaced.inc();
  };
}
