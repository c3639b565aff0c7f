/** Table calls ("Call a server", "Ask for the bill") as stored and as the API returns them. */
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { CallKind } from "../../contract/menu";
import type { Call } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";

type CallRow = Tables["calls"]["$inferSelect"];

export function toCall(row: CallRow, stationCodename: string | null): Call {
  return {
    id: row.id,
    kind: row.kind,
    station_id: row.stationId,
    station_codename: stationCodename,
    branch_id: row.branchId,
    status: row.status,
    created_at: row.createdAt,
    done_at: row.doneAt,
  };
}

/** The calls with their table's codename (null once the table is deleted), oldest first. */
async function callsWhere(db: Db, where: ReturnType<typeof and>): Promise<Call[]> {
  const { calls, stations } = tablesOf(db);
  const rows = await db
    .select({ call: calls, codename: stations.codename })
    .from(calls)
    .leftJoin(stations, eq(stations.id, calls.stationId))
    .where(where)
    .orderBy(asc(calls.createdAt), asc(calls.id));
  return rows.map((row) => toCall(row.call, row.codename));
}

export async function findCall(db: Db, id: string): Promise<Call | undefined> {
  const { calls } = tablesOf(db);
  return (await callsWhere(db, eq(calls.id, id)))[0];
}

/** The branch's open calls, oldest first: the one waiting longest is the first to answer. */
export function listOpenCalls(db: Db, branchId: number): Promise<Call[]> {
  const { calls } = tablesOf(db);
  return callsWhere(db, and(eq(calls.branchId, branchId), eq(calls.status, "open")));
}

/** `stationId` lower-case, as stations are stored. */
export function listStationOpenCalls(db: Db, stationId: string): Promise<Call[]> {
  const { calls } = tablesOf(db);
  return callsWhere(db, and(eq(calls.stationId, stationId), eq(calls.status, "open")));
}

/** The table's open call of `kind`: at most one (the partial unique index calls_open_per_kind). */
export async function findOpenCall(db: Db, stationId: string, kind: CallKind): Promise<CallRow | undefined> {
  const { calls } = tablesOf(db);
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.stationId, stationId), eq(calls.kind, kind), eq(calls.status, "open")))
    .limit(1);
  return row;
}

/**
 * When the table may call again: undefined while it has made fewer than `limit` calls after `since`;
 * otherwise the creation time of the `limit`-th newest of them.
 */
export async function callLimitReachedBy(db: Db, stationId: string, since: string, limit: number): Promise<string | undefined> {
  const { calls } = tablesOf(db);
  const [row] = await db
    .select({ createdAt: calls.createdAt })
    .from(calls)
    .where(and(eq(calls.stationId, stationId), gt(calls.createdAt, since)))
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
