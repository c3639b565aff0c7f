/** A branch's tables, written (the station service's one transaction each). */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DiningTable, DiningTableUpdate } from "../../contract/schemas";
import type { Db } from "../db/database";
import { affectedRows, tablesOf } from "../db/dialect";
import { storedId, toDiningTable } from "./dining-table-queries";

export async function insertDiningTable(tx: Db, branchId: number, codename: string, capacity: number): Promise<DiningTable> {
  const { diningTables } = tablesOf(tx);
  const [row] = await tx
    .insert(diningTables)
    .values({ id: randomUUID(), branchId, codename, capacity, createdAt: new Date().toISOString() })
    .returning();
  return toDiningTable(row!);
}

export async function updateDiningTable(tx: Db, id: string, changes: DiningTableUpdate): Promise<DiningTable | undefined> {
  const { diningTables } = tablesOf(tx);
  const [row] = await tx
    .update(diningTables)
    .set(changes)
    .where(eq(diningTables.id, storedId(id)))
    .returning();
  return row && toDiningTable(row);
}

export async function deleteDiningTable(tx: Db, id: string): Promise<boolean> {
  const { diningTables } = tablesOf(tx);
  return affectedRows(await tx.delete(diningTables).where(eq(diningTables.id, storedId(id)))) > 0;
}
