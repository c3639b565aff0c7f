/** The Hono application: middleware, the API's resource modules, and the web app. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppContext, AppEnv } from "./app-context";
import { staffAuth } from "./auth/middleware";
import { authRoutes } from "./auth/routes";
import { eventRoutes } from "./events/routes";
import { ApiHttpError, errorBody, sendError } from "./lib/errors";
import { menuRoutes } from "./menu/routes";
import { orderRoutes } from "./orders/routes";
import { stationRoutes } from "./stations/routes";
import { staticSite } from "./static-site";

const MAX_JSON_BYTES = 64 * 1024;

export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        frameSrc: ["https://www.google.com"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );

  // Inside secureHeaders on purpose: with @hono/node-server, header changes made after this
  // middleware's c.header() rebuilt the response are kept; set the other way round they were lost.
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("requestId", c.req.header("x-request-id")?.slice(0, 64) ?? randomUUID());
    await next();
    c.header("X-Request-Id", c.get("requestId"));
    if (ctx.config.logRequests && c.req.path.startsWith("/api/")) {
      ctx.logger.info("request", {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  });

  app.use("/api/*", async (c, next) => {
    if (c.req.path === "/api/products/upload_csv") return next(); // has its own, larger limit
    return bodyLimit({
      maxSize: MAX_JSON_BYTES,
      onError: () => {
        throw new ApiHttpError(413, "payload_too_large", `The request body is larger than ${MAX_JSON_BYTES / 1024} KB.`);
      },
    })(c, next);
  });
  app.use("/api/*", staffAuth(ctx));

  app.get("/api/health", (c) => {
    try {
      ctx.db.get(sql`SELECT 1`);
      return c.json({ status: "ok" });
    } catch (error) {
      ctx.logger.error("health check failed", { error: String(error) });
      return c.json(errorBody("database_unavailable", "The database does not answer."), 503);
    }
  });

  app.route("/api", authRoutes(ctx));
  app.route("/api", menuRoutes(ctx));
  app.route("/api", stationRoutes(ctx));
  app.route("/api", orderRoutes(ctx));
  app.route("/api", eventRoutes(ctx));

  app.all("/api/*", (c) => c.json(errorBody("not_found", `There is no ${c.req.method} ${c.req.path}.`), 404));

  if (ctx.config.staticDir) {
    const site = staticSite(ctx.config.staticDir);
    app.on(["GET", "HEAD"], "*", (c) => site(c));
  }

  app.notFound((c) => c.json(errorBody("not_found", "Not found."), 404));

  app.onError((error, c) => {
    if (error instanceof ApiHttpError) return sendError(c, error);
    if (error instanceof HTTPException) {
      return c.json(errorBody("http_error", error.message || "The request was refused."), error.status);
    }
    ctx.logger.error("unhandled error", { requestId: c.get("requestId"), path: c.req.path, error: String(error), stack: (error as Error).stack });
    return c.json(errorBody("internal_error", "Something went wrong on our side. Please try again."), 500);
  });

  return app;
}
