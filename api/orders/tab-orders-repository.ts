/**
 * A table's tab is its orders whose `tab_id` is still null; closing it writes a `tabs` row and gives
 * those orders its id. Cancelled orders stay listed on the tab but are never summed.
 */
import { and, asc, eq, inArray, isNull, min, sql } from "drizzle-orm";
import { formatCents, type Totals } from "../../contract/money";
import type { OpenTab, Order } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";
import { withLines } from "../orders/order-repository";

type TabRow = Tables["tabs"]["$inferSelect"];

export interface TabOrders {
  orders: Order[];
  /** The sums of the orders that are not cancelled, in cents. */
  totals: Totals;
}

/** The table's orders since its tab was last closed, oldest first. `stationId` lower-case. */
export async function ordersOnOpenTab(db: Db, stationId: string): Promise<TabOrders> {
  const { orders } = tablesOf(db);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.stationId, stationId), isNull(orders.tabId)))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const totals: Totals = { subtotal: 0, tax: 0, total: 0 };
  for (const row of rows) {
    if (row.status === "cancelled") continue;
    totals.subtotal += row.subtotalCents;
    totals.tax += row.taxCents;
    totals.total += row.totalCents;
  }
  return { orders: await withLines(db, rows), totals };
}

/**
 * Writes the closed tab and puts exactly `orderIds` on it. Only orders still on the open tab move: an
 * order placed meanwhile (not in `orderIds`) stays open and starts the table's next tab.
 */
export async function closeTabWith(tx: Db, tab: TabRow, orderIds: string[]): Promise<void> {
  const { tabs, orders } = tablesOf(tx);
  await tx.insert(tabs).values(tab);
  await tx
    .update(orders)
    .set({ tabId: tab.id })
    .where(and(inArray(orders.id, orderIds), isNull(orders.tabId)));
}

/**
 * One line per table of the branch with orders on its open tab, the longest-open first. Driven from the
 * branch's tables, so each table's open orders come from the orders_station_tab index however many
 * closed orders the branch has; a deleted table's orders are left out, as its tab can't be closed.
 */
export async function listOpenTabs(db: Db, branchId: number): Promise<OpenTab[]> {
  const { orders, stations } = tablesOf(db);
  const openedAt = min(orders.createdAt);
  const rows = await db
    .select({
      stationId: stations.id,
      codename: stations.codename,
      orders: sql<number>`count(*)`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(case when ${orders.status} <> 'cancelled' then ${orders.totalCents} else 0 end), 0)`.mapWith(Number),
      openedAt,
    })
    .from(stations)
    .innerJoin(orders, and(eq(orders.stationId, stations.id), isNull(orders.tabId)))
    .where(eq(stations.branchId, branchId))
    .groupBy(stations.id, stations.codename)
    .orderBy(asc(openedAt), asc(stations.id));
  return rows.map((row) => ({ station_id: row.stationId, station_codename: row.codename, orders: row.orders, total: formatCents(row.totalCents), opened_at: row.openedAt! }));
}
