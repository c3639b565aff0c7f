/** The shared table cart's endpoints (docs/decisions/0010), public by the table's UUID. */
import { Hono, type Context } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { serveEndpoint } from "../lib/endpoint";
import { ApiHttpError, sendError } from "../lib/errors";
import { applyCartOperations, readCart, submitTableCart } from "./cart-service";

/** A refusal that says when to try again (a busy cart, a table at its limit) carries `Retry-After`. */
async function withRetryAfter<T>(c: Context<AppEnv>, run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiHttpError) || !("retryAfterSeconds" in error) || typeof error.retryAfterSeconds !== "number") throw error;
    c.header("Retry-After", String(error.retryAfterSeconds));
    return sendError(c, error);
  }
}

export function cartRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.tableCart, async ({ c, params }) => {
    c.header("Cache-Control", "no-store");
    return readCart(ctx, params.id);
  });

  serveEndpoint(app, endpoints.applyCartOperations, ({ c, params, body }) =>
    withRetryAfter(c, () => applyCartOperations(ctx, params.id, body)),
  );

  serveEndpoint(app, endpoints.submitTableCart, async ({ c, params, headers, body }) => {
    const submitted = await withRetryAfter(c, () => submitTableCart(ctx, params.id, body, headers["Idempotency-Key"]));
    if (submitted instanceof Response) return submitted;
    if (submitted.replayed) c.header("Idempotent-Replayed", "true");
    else ctx.logger.info("table cart submitted", { tableId: params.id });
    return c.body(submitted.json, submitted.status as 201, { "Content-Type": "application/json; charset=utf-8" });
  });

  return app;
}
