/** The branch's open tabs at a glance; each table's check is check-service.ts's. */
import { formatCents } from "../../contract/money";
import type { OpenTab } from "../../contract/schemas";
import type { ServiceDeps } from "../service-deps";
import { openTabOrders } from "../orders/tab-order-queries";
import { listDiningTables } from "../dining-tables/dining-table-queries";
import { openCheckSums } from "./check-service";

/**
 * One line per table of the branch with orders on its open tab, the longest-open first, with the
 * check's total and balance. A deleted table's orders are left out, as its tab can't be closed.
 */
export async function listOpenTabs({ database: { db } }: ServiceDeps, branchId: number): Promise<OpenTab[]> {
  const codenames = new Map((await listDiningTables(db, branchId)).map((diningTable) => [diningTable.id, diningTable.codename]));
  const sums = [...(await openCheckSums(db, await openTabOrders(db, [...codenames.keys()]))).values()];
  sums.sort((a, b) => a.openedAt.localeCompare(b.openedAt) || a.tableId.localeCompare(b.tableId));
  return sums.map((tab) => ({
    station_id: tab.tableId,
    station_codename: codenames.get(tab.tableId)!,
    orders: tab.orders,
    total: formatCents(tab.totalCents),
    balance: formatCents(tab.balanceCents),
    opened_at: tab.openedAt,
  }));
}
