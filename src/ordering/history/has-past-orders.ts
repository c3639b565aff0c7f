/**
 * Whether this phone stored an order for a table: the order screen's quick check before it loads
 * "Order again", which reads and checks the orders (order-history.ts) and shows nothing if none is
 * readable. A module of its own so that reading and checking stays out of the order screen's chunk
 * (docs/performance/bundle-budget.md).
 */

/** Where order-history.ts keeps this phone's orders, per table. */
export const HISTORY_KEY = "order.history";

export function hasPastOrders(tableId: string): boolean {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? "null");
    const orders = stored && typeof stored === "object" ? (stored as Record<string, unknown>)[tableId.toLowerCase()] : undefined;
    return Array.isArray(orders) && orders.length > 0;
  } catch {
    return false;
  }
}
