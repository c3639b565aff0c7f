/**
 * A table's visit (API.md "Trust at the table"): it begins with the table's first cart change or order
 * after its tab was last closed (or its cart expired), and ends when staff close the tab or after
 * VISIT_IDLE_MS without an order or a cart change. Everything public reached through the table's UUID
 * holds the current visit only.
 *
 * Modelled on the event log itself: a `visit.started` event is recorded (in the same transaction, just
 * before its own event) by the change that begins a visit, and a `visit.ended` by a tab close or an
 * expiry that ends one. The visit's start is that event's id, so the table's stream bounds any replay
 * by it, and streams opened during the visit hear its end.
 */
import { and, eq, gt, gte, inArray, lt, max, sql, type SQLWrapper } from "drizzle-orm";
import type { Db, Tables } from "../db/database";
import { constant, preparedQuery, tablesOf } from "../db/dialect";
import { recordEvent, recordEvents, type NewEvent } from "../events/event-log-service";

/** A visit with no order and no cart change for this long is over. */
export const VISIT_IDLE_MS = 3 * 3_600_000;

export type VisitEndReason = "tab_closed" | "idle";

/** What the table's event log says about its current visit, as of `now`. */
export interface VisitState {
  /** The id of the current visit's `visit.started` event; null when no visit is under way. */
  startId: number | null;
  /** The last order or cart change of the current visit (ms since the epoch, the server's clock). */
  lastActivityMs: number;
  /** A visit was begun and has not been ended by an event, but has gone idle: its end is not recorded yet. */
  lapsed: boolean;
  /** The table's newest `visit.*` event (null: none yet): between visits, what a stream knows has ended. */
  markerId: number | null;
}

async function latestMarker(db: Db, tableId: string): Promise<{ id: number; type: string } | undefined> {
  const { events } = tablesOf(db);
  // One newest id per marker type, each found in the (station, type, id) index: "newest of either type"
  // in one ORDER BY would walk back over every event of the visit.
  const rows = await db
    .select({ type: events.type, id: max(events.id) })
    .from(events)
    .where(and(eq(events.tableId, tableId), inArray(events.type, ["visit.started", "visit.ended"])))
    .groupBy(events.type);
  let newest: { id: number; type: string } | undefined;
  for (const row of rows) if (row.id !== null && (!newest || Number(row.id) > newest.id)) newest = { id: Number(row.id), type: row.type };
  return newest;
}

/**
 * What a table's visit state is read from, as columns of a statement about the table (`tableId`: its
 * id, usually a placeholder): an order reads them with everything else it needs in one statement
 * (orders/order-repository.ts). Each is one lookup in an index: the newest marker of each type in
 * (station, type, id), the newest order in (station, created), the cart by its key.
 */
export function visitStateColumns(t: Tables, tableId: SQLWrapper) {
  const { events, orders, carts } = t;
  const newest = (type: "visit.started" | "visit.ended") =>
    sql<
      number | null
    >`(select max(${events.id}) from ${events} where ${events.tableId} = ${tableId} and ${events.type} = ${constant(type)})`.mapWith(
      Number,
    );
  return {
    visitStartedId: newest("visit.started"),
    visitEndedId: newest("visit.ended"),
    lastOrderAt: sql<string | null>`(select max(${orders.createdAt}) from ${orders} where ${orders.tableId} = ${tableId})`.mapWith(
      orders.createdAt,
    ),
    cartAt: sql<string | null>`(select ${carts.updatedAt} from ${carts} where ${carts.tableId} = ${tableId})`.mapWith(carts.updatedAt),
  };
}

export interface VisitStateColumns {
  visitStartedId: number | null;
  visitEndedId: number | null;
  lastOrderAt: string | null;
  cartAt: string | null;
}

/** The visit state as of `now`, from its columns (visitStateColumns). */
export function visitStateOf(columns: VisitStateColumns, now: Date): VisitState {
  const { visitStartedId: started, visitEndedId: ended } = columns;
  const markerId = started === null && ended === null ? null : Math.max(started ?? 0, ended ?? 0);
  if (started === null || markerId !== started) return { startId: null, lastActivityMs: 0, lapsed: false, markerId };
  // The table's last order or cart change by the server's clock.
  const lastActivityMs = Math.max(
    columns.lastOrderAt ? Date.parse(columns.lastOrderAt) : 0,
    columns.cartAt ? Date.parse(columns.cartAt) : 0,
  );
  if (lastActivityMs < now.getTime() - VISIT_IDLE_MS) return { startId: null, lastActivityMs, lapsed: true, markerId };
  return { startId: started, lastActivityMs, lapsed: false, markerId };
}

