import type { IsoDay } from "../../../contract/restaurant-time";
import { formatCents, parsePriceToCents } from "../../../contract/money";
import type { staffApi as StaffApi } from "../lib/staff-api";

/** What the owner's and the manager's home shows of a branch's day. Money as decimal strings. */
export interface TodayAtBranch {
  orders: number;
  sales: string;
  openTabs: number;
  openTabsTotal: string;
  heldOrders: number;
  openCalls: number;
  unseenOrders: number;
  boardsOnline: number;
  printersOffline: string[];
}

type Reads = Pick<typeof StaffApi, "salesReport" | "openTabs" | "openOrders" | "openCalls" | "kitchenStatus" | "printers">;

/** Today's numbers and what needs staff now, read together (every read is one an owner or manager may make). */
export async function todayAtBranch(api: Reads, branchId: number, day: IsoDay, signal: AbortSignal): Promise<TodayAtBranch> {
  const [sales, tabs, held, calls, kitchen, printers] = await Promise.all([
    api.salesReport(branchId, day, day, { signal }),
    api.openTabs(branchId, { signal }),
    api.openOrders(branchId, ["held"], { signal }),
    api.openCalls(branchId, { signal }),
    api.kitchenStatus(branchId, { signal }),
    api.printers(branchId, { signal }),
  ]);
  const tabsCents = tabs.reduce((sum, tab) => sum + (parsePriceToCents(tab.total) ?? 0), 0);
  return {
    orders: sales.orders,
    sales: sales.total,
    openTabs: tabs.length,
    openTabsTotal: formatCents(tabsCents),
    heldOrders: held.length,
    openCalls: calls.length,
    unseenOrders: kitchen.unseen_orders.length,
    boardsOnline: kitchen.boards.length,
    printersOffline: printers.filter((printer) => printer.status === "offline").map((printer) => printer.name),
  };
}
