/**
 * The live streams of API.md, all fed by the server's one broadcaster (broadcaster.ts):
 * - `GET /events?branch_id=N` (staff): every event of the branch;
 * - `GET /stations/{id}/events` (public: the table's UUID is the capability): the one stream a diner's
 *   tab needs — the table's orders as they are placed and change, and its branch's product updates;
 * - `GET /orders/{id}/events` (public: the order's UUID is the capability): that order's `order.updated`;
 * - `GET /products/events?branch_id=N` (public): the branch's `product.updated`, for a menu that is
 *   open without a table (what it sends is on the public menu anyway).
 * All resume after the client's Last-Event-ID (header, or `?last_event_id=`), and all count towards
 * MAX_EVENT_STREAMS.
 */
import { Hono, type Context } from "hono";
import { branchQuerySchema } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { requireStaff } from "../auth/middleware";
import { findSessionStaff } from "../auth/staff-repository";
import { badRequest, notFound } from "../lib/errors";
import { readQuery } from "../lib/validate";
import { branchExists } from "../menu/menu-repository";
import { orderExists } from "../orders/order-repository";
import { findStation } from "../stations/station-repository";
import type { EventType } from "./event-log";
import type { EventFilter } from "./filter";
import { eventStreamResponse, parseLastEventId } from "./stream";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a diner's tab hears about its own table (calls and the shared cart join this list). */
export const STATION_EVENT_TYPES: readonly EventType[] = ["order.created", "order.updated"];
/** What a diner's tab hears about its branch. */
export const BRANCH_PUBLIC_EVENT_TYPES: readonly EventType[] = ["product.updated"];

/** The diner tab's filter: its table's events, and the public events of the table's branch. */
export function stationFilter(stationId: string, branchId: number): EventFilter {
  return [
    { stationId, types: STATION_EVENT_TYPES },
    { branchId, types: BRANCH_PUBLIC_EVENT_TYPES },
  ];
}

export function eventRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  const { database } = ctx;
  const streamOf = (c: Context<AppEnv>, filter: EventFilter, stillAllowed?: () => Promise<boolean>) => {
    const lastEventId = parseLastEventId(c.req.header("last-event-id"), c.req.query("last_event_id"));
    if (lastEventId === undefined) {
      throw badRequest("invalid_last_event_id", "Last-Event-ID must be the id of an event this server sent.");
    }
    return eventStreamResponse(c, ctx.liveEvents, ctx.config.maxEventStreams, { filter, lastEventId, stillAllowed });
  };

  const knownBranch = async (c: Context<AppEnv>) => {
    const { branch_id: branchId } = readQuery(c, branchQuerySchema);
    if (!(await branchExists(database.db, branchId))) throw notFound("unknown_branch", `There is no branch ${branchId}.`);
    return branchId;
  };

  app.get("/events", requireStaff, async (c) => {
    const branchId = await knownBranch(c);
    const token = c.get("token");
    // A stream outliving its session would keep showing orders after sign-out: end it.
    return streamOf(c, [{ branchId }], async () => token !== undefined && (await findSessionStaff(database.db, token)) !== undefined);
  });

  app.get("/stations/:id/events", async (c) => {
    const raw = c.req.param("id");
    // findStation matches the id in any case; the filter uses the id as stored.
    const station = UUID.test(raw) ? await findStation(database.db, raw) : undefined;
    if (!station) throw notFound("station_not_found", "There is no such station.");
    return streamOf(c, stationFilter(station.id, station.branchId));
  });

  app.get("/products/events", async (c) => {
    const branchId = await knownBranch(c);
    return streamOf(c, [{ branchId, types: BRANCH_PUBLIC_EVENT_TYPES }]);
  });

  app.get("/orders/:id/events", async (c) => {
    const orderId = c.req.param("id").toLowerCase();
    const known = UUID.test(orderId) && (await orderExists(database.db, orderId));
    if (!known) throw notFound("order_not_found", "There is no such order.");
    return streamOf(c, [{ orderId, types: ["order.updated"] }]);
  });

  return app;
}