const visitColumnsOfTable = preparedQuery("visit_state", (db, t) =>
  db
    .select(visitStateColumns(t, sql.placeholder("tableId")))
    .from(t.diningTables)
    .where(eq(t.diningTables.id, sql.placeholder("tableId"))),
);

/** What the table's event log says about its current visit, as of `now` (a table that does not exist has none). */
export async function visitState(db: Db, tableId: string, now: Date): Promise<VisitState> {
  const [columns] = await visitColumnsOfTable(db).execute({ tableId });
  return visitStateOf(columns ?? { visitStartedId: null, visitEndedId: null, lastOrderAt: null, cartAt: null }, now);
}

/** The orders placed during the visit that began with event `startId` (from their `order.created` events). */
export async function visitOrderIds(db: Db, tableId: string, startId: number | null): Promise<Set<string>> {
  if (startId === null) return new Set();
  const { events } = tablesOf(db);
  const rows = await db
    .select({ orderId: events.orderId })
    .from(events)
    .where(and(eq(events.tableId, tableId), gte(events.id, startId), eq(events.type, "order.created")));
  return new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])));
}

/** The call's id in a `call.*` event's payload (the call as JSON). */
function callIdOf(payload: string): string | undefined {
  const id = (JSON.parse(payload) as { id?: unknown }).id;
  return typeof id === "string" ? id : undefined;
}

/**
 * The calls made by the party the stream opened for (from their `call.created` events): those after the
 * last visit's end, so a call made before the party's first order or cart change (which begins the
 * visit) is theirs, and an earlier party's call still open is not. A visit that lapsed unrecorded ended
 * VISIT_IDLE_MS after its last activity: only calls after that are the next party's.
 */
export async function visitCallIds(db: Db, tableId: string, state: VisitState): Promise<Set<string>> {
  const { events } = tablesOf(db);
  let after = 0;
  if (state.startId !== null) {
    const [previousEnd] = await db
      .select({ id: max(events.id) })
      .from(events)
      .where(and(eq(events.tableId, tableId), eq(events.type, "visit.ended"), lt(events.id, state.startId)));
    after = previousEnd?.id == null ? 0 : Number(previousEnd.id);
  } else if (state.markerId !== null) after = state.markerId;
  const rows = await db
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.tableId, tableId), gt(events.id, after), eq(events.type, "call.created")));
  const lapsedAt = state.lapsed ? state.lastActivityMs + VISIT_IDLE_MS : null;
  const ids = new Set<string>();
  for (const row of rows) {
    const call = JSON.parse(row.payload) as { id?: unknown; created_at?: unknown };
    if (typeof call.id !== "string") continue;
    if (lapsedAt !== null && !(typeof call.created_at === "string" && Date.parse(call.created_at) >= lapsedAt)) continue;
    ids.add(call.id);
  }
  return ids;
}

/**
 * Records the end of the table's visit, if one is under way (the table's lock held; call where the
 * transaction records its events). Streams opened during it send `visit.ended` and close.
 */
export async function endVisit(tx: Db, diningTable: { id: string; branchId: number }, reason: VisitEndReason, now: Date): Promise<void> {
  const marker = await latestMarker(tx, diningTable.id);
  if (marker?.type !== "visit.started") return;
  await recordEvent(tx, { branchId: diningTable.branchId, type: "visit.ended", tableId: diningTable.id, payload: { reason } }, now);
}

/**
 * The events that begin a visit, when a change (an order, a cart change) is about to be recorded for
 * the table and no visit is under way: an idle visit's end, if it lapsed unrecorded, then the new
 * visit's start. `before` is the state read before the transaction's own writes (they move the
 * table's last activity). Recorded just before the change's own event, in the same statement.
 */
export function visitEvents(diningTable: { id: string; branchId: number }, before: VisitState, now: Date): NewEvent[] {
  if (before.startId !== null) return [];
  const { id: tableId, branchId } = diningTable;
  return [
    ...(before.lapsed ? [{ branchId, type: "visit.ended" as const, tableId, payload: { reason: "idle" as const } }] : []),
    { branchId, type: "visit.started" as const, tableId, payload: { started_at: now.toISOString() } },
  ];
}

