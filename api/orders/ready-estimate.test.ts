import { describe, expect, it } from "vitest";
import { estimateReadyAt, MAX_ORDERS_AHEAD, MINUTES_PER_ORDER_AHEAD } from "./ready-estimate";

const placed = new Date("2026-11-24T23:30:00.000Z");
const minutesAfter = (date: Date) => (date.getTime() - placed.getTime()) / 60_000;

describe("estimateReadyAt", () => {
  it("is the longest line's prep time when the kitchen has nothing open", () => {
    expect(minutesAfter(estimateReadyAt(placed, [5, 20, 12], 0))).toBe(20);
    expect(minutesAfter(estimateReadyAt(placed, [2], 0))).toBe(2);
  });

  it("adds a few minutes for each open order ahead", () => {
    expect(minutesAfter(estimateReadyAt(placed, [15], 3))).toBe(15 + 3 * MINUTES_PER_ORDER_AHEAD);
    expect(estimateReadyAt(placed, [15], 4).getTime()).toBeGreaterThan(estimateReadyAt(placed, [15], 3).getTime());
  });

  it("stops growing past the cap on orders ahead, and never goes before the order was placed", () => {
    const capped = 10 + MAX_ORDERS_AHEAD * MINUTES_PER_ORDER_AHEAD;
    expect(minutesAfter(estimateReadyAt(placed, [10], MAX_ORDERS_AHEAD))).toBe(capped);
    expect(minutesAfter(estimateReadyAt(placed, [10], MAX_ORDERS_AHEAD + 50))).toBe(capped);
    expect(minutesAfter(estimateReadyAt(placed, [], -3))).toBe(0);
    expect(minutesAfter(estimateReadyAt(placed, [0, 0], 0))).toBe(0);
  });
});
