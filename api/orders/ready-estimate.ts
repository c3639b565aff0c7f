/**
 * When an order should be ready, as the diner's phone shows it: the longest of its lines' prep times
 * (the stations work in parallel, and a line's dishes together), plus a few minutes for each order
 * the kitchen already has open. Pure, so the rule is tested on its own; placing an order reads the
 * queue once (order-repository openOrdersAhead).
 */

/** What each open order ahead adds: the cooks finish plates for it before this one's. */
export const MINUTES_PER_ORDER_AHEAD = 2;
/** More open orders than this do not push the estimate further: beyond it a busy kitchen adds hands, and the count is capped where it is read. */
export const MAX_ORDERS_AHEAD = 20;

export function estimateReadyAt(placedAt: Date, linePrepMinutes: readonly number[], ordersAhead: number): Date {
  const longest = linePrepMinutes.reduce((max, minutes) => Math.max(max, minutes), 0);
  const queue = Math.min(Math.max(ordersAhead, 0), MAX_ORDERS_AHEAD) * MINUTES_PER_ORDER_AHEAD;
  return new Date(placedAt.getTime() + (longest + queue) * 60_000);
}