/** Records visitEvents (the caller records its own event next). */
export async function continueOrBeginVisit(
  tx: Db,
  diningTable: { id: string; branchId: number },
  before: VisitState,
  now: Date,
): Promise<void> {
  await recordEvents(tx, visitEvents(diningTable, before, now), now);
}

/**
 * What a row means for a stream opened during a visit: send it (`continues`), keep it to the server
 * (`silent`: a visit's start is bookkeeping), send it and close (`ended`), or close with a visit.ended
 * of the stream's own (`superseded`: a later visit began).
 */
export type VisitVerdict = "continues" | "silent" | "ended" | "superseded";

/**
 * Follows, for one stream of the table, the visit it was opened in (or, opened between visits, the
 * next one to begin): the stream ends when the visit's `visit.ended` arrives, when a later visit
 * begins (the last one went idle and nobody recorded its end), or when the visit has been idle for
 * VISIT_IDLE_MS by the server's clock (asked on the broadcaster's tick; no query).
 */
export class VisitWatch {
  private startId: number | null;
  private lastActivityMs: number;
  private readonly markerId: number;

  /**
   * @param orderIds the orders placed during the visit so far (visitOrderIds): a later change to an
   * earlier party's order (staff marking it served after the tab closed) is none of this visit's business.
   * @param callIds the calls made by this party so far (visitCallIds), likewise for `call.updated`.
   */
  constructor(
    private readonly tableId: string,
    private readonly now: () => Date,
    state: VisitState,
    private readonly orderIds: Set<string> = new Set(),
    private readonly callIds: Set<string> = new Set(),
  ) {
    this.startId = state.startId;
    this.lastActivityMs = state.lastActivityMs;
    this.markerId = state.markerId ?? 0;
  }

  see(row: { id: number; type: string; tableId: string | null; orderId: string | null; payload: string }): VisitVerdict {
    if (row.tableId !== this.tableId) return "continues";
    if (row.type === "order.created" && row.orderId) this.orderIds.add(row.orderId);
    if (row.type === "order.updated") return row.orderId && this.orderIds.has(row.orderId) ? "continues" : "silent";
    // A call's creation is kept to the server (the phone that called knows); it marks the call as this party's.
    if (row.type === "call.created") {
      const id = callIdOf(row.payload);
      if (id) this.callIds.add(id);
      return "silent";
    }
    if (row.type === "call.updated") {
      const id = callIdOf(row.payload);
      return id && this.callIds.has(id) ? "continues" : "silent";
    }
    if (row.type === "visit.started") {
      if (this.startId === null) {
        this.startId = row.id;
        this.lastActivityMs = this.now().getTime();
        return "silent";
      }
      return row.id > this.startId ? "superseded" : "silent";
    }
    if (row.type === "visit.ended") {
      if (this.startId !== null) return row.id > this.startId ? "ended" : "silent";
      // Opened between visits: an idle visit's end recorded late is none of this stream's business.
      // A later tab close is: only a visit under way is closed, so this stream missed its start (it
      // began between reading the visit and joining the broadcaster) and was opened during it.
      const closed = (JSON.parse(row.payload) as { reason?: string }).reason === "tab_closed";
      return closed && row.id > this.markerId ? "ended" : "silent";
    }
    if (row.type === "order.created" || row.type === "cart.updated") this.lastActivityMs = this.now().getTime();
    return "continues";
  }

  /** The visit went idle (no order or cart change for VISIT_IDLE_MS). */
  lapsed(): boolean {
    return this.startId !== null && this.now().getTime() - this.lastActivityMs >= VISIT_IDLE_MS;
  }
}

/** When each of `tableIds` last had a visit end (its newest `visit.ended` event), for those that did. */
export async function lastVisitEnds(db: Db, tableIds: string[]): Promise<Map<string, string>> {
  if (tableIds.length === 0) return new Map();
  const { events } = tablesOf(db);
  const rows = await db
    .select({ tableId: events.tableId, at: max(events.createdAt) })
    .from(events)
    .where(and(inArray(events.tableId, tableIds), eq(events.type, "visit.ended")))
    .groupBy(events.tableId);
  return new Map(rows.flatMap((row) => (row.tableId && row.at ? [[row.tableId, row.at] as const] : [])));
}
