/** Closed tabs; the orders on them are the orders module's (orders/tab-order-queries.ts). */
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";

export async function insertTab(tx: Db, tab: Tables["tabs"]["$inferInsert"]): Promise<void> {
  await tx.insert(tablesOf(tx).tabs).values(tab);
}
