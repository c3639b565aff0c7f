/** The shared table cart's endpoints (docs/decisions/0010), public by the table's UUID. */
import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { serveEndpoint } from "../lib/endpoint";
import { applyCartOperations, readCart, submitTableCart } from "./cart-service";
import { requestLogger } from "../lib/request-logger";

export function cartRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.tableCart, async ({ c, params }) => {
    c.header("Cache-Control", "no-store");
    return readCart(ctx, params.id);
  });

  serveEndpoint(app, endpoints.applyCartOperations, ({ params, body }) => applyCartOperations(ctx, params.id, body));

  serveEndpoint(app, endpoints.submitTableCart, async ({ c, params, headers, body }) => {
    const submitted = await submitTableCart(ctx, params.id, body, headers["Idempotency-Key"]);
    if (submitted.replayed) c.header("Idempotent-Replayed", "true");
    else requestLogger(c, ctx.logger).info("table cart submitted", { tableId: params.id });
    return c.body(submitted.json, submitted.status as 201, { "Content-Type": "application/json; charset=utf-8" });
  });

  return app;
}
