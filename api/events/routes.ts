/**
 * The live streams (branchEvents, diningTableEvents, orderEvents, productEvents in contract/endpoints.ts),
 * all fed by the server's one broadcaster (broadcaster.ts). A public stream's UUID is its capability;
 * the product stream sends only what the public menu shows anyway. All resume after the client's
 * Last-Event-ID (header, or `?last_event_id=`), and all count towards MAX_EVENT_STREAMS; the public
 * ones stop short of it by STAFF_STREAM_RESERVE, kept for the staff stream (branchEvents).
 */
import { Hono, type Context } from "hono";
import { endpoints } from "../../contract/endpoints";
import { roleMay } from "../../contract/roles";
import { publicOrder, type Order } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { streamLimits } from "../config";
import { findSessionStaff } from "../auth/session-queries";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { badRequest } from "../lib/errors";
import { orderExists } from "../orders/order-queries";
import { findDiningTable } from "../dining-tables/dining-table-queries";
import { VisitWatch, visitCallIds, visitOrderIds, visitState, type VisitState } from "../visits/visit-service";
import type { EventType } from "./event-log-service";
import type { EventFilter } from "./filter";
import { eventStreamResponse, parseLastEventId, type StreamRequest } from "./stream";

/** An `order.updated` as the order's public stream sends it: the order without `station_id`. */
const withoutTableId = (row: { payload: string }): string => JSON.stringify(publicOrder(JSON.parse(row.payload) as Order));

/**
 * What a diner's tab hears about its own table: its orders, its calls ("someone is on the way") and its
 * shared cart. `call.created` and `visit.started` are read for the stream's VisitWatch and never sent.
 */
export const DINING_TABLE_EVENT_TYPES: readonly EventType[] = [
  "order.created",
  "order.updated",
  "call.created",
  "call.updated",
  "cart.updated",
  "visit.started",
  "visit.ended",
];
/** What a diner's tab hears about its branch. */
export const BRANCH_PUBLIC_EVENT_TYPES: readonly EventType[] = ["product.updated", "branch.updated"];
/** What only the table's own phones hear: a table's cart is no business of every staff screen. */
export const DINER_ONLY_EVENT_TYPES: readonly EventType[] = ["cart.updated", "visit.started", "visit.ended"];

/** What only the roles that see the floor plan hear. */
export const FLOOR_EVENT_TYPES: readonly EventType[] = ["table.updated"];

/** The diner tab's filter: its table's events, and the public events of the table's branch. */
export function diningTableFilter(tableId: string, branchId: number): EventFilter {
  return [
    { tableId, types: DINING_TABLE_EVENT_TYPES },
    { branchId, types: BRANCH_PUBLIC_EVENT_TYPES },
  ];
}

export function eventRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  const { database } = ctx;
  const limits = streamLimits(ctx.config);
  /** `staff`: the route required a session, so the stream may use the staff reserve (API.md "Trust at the table"). */
  type StreamOptions = Omit<StreamRequest, "filter" | "lastEventId" | "staff"> & { staff?: boolean; visitNow?: VisitState };
  const streamOf = (c: Context<AppEnv>, filter: EventFilter, options: StreamOptions = {}) => {
    let lastEventId = parseLastEventId(c.req.header("last-event-id"), c.req.query("last_event_id"));
    if (lastEventId === undefined) {
      throw badRequest("invalid_last_event_id", "Last-Event-ID must be the id of an event this server sent.");
    }
    const { visitNow: visit, staff = false, ...rest } = options;
    if (visit) {
      // The table's UUID opens its current visit only: a replay from before it starts at its start,
      // and between visits there is nothing to replay (API.md "Trust at the table").
      // After a recorded end, a stream "from now" still starts right after it, so a visit begun while
      // the stream opens is not missed (and nothing of the ended one reaches it, on any instance).
      if (visit.startId !== null) lastEventId = lastEventId === null ? null : Math.max(lastEventId, visit.startId - 1);
      else if (visit.markerId !== null && !visit.lapsed) lastEventId = Math.max(lastEventId ?? 0, visit.markerId);
      else lastEventId = null;
    }
    return eventStreamResponse(c, ctx.liveEvents, limits, { filter, lastEventId, staff, ...rest });
  };

  serveEndpoint(app, endpoints.branchEvents, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    const token = c.get("token");
    // A stream outliving its session, or its account's access to the branch, would keep showing
    // orders after sign-out, deactivation or a change of role: end it (the client reconnects and is refused).
    const stillAllowed = async () => {
      const staff = token === undefined ? undefined : await findSessionStaff(database.db, token, ctx.clock.now());
      return staff !== undefined && roleMay(staff.role, endpoints.branchEvents.auth.permission) && staff.branchIds.includes(branchId);
    };
    // The floor plan's live states go to the roles that see the floor (not the kitchen's boards).
    const seesFloor = roleMay(c.get("staff")!.role, endpoints.floor.auth.permission);
    const excludeTypes = seesFloor ? DINER_ONLY_EVENT_TYPES : [...DINER_ONLY_EVENT_TYPES, ...FLOOR_EVENT_TYPES];
    return streamOf(c, [{ branchId, excludeTypes }], { staff: true, stillAllowed });
  });

  serveEndpoint(app, endpoints.diningTableEvents, async ({ c, params, missing }) => {
    const diningTable = (await findDiningTable(database.db, params.id)) ?? missing();
    const visit = await visitState(database.db, diningTable.id, ctx.clock.now());
    const orderIds = await visitOrderIds(database.db, diningTable.id, visit.startId);
    const callIds = await visitCallIds(database.db, diningTable.id, visit);
    return streamOf(c, diningTableFilter(diningTable.id, diningTable.branchId), {
      visitNow: visit,
      visit: new VisitWatch(diningTable.id, () => ctx.clock.now(), visit, orderIds, callIds),
    });
  });

  serveEndpoint(app, endpoints.productEvents, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    return streamOf(c, [{ branchId, types: BRANCH_PUBLIC_EVENT_TYPES }]);
  });

  serveEndpoint(app, endpoints.orderEvents, async ({ c, params, missing }) => {
    if (!(await orderExists(database.db, params.id))) missing();
    // The public view of the order: without its table's key (API.md "Trust at the table").
    return streamOf(c, [{ orderId: params.id, types: ["order.updated"] }], { rewrite: withoutTableId });
  });

  return app;
}
