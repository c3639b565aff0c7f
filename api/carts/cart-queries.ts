/** The shared carts as other modules read them (the floor plan). Writes are cart-service.ts's. */
import { and, eq, inArray, max, min } from "drizzle-orm";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

export interface OpenCartOfTable {
  tableId: string;
  /** When the oldest line still in the cart was added. */
  firstAddedAt: string;
  /** The cart's last change of an open line. */
  lastChangedAt: string;
}

/** The tables of `tableIds` whose shared cart holds lines not yet sent, in one statement. */
export async function openCartsOfTables(db: Db, tableIds: string[]): Promise<OpenCartOfTable[]> {
  if (tableIds.length === 0) return [];
  const { cartLines } = tablesOf(db);
  const rows = await db
    .select({ tableId: cartLines.tableId, firstAddedAt: min(cartLines.addedAt), lastChangedAt: max(cartLines.updatedAt) })
    .from(cartLines)
    .where(and(inArray(cartLines.tableId, tableIds), eq(cartLines.status, "open")))
    .groupBy(cartLines.tableId);
  return rows.map((row) => ({ tableId: row.tableId, firstAddedAt: row.firstAddedAt!, lastChangedAt: row.lastChangedAt! }));
}
