/**
 * The live streams of API.md:
 * - `GET /events?branch_id=N` (staff): the branch's `order.created`, `order.updated`, `product.updated`;
 * - `GET /orders/{id}/events` (public: the order's UUID is the capability): that order's `order.updated`;
 * - `GET /products/events?branch_id=N` (public): the branch's `product.updated`, so an open diner menu
 *   shows a sold-out switch at once (what it sends is on the public menu anyway).
 * All three resume after the client's Last-Event-ID (header, or `?last_event_id=`).
 */
import { and, asc, eq, gt, max, type SQL } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { branchQuerySchema } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { requireStaff } from "../auth/middleware";
import { findSessionStaff } from "../auth/staff-repository";
import type { Db } from "../db/client";
import { events, orders } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { readQuery } from "../lib/validate";
import { branchExists } from "../menu/menu-repository";
import { EVENT_APPENDED, eventSignal } from "./event-log";
import { DEFAULT_TIMING, eventStream, parseLastEventId, type EventStreamSource, type EventStreamTiming, type StoredEvent } from "./stream";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = { id: events.id, type: events.type, payload: events.payload };

function latestEventId(db: Db): number {
  return db.select({ id: max(events.id) }).from(events).get()?.id ?? 0;
}

function subscribe(wake: () => void): () => void {
  eventSignal.on(EVENT_APPENDED, wake);
  return () => eventSignal.off(EVENT_APPENDED, wake);
}

export function eventRoutes(ctx: AppContext, timing: EventStreamTiming = DEFAULT_TIMING) {
  const app = new Hono<AppEnv>();

  const cursorOf = (header: string | undefined, query: string | undefined) => {
    const cursor = parseLastEventId(header, query);
    if (cursor === undefined) {
      throw badRequest("invalid_last_event_id", "Last-Event-ID must be the id of an event this server sent.");
    }
    return cursor;
  };

  /** A stream of the rows that match `filter`, after the client's Last-Event-ID. */
  const streamOf = (c: Context<AppEnv>, filter: SQL | undefined, stillAllowed?: () => boolean) => {
    const cursor = cursorOf(c.req.header("last-event-id"), c.req.query("last_event_id"));
    const source: EventStreamSource = {
      read: (afterId, limit): StoredEvent[] =>
        ctx.db
          .select(columns)
          .from(events)
          .where(and(filter, gt(events.id, afterId)))
          .orderBy(asc(events.id))
          .limit(limit)
          .all(),
      latestId: () => latestEventId(ctx.db),
      subscribe,
      stillAllowed,
    };
    return eventStream(c, source, cursor, timing);
  };

  const knownBranch = (c: Context<AppEnv>) => {
    const { branch_id: branchId } = readQuery(c, branchQuerySchema);
    if (!branchExists(ctx.db, branchId)) throw notFound("unknown_branch", `There is no branch ${branchId}.`);
    return branchId;
  };

  app.get("/events", requireStaff, (c) => {
    const branchId = knownBranch(c);
    const token = c.get("token");
    // A stream outliving its session would keep showing orders after sign-out: end it.
    return streamOf(c, eq(events.branchId, branchId), () => token !== undefined && findSessionStaff(ctx.db, token) !== undefined);
  });

  app.get("/products/events", (c) => {
    const branchId = knownBranch(c);
    return streamOf(c, and(eq(events.branchId, branchId), eq(events.type, "product.updated")));
  });

  app.get("/orders/:id/events", (c) => {
    const orderId = c.req.param("id").toLowerCase(); // UUIDs are case-insensitive; stored lower-case
    const known = UUID.test(orderId) && ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).get();
    if (!known) throw notFound("order_not_found", "There is no such order.");
    return streamOf(c, and(eq(events.orderId, orderId), eq(events.type, "order.updated")));
  });

  return app;
}
