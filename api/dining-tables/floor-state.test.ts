import { describe, expect, it } from "vitest";
import { floorStateOf, type FloorFacts } from "./floor-state";

const clock = { now: new Date("2026-11-27T20:00:00.000Z"), visitIdleMs: 3 * 3_600_000 };
const at = (minutesAgo: number) => new Date(clock.now.getTime() - minutesAgo * 60_000).toISOString();
const facts = (more: Partial<FloorFacts> = {}): FloorFacts => ({
  tableCreatedAt: at(10_000),
  orders: [],
  check: null,
  calls: [],
  cart: null,
  lastVisitEndedAt: null,
  ...more,
});
const order = (status: FloorFacts["orders"][number]["status"], createdMinutesAgo: number, updatedMinutesAgo = createdMinutesAgo) => ({
  status,
  createdAt: at(createdMinutesAgo),
  updatedAt: at(updatedMinutesAgo),
  heldUntil: null,
});
/** The open check's sums as the check settled them (a comp and a payment already taken off). */
const check = { totalCents: 2260, balanceCents: 1000 };

describe("a table's state on the floor plan", () => {
  it("is free since its last visit ended, or since it was added", () => {
    expect(floorStateOf(facts(), clock)).toEqual({
      status: "free",
      since: at(10_000),
      open_calls: [],
      held_orders: 0,
      tab_total: "0.00",
      tab_balance: "0.00",
    });
    expect(floorStateOf(facts({ lastVisitEndedAt: at(30) }), clock).since).toBe(at(30));
  });

  it("is ordering while the cart has lines, since the first; a cart idle past the visit's limit is a visit over", () => {
    expect(floorStateOf(facts({ cart: { firstAddedAt: at(12), lastChangedAt: at(2) } }), clock)).toMatchObject({
      status: "ordering",
      since: at(12),
    });
    const idle = floorStateOf(facts({ cart: { firstAddedAt: at(300), lastChangedAt: at(200) } }), clock);
    expect(idle).toMatchObject({ status: "free", since: at(20) });
  });

  it("is in the kitchen since the oldest order waiting, ready since the first became ready, served since the last was served", () => {
    expect(floorStateOf(facts({ orders: [order("received", 5), order("preparing", 9)], check }), clock)).toMatchObject({
      status: "in_kitchen",
      since: at(9),
      tab_total: "22.60",
      tab_balance: "10.00",
    });
    expect(floorStateOf(facts({ orders: [order("ready", 20, 4), order("received", 2), order("ready", 15, 6)] }), clock)).toMatchObject({
      status: "ready",
      since: at(6),
    });
    expect(
      floorStateOf(facts({ orders: [order("served", 40, 30), order("served", 20, 10), order("cancelled", 5)], check }), clock),
    ).toMatchObject({ status: "served", since: at(10), tab_total: "22.60", tab_balance: "10.00" });
  });

  it("counts held orders apart, and a table with only held orders is still ordering", () => {
    const state = floorStateOf(facts({ orders: [order("held", 3, 3)], check: { totalCents: 0, balanceCents: 0 } }), clock);
    expect(state).toEqual({ status: "ordering", since: at(3), open_calls: [], held_orders: 1, tab_total: "0.00", tab_balance: "0.00" });
    const released = { ...order("received", 3), heldUntil: at(1) };
    expect(floorStateOf(facts({ orders: [released] }), clock)).toMatchObject({ status: "in_kitchen", since: at(1), held_orders: 0 });
  });

  it("is bill requested while a bill call is open, whatever the kitchen is doing; open calls are listed", () => {
    const calls = [
      { id: "a", kind: "server" as const, createdAt: at(8) },
      { id: "b", kind: "bill" as const, createdAt: at(3) },
    ];
    expect(floorStateOf(facts({ calls, orders: [order("ready", 10, 5)], check: { totalCents: 1130, balanceCents: 1130 } }), clock)).toEqual(
      {
        status: "bill_requested",
        since: at(3),
        open_calls: [
          { id: "a", kind: "server" },
          { id: "b", kind: "bill" },
        ],
        held_orders: 0,
        tab_total: "11.30",
        tab_balance: "11.30",
      },
    );
    expect(floorStateOf(facts({ calls: calls.slice(0, 1) }), clock)).toMatchObject({
      status: "free",
      open_calls: [{ id: "a", kind: "server" }],
    });
  });

  it("a tab of cancelled orders only is free", () => {
    expect(floorStateOf(facts({ orders: [order("cancelled", 10, 4)] }), clock)).toMatchObject({
      status: "free",
      since: at(4),
      tab_total: "0.00",
    });
  });
});
