/**
 * Which events a stream may see, written once and used twice: as SQL for the stream's catch-up after
 * its Last-Event-ID (each clause hits one of the `events` indexes) and as a predicate for the live
 * rows the broadcaster fans out. One definition keeps the two from ever disagreeing, so a resumed
 * stream sends exactly what a stream that never dropped would have sent.
 *
 * A filter is a list of clauses; an event matches when it matches any clause. A clause names one
 * branch, table or order and, optionally, the event types it lets through (none = every type) or
 * those it keeps out.
 */
import { and, eq, inArray, notInArray, or, type SQL } from "drizzle-orm";
import type { Tables } from "../db/database";
import type { EventType } from "./event-log-service";

export type EventClause = { types?: readonly EventType[]; excludeTypes?: readonly EventType[] } & (
  | { branchId: number; tableId?: never; orderId?: never }
  | { tableId: string; branchId?: never; orderId?: never }
  | { orderId: string; branchId?: never; tableId?: never }
);

export type EventFilter = readonly EventClause[];

/** The columns of an event row that filters look at. */
export interface EventKeys {
  type: EventType;
  branchId: number;
  tableId: string | null;
  orderId: string | null;
}

export function matchesFilter(filter: EventFilter, event: EventKeys): boolean {
  for (const clause of filter) {
    if (clause.types && !clause.types.includes(event.type)) continue;
    if (clause.excludeTypes?.includes(event.type)) continue;
    if (keyMatches(clause, event)) return true;
  }
  return false;
}

function keyMatches(clause: EventClause, event: EventKeys): boolean {
  if (clause.branchId !== undefined) return clause.branchId === event.branchId;
  if (clause.tableId !== undefined) return clause.tableId === event.tableId;
  return clause.orderId === event.orderId;
}

function clauseSql(events: Tables["events"], clause: EventClause): SQL | undefined {
  const key =
    clause.branchId !== undefined
      ? eq(events.branchId, clause.branchId)
      : clause.tableId !== undefined
        ? eq(events.tableId, clause.tableId)
        : eq(events.orderId, clause.orderId);
  const excluded = clause.excludeTypes?.length ? notInArray(events.type, [...clause.excludeTypes]) : undefined;
  if (!clause.types) return excluded ? and(key, excluded) : key;
  return and(key, clause.types.length === 1 ? eq(events.type, clause.types[0]!) : inArray(events.type, [...clause.types]), excluded);
}

/** The filter as a condition on `events` (the running dialect's table: `tablesOf(db).events`). */
export function filterSql(events: Tables["events"], filter: EventFilter): SQL | undefined {
  return filter.length === 1 ? clauseSql(events, filter[0]!) : or(...filter.map((clause) => clauseSql(events, clause)));
}
