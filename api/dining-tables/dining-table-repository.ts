/** A branch's tables, written (the station service's one transaction each). */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEFAULT_AREA } from "../../contract/form-rules";
import type { DiningTableUpdate } from "../../contract/schemas";
import type { Db } from "../db/database";
import { affectedRows, tablesOf } from "../db/dialect";
import { storedId, type DiningTableRow } from "./dining-table-queries";

export async function insertDiningTable(
  tx: Db,
  values: {
    branchId: number;
    codename: string;
    capacity: number;
    area?: string | undefined;
    positionX?: number | null;
    positionY?: number | null;
  },
  now: Date,
): Promise<DiningTableRow> {
  const { diningTables } = tablesOf(tx);
  const [row] = await tx
    .insert(diningTables)
    .values({ id: randomUUID(), ...values, area: values.area ?? DEFAULT_AREA, createdAt: now.toISOString() })
    .returning();
  return row!;
}

export async function updateDiningTable(tx: Db, id: string, changes: DiningTableUpdate): Promise<DiningTableRow | undefined> {
  const { diningTables } = tablesOf(tx);
  const { position, ...rest } = changes;
  const [row] = await tx
    .update(diningTables)
    .set({
      ...rest,
      ...(position !== undefined && { positionX: position?.x ?? null, positionY: position?.y ?? null }),
    })
    .where(eq(diningTables.id, storedId(id)))
    .returning();
  return row;
}

export async function deleteDiningTable(tx: Db, id: string): Promise<boolean> {
  const { diningTables } = tablesOf(tx);
  return affectedRows(await tx.delete(diningTables).where(eq(diningTables.id, storedId(id)))) > 0;
}
