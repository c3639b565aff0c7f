/**
 * The orders side of a table's tab (api/tabs): its open tab is its orders whose `tab_id` is still
 * null; closing the tab gives those orders the closed tab's id. Cancelled orders, and held ones until
 * staff release them, stay listed on the tab but are not summed.
 */
import { and, asc, eq, inArray, isNull, min, sql } from "drizzle-orm";
import type { Totals } from "../../contract/money";
import type { Order } from "../../contract/schemas";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";
import { withLines } from "./order-queries";

export interface TabOrders {
  orders: Order[];
  /** The sums of the orders that are neither cancelled nor held, in cents. */
  totals: Totals;
}

/** The table's orders since its tab was last closed, oldest first. `tableId` lower-case. */
export async function ordersOnOpenTab(db: Db, tableId: string): Promise<TabOrders> {
  const { orders } = tablesOf(db);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tableId, tableId), isNull(orders.tabId)))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const totals: Totals = { subtotal: 0, tax: 0, total: 0 };
  for (const row of rows) {
    if (row.status === "cancelled" || row.status === "held") continue;
    totals.subtotal += row.subtotalCents;
    totals.tax += row.taxCents;
    totals.total += row.totalCents;
  }
  return { orders: await withLines(db, rows), totals };
}

/**
 * Puts exactly `orderIds` on the closed tab `tabId`. Only orders still on the open tab move: an order
 * placed meanwhile (not in `orderIds`) stays open and starts the table's next tab.
 */
export async function putOrdersOnTab(tx: Db, orderIds: string[], tabId: string): Promise<void> {
  const { orders } = tablesOf(tx);
  await tx
    .update(orders)
    .set({ tabId })
    .where(and(inArray(orders.id, orderIds), isNull(orders.tabId)));
}

/** A table's open tab in sums: its orders, their total (cancelled and held ones not summed), the first one's time. */
export interface OpenTabSums {
  tableId: string;
  orders: number;
  totalCents: number;
  openedAt: string;
}

/**
 * The sums of each of `tableIds` that has orders on its open tab. Each table's open orders come
 * from the orders_station_tab index, however many closed orders the branch has.
 */
export async function openTabSums(db: Db, tableIds: string[]): Promise<OpenTabSums[]> {
  if (tableIds.length === 0) return [];
  const { orders } = tablesOf(db);
  const rows = await db
    .select({
      tableId: orders.tableId,
      orders: sql<number>`count(*)`.mapWith(Number),
      totalCents:
        sql<number>`coalesce(sum(case when ${orders.status} not in ('cancelled', 'held') then ${orders.totalCents} else 0 end), 0)`.mapWith(
          Number,
        ),
      openedAt: min(orders.createdAt),
    })
    .from(orders)
    .where(and(inArray(orders.tableId, tableIds), isNull(orders.tabId)))
    .groupBy(orders.tableId);
  return rows.map((row) => ({ ...row, openedAt: row.openedAt! }));
}

/** What the floor plan reads of an order on a table's open tab (api/dining-tables/floor-state.ts). */
export interface OpenTabOrderState {
  tableId: string;
  status: Order["status"];
  createdAt: string;
  updatedAt: string;
  /** When a held order was released or turned down; null otherwise. */
  heldUntil: string | null;
  totalCents: number;
}

/** The orders on the open tabs of `tableIds`, in one statement (the orders_station_tab index). */
export async function openTabOrderStates(db: Db, tableIds: string[]): Promise<OpenTabOrderState[]> {
  if (tableIds.length === 0) return [];
  const { orders } = tablesOf(db);
  return db
    .select({
      tableId: orders.tableId,
      status: orders.status,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      heldUntil: orders.heldUntil,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(inArray(orders.tableId, tableIds), isNull(orders.tabId)));
}

/** The orders a closed tab holds, oldest first. */
export async function ordersOnClosedTab(db: Db, tabId: string): Promise<Order[]> {
  const { orders } = tablesOf(db);
  const rows = await db.select().from(orders).where(eq(orders.tabId, tabId)).orderBy(asc(orders.createdAt), asc(orders.number));
  return withLines(db, rows);
}

/** An order's table and tab (null: on its table's open tab), for finding a check by its id. */
export async function orderTabOf(
  db: Db,
  orderId: string,
): Promise<{ tableId: string; branchId: number; tabId: string | null; createdAt: string } | undefined> {
  const { orders } = tablesOf(db);
  const [row] = await db
    .select({ tableId: orders.tableId, branchId: orders.branchId, tabId: orders.tabId, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}
