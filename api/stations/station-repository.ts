/** A branch's tables, written (the station service's one transaction each). */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DiningTable, DiningTableUpdate } from "../../contract/schemas";
import type { Db } from "../db/database";
import { affectedRows, tablesOf } from "../db/dialect";
import { storedId, toStation } from "./station-queries";

export async function insertStation(tx: Db, branchId: number, codename: string, capacity: number): Promise<DiningTable> {
  const { stations } = tablesOf(tx);
  const [row] = await tx
    .insert(stations)
    .values({ id: randomUUID(), branchId, codename, capacity, createdAt: new Date().toISOString() })
    .returning();
  return toStation(row!);
}

export async function updateDiningTable(tx: Db, id: string, changes: DiningTableUpdate): Promise<DiningTable | undefined> {
  const { stations } = tablesOf(tx);
  const [row] = await tx
    .update(stations)
    .set(changes)
    .where(eq(stations.id, storedId(id)))
    .returning();
  return row && toStation(row);
}

export async function deleteDiningTable(tx: Db, id: string): Promise<boolean> {
  const { stations } = tablesOf(tx);
  return affectedRows(await tx.delete(stations).where(eq(stations.id, storedId(id)))) > 0;
}
