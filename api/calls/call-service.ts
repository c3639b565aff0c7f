/** A table calling staff, and staff answering: each one transaction with its live event. */
import { randomUUID } from "node:crypto";
import type { CallKind } from "../../contract/menu";
import type { Call } from "../../contract/schemas";
import { lockInTransaction } from "../db/dialect";
import { recordEvent } from "../events/event-log-service";
import { NotFoundError, RetryLaterError } from "../lib/errors";
import type { ServiceDeps } from "../service-deps";
import { findDiningTable, listDiningTables } from "../dining-tables/dining-table-queries";
import { callLimitReachedBy, findCall, findOpenCall, insertCall, listOpenCalls, markCallDone, toCall } from "./call-repository";

/**
 * Calls a table may make in TABLE_CALL_WINDOW_MS. Far above what a table needs (a call stays open,
 * and tapping again answers the open one, until staff mark it done), low enough that a prank cannot
 * keep every staff screen chiming all night.
 */
export const TABLE_CALL_LIMIT = 10;
export const TABLE_CALL_WINDOW_MS = 10 * 60_000;

/** 429 (with `Retry-After`) for a table at its call limit. */
export class TableCallLimitError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      "rate_limited",
      "This table has called staff many times in the last few minutes. Please wait a moment, or wave to a server.",
      retryAfterSeconds,
    );
  }
}

const diningTableMissing = () => new NotFoundError("station_not_found");

/** The branch's open calls, each with its table's codename, oldest first. */
export async function branchOpenCalls({ database: { db } }: ServiceDeps, branchId: number): Promise<Call[]> {
  const codenames = new Map((await listDiningTables(db, branchId)).map((diningTable) => [diningTable.id, diningTable.codename]));
  return (await listOpenCalls(db, { branchId })).map((row) => toCall(row, codenames.get(row.tableId) ?? null));
}

/** The table's open calls, oldest first. */
export async function tableOpenCalls({ database: { db } }: ServiceDeps, tableId: string): Promise<Call[]> {
  const diningTable = await findDiningTable(db, tableId);
  if (!diningTable) throw diningTableMissing();
  return (await listOpenCalls(db, { tableId: diningTable.id })).map((row) => toCall(row, diningTable.codename));
}

/**
 * The table's open call of `kind`, made now unless one is open already (`created` false). Under the
 * table's lock, so two phones tapping at once make one call: the second waits, then finds the first
 * one's call (the partial unique index would refuse a second open call anyway).
 */
export async function callStaff(
  { database, clock }: ServiceDeps,
  tableId: string,
  kind: CallKind,
): Promise<{ call: Call; created: boolean }> {
  const now = clock.now();
  return database.transaction(async (tx) => {
    const diningTable = await findDiningTable(tx, tableId);
    if (!diningTable) throw diningTableMissing();
    // Per table, never per address: every diner in the restaurant shares one Wi-Fi address.
    await lockInTransaction(tx, "station", diningTable.id);
    const open = await findOpenCall(tx, diningTable.id, kind);
    if (open) return { call: toCall(open, diningTable.codename), created: false };

    const since = new Date(now.getTime() - TABLE_CALL_WINDOW_MS).toISOString();
    const blocking = await callLimitReachedBy(tx, diningTable.id, since, TABLE_CALL_LIMIT);
    if (blocking !== undefined) {
      const waitMs = Math.min(Date.parse(blocking) + TABLE_CALL_WINDOW_MS - now.getTime(), TABLE_CALL_WINDOW_MS);
      throw new TableCallLimitError(Math.max(1, Math.ceil(waitMs / 1000)));
    }

    const row = {
      id: randomUUID(),
      branchId: diningTable.branchId,
      tableId: diningTable.id,
      kind,
      status: "open" as const,
      createdAt: now.toISOString(),
      doneAt: null,
    };
    await insertCall(tx, row);
    const call = toCall(row, diningTable.codename);
    await recordEvent(tx, { branchId: call.branch_id, type: "call.created", tableId: call.station_id, payload: call }, now);
    return { call, created: true };
  });
}

/**
 * Staff on their way: the call is done, staff screens drop it and the table's phones hear it. Done
 * twice (two servers tapping at once) is done once: the second gets the call as it is, and no event.
 */
export async function finishCall({ database, clock }: ServiceDeps, id: string): Promise<Call> {
  const now = clock.now();
  return database.transaction(async (tx) => {
    const found = await findCall(tx, id);
    if (!found) throw new NotFoundError("call_not_found");
    await lockInTransaction(tx, "station", found.tableId);
    // Read again under the lock: another server may have just answered it.
    const current = toCall((await findCall(tx, id))!, (await findDiningTable(tx, found.tableId))?.codename ?? null);
    if (current.status === "done") return current;
    const doneAt = now.toISOString();
    await markCallDone(tx, id, doneAt);
    const done: Call = { ...current, status: "done", done_at: doneAt };
    await recordEvent(tx, { branchId: done.branch_id, type: "call.updated", tableId: done.station_id, payload: done }, now);
    return done;
  });
}
