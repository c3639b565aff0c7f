import { Hono } from "hono";
import { IDEMPOTENCY_KEY_MAX, orderCreateSchema, orderListQuerySchema, orderPatchSchema } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { requireStaff } from "../auth/middleware";
import { badRequest, notFound, sendError } from "../lib/errors";
import { readJson, readQuery } from "../lib/validate";
import { branchExists } from "../menu/menu-repository";
import { findOrder, listOrders } from "./order-repository";
import { advanceOrder, placeOrder, TableOrderLimitError, type PlacedOrder } from "./order-service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const orderId = (raw: string) => {
  if (!UUID.test(raw)) throw notFound("order_not_found", "There is no such order.");
  return raw.toLowerCase();
};

export function orderRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.post("/orders", async (c) => {
    const key = c.req.header("idempotency-key");
    if (key !== undefined && (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))) {
      throw badRequest("invalid_idempotency_key", `Idempotency-Key must be 1–${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`);
    }
    const input = await readJson(c, orderCreateSchema);
    let placed: PlacedOrder;
    try {
      placed = await placeOrder(ctx.database, input, key, ctx.config);
    } catch (error) {
      if (!(error instanceof TableOrderLimitError)) throw error;
      c.header("Retry-After", String(error.retryAfterSeconds));
      return sendError(c, error);
    }
    const { order } = placed;
    if (order) {
      ctx.logger.info("order placed", { orderId: order.id, branchId: order.branch_id, number: order.number, total: order.total });
    } else {
      c.header("Idempotent-Replayed", "true");
    }
    return c.body(placed.json, placed.status as 201, { "Content-Type": "application/json; charset=utf-8" });
  });

  app.get("/orders", requireStaff, async (c) => {
    const query = readQuery(c, orderListQuerySchema);
    if (!(await branchExists(ctx.database.db, query.branch_id))) throw notFound("unknown_branch", `There is no branch ${query.branch_id}.`);
    c.header("Cache-Control", "no-store");
    return c.json(await listOrders(ctx.database.db, { branchId: query.branch_id, statuses: query.status, stationId: query.station_id, limit: query.limit }));
  });

  // Public: the order's UUID is the capability (only the phone that placed it knows it).
  app.get("/orders/:id", async (c) => {
    const order = await findOrder(ctx.database.db, orderId(c.req.param("id")));
    if (!order) throw notFound("order_not_found", "There is no such order.");
    c.header("Cache-Control", "no-store");
    return c.json(order);
  });

  app.patch("/orders/:id", requireStaff, async (c) => {
    const id = orderId(c.req.param("id"));
    const { status } = await readJson(c, orderPatchSchema);
    const order = await advanceOrder(ctx.database, id, status);
    return c.json(order);
  });

  return app;
}
