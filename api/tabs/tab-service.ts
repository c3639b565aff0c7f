/** A table's tab, read and closed. Payments are recorded, not charged. */
import { randomUUID } from "node:crypto";
import type { PaymentMethod } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { ClosedTab, OpenTab, Tab } from "../../contract/schemas";
import { emptyCart } from "../carts/cart-service";
import { lockInTransaction } from "../db/dialect";
import { conflict, notFound } from "../lib/errors";
import type { ServiceDeps } from "../service-deps";
import { openTabSums, ordersOnOpenTab, putOrdersOnTab, type TabOrders } from "../orders/tab-order-queries";
import { findStation, listStations } from "../stations/station-queries";
import { endVisit } from "../visits/visit-service";
import { insertTab } from "./tab-repository";

const stationMissing = () => notFound("station_not_found", "There is no such station.");

type StationRow = NonNullable<Awaited<ReturnType<typeof findStation>>>;

function tabOf(station: StationRow, { orders, totals }: TabOrders): Tab {
  return {
    station_id: station.id,
    station_codename: station.codename,
    branch_id: station.branchId,
    orders,
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
  };
}

/** The table's open tab: its orders since the tab was last closed, with their sums. */
export async function readTab({ database: { db } }: ServiceDeps, stationId: string): Promise<Tab> {
  const station = await findStation(db, stationId);
  if (!station) throw stationMissing();
  return tabOf(station, await ordersOnOpenTab(db, station.id));
}

/**
 * One line per table of the branch with orders on its open tab, the longest-open first. A deleted
 * table's orders are left out, as its tab can't be closed.
 */
export async function listOpenTabs({ database: { db } }: ServiceDeps, branchId: number): Promise<OpenTab[]> {
  const codenames = new Map((await listStations(db, branchId)).map((station) => [station.id, station.codename]));
  const sums = await openTabSums(db, [...codenames.keys()]);
  sums.sort((a, b) => a.openedAt.localeCompare(b.openedAt) || a.stationId.localeCompare(b.stationId));
  return sums.map((tab) => ({
    station_id: tab.stationId,
    station_codename: codenames.get(tab.stationId)!,
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
export async function closeTab({ database, clock }: ServiceDeps, stationId: string, paidWith: PaymentMethod): Promise<ClosedTab> {
  const now = clock.now();
  return database.transaction(async (tx) => {
    const station = await findStation(tx, stationId);
    if (!station) throw stationMissing();
    await lockInTransaction(tx, "station", station.id);
    const open = await ordersOnOpenTab(tx, station.id);
    if (open.orders.length === 0) throw conflict("tab_empty", "This table has no orders since its tab was last closed.");
    // The party has paid and gone: the next party at this table starts from an empty shared cart.
    await emptyCart(tx, station.id, now);
    const { totals } = open;
    const closed = { id: randomUUID(), paidWith, closedAt: now.toISOString() };
    await insertTab(tx, {
      id: closed.id,
      branchId: station.branchId,
      stationId: station.id,
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
    // The party's visit ends: its phones' streams say so and close; the next party starts afresh.
    await endVisit(tx, station, "tab_closed");
    return { ...tabOf(station, open), id: closed.id, paid_with: paidWith, closed_at: closed.closedAt };
  });
}
