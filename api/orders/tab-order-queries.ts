/**
 * The orders side of a table's tab (api/tabs): its open tab is its orders whose `tab_id` is still
 * null; closing the tab gives those orders the closed tab's id. Cancelled orders, and held ones until
 * staff release them, stay listed on the tab but are not summed.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
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

/** An order on a table's open tab as the floor plan and the open checks' sums read it: what they count, no names. */
export interface OpenTabOrder {
  id: string;
  tableId: string;
  status: Order["status"];
  createdAt: string;
  updatedAt: string;
  /** When a held order was released or turned down; null otherwise. */
  heldUntil: string | null;
  /** Its lines' totals in cents, in the order's own order of lines. */
  lines: { lineTotalCents: number }[];
}

/**
 * The orders on the open tabs of `tableIds`, oldest first as a check lists them, each with its lines'
 * totals: one statement (the orders_station_tab index, then each order's lines by their key).
 */
export async function openTabOrders(db: Db, tableIds: readonly string[]): Promise<OpenTabOrder[]> {
  if (tableIds.length === 0) return [];
  const { orders, orderLines } = tablesOf(db);
  const rows = await db
    .select({
      id: orders.id,
      tableId: orders.tableId,
      status: orders.status,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      heldUntil: orders.heldUntil,
      lineTotalCents: orderLines.lineTotalCents,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(inArray(orders.tableId, [...tableIds]), isNull(orders.tabId)))
    .orderBy(asc(orders.createdAt), asc(orders.number), asc(orderLines.position));
  const byId = new Map<string, OpenTabOrder>();
  for (const { lineTotalCents, ...order } of rows) {
    let listed = byId.get(order.id);
    if (!listed) byId.set(order.id, (listed = { ...order, lines: [] }));
    if (lineTotalCents !== null) listed.lines.push({ lineTotalCents });
  }
  return [...byId.values()];
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
