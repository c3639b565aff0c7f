/** Table calls ("Call a server", "Ask for the bill") as stored and as the API returns them. */
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { CallKind } from "../../contract/menu";
import type { Call } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";

export type CallRow = Tables["calls"]["$inferSelect"];

/** `tableCodename` null: the table has been deleted since. */
export function toCall(row: CallRow, tableCodename: string | null): Call {
  return {
    id: row.id,
    kind: row.kind,
    station_id: row.tableId,
    station_codename: tableCodename,
    branch_id: row.branchId,
    status: row.status,
    created_at: row.createdAt,
    done_at: row.doneAt,
  };
}

export async function findCall(db: Db, id: string): Promise<CallRow | undefined> {
  const { calls } = tablesOf(db);
  const [row] = await db.select().from(calls).where(eq(calls.id, id)).limit(1);
  return row;
}

/** The open calls of a branch or of one table (`tableId` lower-case), oldest first: the one waiting longest is the first to answer. */
export async function listOpenCalls(db: Db, of: { branchId: number } | { tableId: string }): Promise<CallRow[]> {
  const { calls } = tablesOf(db);
  const whose = "tableId" in of ? eq(calls.tableId, of.tableId) : eq(calls.branchId, of.branchId);
  return db
    .select()
    .from(calls)
    .where(and(whose, eq(calls.status, "open")))
    .orderBy(asc(calls.createdAt), asc(calls.id));
}

/** The table's open call of `kind`: at most one (the partial unique index calls_open_per_kind). */
export async function findOpenCall(db: Db, tableId: string, kind: CallKind): Promise<CallRow | undefined> {
  const { calls } = tablesOf(db);
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.tableId, tableId), eq(calls.kind, kind), eq(calls.status, "open")))
    .limit(1);
  return row;
}

/**
 * When the table may call again: undefined while it has made fewer than `limit` calls after `since`;
 * otherwise the creation time of the `limit`-th newest of them.
 */
export async function callLimitReachedBy(db: Db, tableId: string, since: string, limit: number): Promise<string | undefined> {
  const { calls } = tablesOf(db);
  const [row] = await db
    .select({ createdAt: calls.createdAt })
    .from(calls)
    .where(and(eq(calls.tableId, tableId), gt(calls.createdAt, since)))
    .orderBy(desc(calls.createdAt))
    .limit(1)
    .offset(limit - 1);
  return row?.createdAt;
}

export async function insertCall(tx: Db, row: CallRow): Promise<void> {
  const { calls } = tablesOf(tx);
  await tx.insert(calls).values(row);
}

export async function markCallDone(tx: Db, id: string, doneAt: string): Promise<void> {
  const { calls } = tablesOf(tx);
  await tx.update(calls).set({ status: "done", doneAt }).where(eq(calls.id, id));
}
