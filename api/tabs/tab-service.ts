/** A table's tab, read and closed. Payments are recorded, not charged. */
import { randomUUID } from "node:crypto";
import type { PaymentMethod } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { ClosedTab, OpenTab, Tab } from "../../contract/schemas";
import { emptyCart } from "../carts/cart-service";
import { lockInTransaction } from "../db/dialect";
import { conflict, NotFoundError } from "../lib/errors";
import type { ServiceDeps } from "../service-deps";
import { openTabSums, ordersOnOpenTab, putOrdersOnTab, type TabOrders } from "../orders/tab-order-queries";
import { findDiningTable, listDiningTables } from "../dining-tables/dining-table-queries";
import { endVisit } from "../visits/visit-service";
import { enqueueBill } from "../printers/print-job-service";
import { insertTab } from "./tab-repository";

const diningTableMissing = () => new NotFoundError("station_not_found");

type DiningTableRow = NonNullable<Awaited<ReturnType<typeof findDiningTable>>>;

function tabOf(diningTable: DiningTableRow, { orders, totals }: TabOrders): Tab {
  return {
    station_id: diningTable.id,
    station_codename: diningTable.codename,
    branch_id: diningTable.branchId,
    orders,
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
  };
}

/** The table's open tab: its orders since the tab was last closed, with their sums. */
export async function readTab({ database: { db } }: ServiceDeps, tableId: string): Promise<Tab> {
  const diningTable = await findDiningTable(db, tableId);
  if (!diningTable) throw diningTableMissing();
  return tabOf(diningTable, await ordersOnOpenTab(db, diningTable.id));
}

/**
 * One line per table of the branch with orders on its open tab, the longest-open first. A deleted
 * table's orders are left out, as its tab can't be closed.
 */
export async function listOpenTabs({ database: { db } }: ServiceDeps, branchId: number): Promise<OpenTab[]> {
  const codenames = new Map((await listDiningTables(db, branchId)).map((diningTable) => [diningTable.id, diningTable.codename]));
  const sums = await openTabSums(db, [...codenames.keys()]);
  sums.sort((a, b) => a.openedAt.localeCompare(b.openedAt) || a.tableId.localeCompare(b.tableId));
  return sums.map((tab) => ({
    station_id: tab.tableId,
    station_codename: codenames.get(tab.tableId)!,
    orders: tab.orders,
    total: formatCents(tab.totalCents),
    opened_at: tab.openedAt,
  }));
}

/**
 * Closes the table's tab, paid with `paidWith`. Under the table's lock, which placing an order takes
 * too, and the orders move by id: an order placed at the same moment is either on this tab (read
 * before it) or on the next one, never lost between them. Two staff closing at once close it once;
 * the second finds it empty (409 `tab_empty`). The table's shared cart empties with it, and the table's visit ends.
 */
export async function closeTab({ database, clock }: ServiceDeps, tableId: string, paidWith: PaymentMethod): Promise<ClosedTab> {
  const now = clock.now();
  return database.transaction(async (tx) => {
    const diningTable = await findDiningTable(tx, tableId);
    if (!diningTable) throw diningTableMissing();
    await lockInTransaction(tx, "station", diningTable.id);
    const open = await ordersOnOpenTab(tx, diningTable.id);
    if (open.orders.length === 0) throw conflict("tab_empty", "This table has no orders since its tab was last closed.");
    // The party has paid and gone: the next party at this table starts from an empty shared cart.
    await emptyCart(tx, diningTable.id, now);
    const { totals } = open;
    const closed = { id: randomUUID(), paidWith, closedAt: now.toISOString() };
    await insertTab(tx, {
      id: closed.id,
      branchId: diningTable.branchId,
      tableId: diningTable.id,
      paidWith,
      subtotalCents: totals.subtotal,
      taxCents: totals.tax,
      totalCents: totals.total,
      closedAt: closed.closedAt,
    });
    await putOrdersOnTab(
      tx,
      open.orders.map((order) => order.id),
      closed.id,
    );
    await enqueueBill(tx, { ...tabOf(diningTable, open), id: closed.id, paid_with: paidWith, closed_at: closed.closedAt }, now);
    // The party's visit ends: its phones' streams say so and close; the next party starts afresh.
    await endVisit(tx, diningTable, "tab_closed", now);
    return { ...tabOf(diningTable, open), id: closed.id, paid_with: paidWith, closed_at: closed.closedAt };
  });
}
