/** The cash counted in a branch's drawer at the end of its day. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

export async function findCashCount(db: Db, branchId: number, day: string): Promise<number | null> {
  const { cashCounts } = tablesOf(db);
  const [row] = await db
    .select({ counted: cashCounts.countedCents })
    .from(cashCounts)
    .where(and(eq(cashCounts.branchId, branchId), eq(cashCounts.day, day)))
    .limit(1);
  return row?.counted ?? null;
}

/** Sets the day's count (a recount replaces it). */
export async function saveCashCount(
  tx: Db,
  row: { branchId: number; day: string; countedCents: number; countedById: number; countedAt: string },
): Promise<void> {
  const { cashCounts } = tablesOf(tx);
  await tx
    .insert(cashCounts)
    .values(row)
    .onConflictDoUpdate({
      target: [cashCounts.branchId, cashCounts.day],
      set: { countedCents: row.countedCents, countedById: row.countedById, countedAt: row.countedAt },
    });
}
