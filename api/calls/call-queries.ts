/** The calls as other modules read them (the floor plan). Writes are call-service.ts's. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { CallKind } from "../../contract/menu";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

export interface OpenCallOfTable {
  id: string;
  tableId: string;
  kind: CallKind;
  createdAt: string;
}

/** The open calls of `tableIds`, oldest first, in one statement. */
export async function openCallsOfTables(db: Db, tableIds: string[]): Promise<OpenCallOfTable[]> {
  if (tableIds.length === 0) return [];
  const { calls } = tablesOf(db);
  return db
    .select({ id: calls.id, tableId: calls.tableId, kind: calls.kind, createdAt: calls.createdAt })
    .from(calls)
    .where(and(inArray(calls.tableId, tableIds), eq(calls.status, "open")))
    .orderBy(asc(calls.createdAt), asc(calls.id));
}
