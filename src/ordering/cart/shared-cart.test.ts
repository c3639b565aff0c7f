import { describe, expect, it } from "vitest";
import type { TableCart } from "../../../contract/schemas";
import { dropAnswered, dropExpired, localView, nextBatch, nextStamp, OPS_PER_REQUEST, sameLines, type PendingOp } from "./shared-cart";

const ME = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const line = (id: string, quantity = 1): TableCart["lines"][number] => ({
  line_id: id,
  phone_id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
  phone_name: "Phone 1",
  product_id: 7,
  name: "Nachos",
  quantity,
  options: [{ id: 201, name: "Pork Belly", price: "3.00" }],
  unit_price: "14.99",
  line_total: "14.99",
  available: true,
  changed_at: "2030-01-01T12:00:00.000Z",
});
const at = "2030-01-01T12:00:01.000Z";
const add = (id: string): PendingOp => ({
  type: "add_line",
  op_id: `op-${id}`,
  at,
  line_id: id,
  product_id: 9,
  quantity: 1,
  options: [],
  display: { name: "Red Horse", description: "", price: "6.50", customizedPrice: "6.50", options: [] },
});

describe("the stamp rule", () => {
  it("is the phone's clock, unless it has seen a later stamp: then just after that one", () => {
    const now = Date.parse("2030-01-01T12:00:00.000Z");
    expect(nextStamp(now, null)).toBe("2030-01-01T12:00:00.000Z");
    expect(nextStamp(now, "2029-12-31T23:00:00.000Z")).toBe("2030-01-01T12:00:00.000Z");
    expect(nextStamp(now, "2030-01-01T12:00:00.000Z")).toBe("2030-01-01T12:00:00.001Z");
    expect(nextStamp(now, "2030-01-01T13:00:00.000Z")).toBe("2030-01-01T13:00:00.001Z");
    expect(nextStamp(now, "garbage")).toBe("2030-01-01T12:00:00.000Z");
  });
});

describe("the local view: the server's cart with this phone's pending operations on top", () => {
  it("adds, changes and removes in order, shows who added what, and never shows an add the server already has twice", () => {
    const server = { lines: [line("L1", 2), line("L2")] };
    const pending: PendingOp[] = [
      add("L3"),
      { type: "set_quantity", op_id: "q", at, line_id: "L1", quantity: 5 },
      { type: "remove_line", op_id: "r", at, line_id: "L2" },
      { type: "set_quantity", op_id: "gone", at, line_id: "not-here", quantity: 3 },
      { type: "set_name", op_id: "n", at, name: "Ana" },
    ];
    const view = localView(server, pending, ME);
    expect(view.map((l) => [l.lineId, l.name, l.quantity, l.phoneName, l.customizedPrice])).toEqual([
      ["L1", "Nachos", 5, "Phone 1", "14.99"],
      ["L3", "Red Horse", 1, "", "6.50"],
    ]);
    // The server's line keeps its option and its base price (unit price less the options).
    expect(view[0]).toMatchObject({ price: "11.99", selectedCustomizations: { 201: { name: "Pork Belly" } } });
    expect(localView({ lines: [line("L3")] }, [add("L3")], ME).map((l) => l.lineId)).toEqual(["L3"]);
    expect(localView(null, [], ME)).toEqual([]);
  });
});

describe("the queue", () => {
  it("sends at most 50 operations a request, in order, without what only the phone needs", () => {
    const pending = Array.from({ length: 60 }, (_, i) => add(`L${i}`));
    const batch = nextBatch(pending);
    expect(batch).toHaveLength(OPS_PER_REQUEST);
    expect(batch[0]).not.toHaveProperty("display");
    expect(batch.map((op) => op.op_id)).toEqual(pending.slice(0, 50).map((op) => op.op_id));
  });

  it("drops exactly the operations an answer names, whatever their result; and operations older than the server remembers", () => {
    const pending = [add("A"), add("B"), add("C")];
    expect(dropAnswered(pending, [{ op_id: "op-A" }, { op_id: "op-C" }]).map((op) => op.op_id)).toEqual(["op-B"]);
    const now = Date.parse(at) + 25 * 3_600_000;
    expect(dropExpired([add("A"), { ...add("B"), at: new Date(now - 1_000).toISOString() }], now).map((op) => op.op_id)).toEqual(["op-B"]);
  });

  it("submits the server's version only when its cart is what the diner saw", () => {
    const cart = { lines: [line("L1", 2), line("L2")] };
    expect(
      sameLines(cart, [
        { lineId: "L2", quantity: 1 },
        { lineId: "L1", quantity: 2 },
      ]),
    ).toBe(true);
    expect(sameLines(cart, [{ lineId: "L1", quantity: 2 }])).toBe(false);
    expect(
      sameLines(cart, [
        { lineId: "L1", quantity: 3 },
        { lineId: "L2", quantity: 1 },
      ]),
    ).toBe(false);
  });
});
