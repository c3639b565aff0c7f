import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import { publicOrder } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { findOrder } from "./order-queries";
import { listOrders } from "./order-repository";
import { placeOrder, updateOrder } from "./order-service";
import { requestLogger } from "../lib/request-logger";

export function orderRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.placeOrder, async ({ c, headers, body }) => {
    const placed = await placeOrder(ctx, body, headers["Idempotency-Key"]);
    const { order } = placed;
    if (order) {
      requestLogger(c, ctx.logger).info("order placed", {
        orderId: order.id,
        branchId: order.branch_id,
        number: order.number,
        total: order.total,
      });
    } else {
      c.header("Idempotent-Replayed", "true");
    }
    // The JSON as stored with the key: a replay answers byte for byte what the first call did.
    return c.body(placed.json, placed.status as 201, { "Content-Type": "application/json; charset=utf-8" });
  });

  serveEndpoint(app, endpoints.orders, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    c.header("Cache-Control", "no-store");
    return listOrders(ctx.database.db, { branchId, statuses: query.status, tableId: query.station_id, limit: query.limit });
  });

  serveEndpoint(app, endpoints.order, async ({ c, params, missing }) => {
    const order = (await findOrder(ctx.database.db, params.id)) ?? missing();
    c.header("Cache-Control", "no-store");
    return publicOrder(order);
  });

  serveEndpoint(app, endpoints.updateOrder, ({ params, body }) => updateOrder(ctx, params.id, body));

  return app;
}
