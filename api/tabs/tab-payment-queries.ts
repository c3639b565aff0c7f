/** How closed tabs were paid: what the reports read of the tabs' table. */
import { and, eq, gte } from "drizzle-orm";
import type { PaymentMethod } from "../../contract/menu";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

/** How each of the branch's tabs closed since `closedFrom` was paid, by tab id. */
export async function tabPayments(db: Db, branchId: number, closedFrom: string): Promise<Map<string, PaymentMethod>> {
  const { tabs } = tablesOf(db);
  const rows = await db
    .select({ id: tabs.id, paidWith: tabs.paidWith })
    .from(tabs)
    .where(and(eq(tabs.branchId, branchId), gte(tabs.closedAt, closedFrom)));
  return new Map(rows.map((row) => [row.id, row.paidWith]));
}
