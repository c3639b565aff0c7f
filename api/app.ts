/** The Hono application: middleware, the API's resource modules, and the web app. */
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { endpoints, isFileUpload, type Endpoint } from "../contract/endpoints";
import type { AppContext, AppEnv } from "./app-context";
import { auditRoutes } from "./audit/routes";
import { refuseCrossSite, staffAuth } from "./auth/middleware";
import { authRoutes } from "./auth/routes";
import { branchRoutes } from "./branches/routes";
import { callRoutes } from "./calls/routes";
import { cartRoutes } from "./carts/routes";
import { docsRoutes } from "./docs/routes";
import { eventRoutes } from "./events/routes";
import { kitchenRoutes } from "./kitchen/routes";
import { serveEndpoint } from "./lib/endpoint";
import { ApiHttpError, errorBody, sendError } from "./lib/errors";
import { requestHeader, requestIdOf } from "./lib/response-head";
import { RegExpFirstRouter } from "./lib/router";
import { discardBody, MAX_JSON_BYTES, payloadTooLarge } from "./lib/validate";
import type { Metrics } from "./metrics/registry";
import { serveMetrics } from "./metrics/route";
import { menuRoutes } from "./menu/routes";
import { printerRoutes } from "./printers/routes";
import { orderRoutes } from "./orders/routes";
import { reportRoutes } from "./reports/routes";
import { diningTableRoutes } from "./dining-tables/routes";
import { siteRoutes } from "./site/routes";
import { staffRoutes } from "./staff/routes";
import { staticSite } from "./static-site";
import { tabRoutes } from "./tabs/routes";
import { requestLogger } from "./lib/request-logger";

const HEALTHY = '{"status":"ok"}';
const HEALTHY_HEADERS = { "content-type": "application/json", "content-length": String(Buffer.byteLength(HEALTHY)) };
const healthy = () => new Response(HEALTHY, { headers: HEALTHY_HEADERS });
/** The file uploads (a menu CSV, a dish photo): each has its own, larger limit (lib/file-upload.ts). */
const UPLOADS = Object.values<Endpoint>(endpoints)
  .filter((endpoint) => isFileUpload(endpoint.body))
  .map(({ method, path }) => ({ method, path: new RegExp(`^/api${path.replace(/:\w+/g, "[^/]+")}$`) }));

const WRITES = ["POST", "PUT", "PATCH", "DELETE"];
/** The endpoints that need a staff session: only their routes get the session lookup (auth/middleware.ts). */
const STAFF_ENDPOINTS = Object.values<Endpoint>(endpoints).filter((endpoint) => endpoint.auth !== "public");

/**
 * Security headers and X-Request-Id are not set here: the server's response class adds them to every
 * answer (lib/response-head.ts). Handlers on hot paths return `new Response(body, { headers: {...} })`
 * with a plain header object, which @hono/node-server writes without building a Headers object; no
 * middleware before them may call `c.header()`, since a returned Response does not carry those headers.
 * Request lines (LOG_REQUESTS) and the request histogram (METRICS) are written there too (responseClassFor).
 */
export function createApp(ctx: AppContext, metrics?: Metrics) {
  // Hono's fastest router for every request it can route (lib/router.ts).
  const app = new Hono<AppEnv>({ router: new RegExpFirstRouter() });

  // Only what a request needs runs for it: a public read (health, the menu) goes straight to its route.
  // A declared size over the limit is refused before anything runs; a chunked body is counted as it
  // is read (lib/validate.ts). File uploads have their own, larger limits.
  app.on(WRITES, "/api/*", async (c, next) => {
    if (UPLOADS.some(({ method, path }) => method === c.req.method && path.test(c.req.path))) return next();
    const declared = requestHeader(c, "content-length");
    if (declared !== undefined && Number(declared) > MAX_JSON_BYTES) {
      await discardBody(c);
      throw payloadTooLarge();
    }
    return next();
  });
  app.on(WRITES, "/api/*", refuseCrossSite(ctx));
  const staffSession = staffAuth(ctx);
  for (const { method, path } of STAFF_ENDPOINTS) app.on(method, `/api${path}`, staffSession);

  const api = new Hono<AppEnv>();
  const unavailable = (c: Context<AppEnv>, error: unknown) => {
    requestLogger(c, ctx.logger).error("health check failed", { error: String(error) });
    return c.json(errorBody("database_unavailable", "The database does not answer."), 503);
  };
  serveEndpoint(api, endpoints.health, ({ c }) => {
    // SQLite answers at once: the health check is answered without a promise (lib/endpoint.ts).
    let pinged: void | Promise<void>;
    try {
      pinged = ctx.database.ping();
    } catch (error) {
      return unavailable(c, error);
    }
    return pinged ? pinged.then(healthy, (error: unknown) => unavailable(c, error)) : healthy();
  });
  for (const routes of [
    authRoutes,
    staffRoutes,
    auditRoutes,
    menuRoutes,
    diningTableRoutes,
    orderRoutes,
    kitchenRoutes,
    callRoutes,
    tabRoutes,
    reportRoutes,
    cartRoutes,
    printerRoutes,
    eventRoutes,
    branchRoutes,
  ]) {
    api.route("/", routes(ctx));
  }
  api.route("/", docsRoutes());
  app.route("/api", api);

  app.all("/api/*", (c) => c.json(errorBody("not_found", `There is no ${c.req.method} ${c.req.path}.`), 404));

  // Before the web app, whose history fallback would otherwise answer it.
  if (metrics) serveMetrics(app, ctx, metrics);

  // The public pages, rendered by the server in each language; then the built web app (the diner's and
  // staff screens, assets), whose fallback for an unknown path is the site's not-found page.
  const site = siteRoutes(ctx);
  app.route("/", site.routes);
  if (ctx.config.staticDir) {
    const files = staticSite(ctx.config.staticDir, site.notFound);
    app.on(["GET", "HEAD"], "*", (c) => files(c));
  }

  app.notFound((c) => c.json(errorBody("not_found", "Not found."), 404));

  app.onError((error, c) => {
    if (error instanceof ApiHttpError) return sendError(c, error);
    if (error instanceof HTTPException) {
      return c.json(errorBody("http_error", error.message || "The request was refused."), error.status);
    }
    ctx.logger.error("unhandled error", {
      req_id: requestIdOf(c),
      path: c.req.path,
      error: String(error),
      stack: (error as Error).stack,
    });
    return c.json(errorBody("internal_error", "Something went wrong on our side. Please try again."), 500);
  });

  return app;
}
