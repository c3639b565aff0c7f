import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/schemas";
import { ageTone, applyOrder, atPrepArea, openAtPrepArea, column, formatAge, heldOrders, replaceBoard, type Board } from "./board";

const order = (id: string, status: Order["status"], createdAt = "2025-01-01T12:00:00.000Z", number = 1): Order => ({
  id,
  number,
  status,
  station_id: "s",
  station_codename: "4",
  branch_id: 1,
  lines: [],
  subtotal: "0.00",
  tax: "0.00",
  total: "0.00",
  created_at: createdAt,
  seen_at: null,
  bumped: [],
  estimated_ready_at: null,
});

describe("held orders", () => {
  const kitchenLine = {
    product_id: 1,
    name: "Lumpia",
    quantity: 1,
    unit_price: "9.00",
    options: [],
    line_total: "9.00",
    prep_station: "kitchen" as const,
  };
  const withLine = (o: Order): Order => ({ ...o, lines: [kitchenLine] });

  it("keeps them apart from the prep columns, oldest first, until released or turned down", () => {
    let board = replaceBoard(
      [
        withLine(order("late", "held", "2025-01-01T12:05:00.000Z", 3)),
        withLine(order("early", "held", "2025-01-01T12:01:00.000Z", 2)),
        withLine(order("open", "received")),
      ],
      [],
    );
    expect(heldOrders(board).map((o) => o.id)).toEqual(["early", "late"]);
    expect(column(board, "received", "kitchen").map((o) => o.id)).toEqual(["open"]);
    expect(openAtPrepArea(board, "kitchen").map((o) => o.id)).toEqual(["open"]);

    board = applyOrder(board, {
      ...withLine(order("early", "received", "2025-01-01T12:01:00.000Z", 2)),
      updated_at: "2025-01-01T12:10:00.000Z",
    });
    expect(heldOrders(board).map((o) => o.id)).toEqual(["late"]);
    expect(column(board, "received", "kitchen").map((o) => o.id)).toEqual(["open", "early"]);

    board = applyOrder(board, withLine(order("late", "cancelled", "2025-01-01T12:05:00.000Z", 3)));
    expect(heldOrders(board)).toEqual([]);
  });

  it("never takes a released order back to held from a stale copy", () => {
    const board = { a: order("a", "received") };
    expect(applyOrder(board, order("a", "held"))).toBe(board);
  });
});

describe("applyOrder", () => {
  it("adds new open orders and moves them along", () => {
    let board: Board = {};
    board = applyOrder(board, order("a", "received"));
    expect(board.a?.status).toBe("received");
    board = applyOrder(board, order("a", "preparing"));
    expect(board.a?.status).toBe("preparing");
  });

  it("drops served and cancelled orders", () => {
    const board = applyOrder({ a: order("a", "ready") }, order("a", "served"));
    expect(board).toEqual({});
    expect(applyOrder({ a: order("a", "received") }, order("a", "cancelled"))).toEqual({});
  });

  it("ignores a stale copy that arrives late", () => {
    const board = { a: order("a", "ready") };
    expect(applyOrder(board, order("a", "received"))).toBe(board);
  });

  it("goes by the time of the change when both copies have one: a recalled bump moves an order back", () => {
    const ready = { ...order("a", "ready"), bumped: ["kitchen" as const], updated_at: "2025-01-01T12:05:00.000Z" };
    const recalled = { ...order("a", "preparing"), updated_at: "2025-01-01T12:06:00.000Z" };
    expect(applyOrder({ a: ready }, recalled).a?.status).toBe("preparing");
    expect(applyOrder({ a: recalled }, ready).a?.status).toBe("preparing");
  });
});

describe("replaceBoard", () => {
  it("keeps what the stream said during the fetch", () => {
    const board = replaceBoard(
      [order("a", "received"), order("b", "preparing")],
      [order("a", "ready"), order("b", "served"), order("c", "received")],
    );
    expect(board.a?.status).toBe("ready");
    expect(board.b).toBeUndefined();
    expect(board.c?.status).toBe("received");
  });

  it("does not let an older stream copy undo the list", () => {
    const board = replaceBoard([order("a", "ready")], [order("a", "received")]);
    expect(board.a?.status).toBe("ready");
  });

  it("leaves closed orders out of the list", () => {
    expect(replaceBoard([order("a", "served")], [])).toEqual({});
  });
});

const line = (name: string, prep_station: "kitchen" | "bar") => ({
  product_id: 1,
  name,
  quantity: 1,
  unit_price: "1.00",
  options: [],
  line_total: "1.00",
  prep_station,
});
const mixed = (id: string, status: Order["status"], bumped: Order["bumped"] = []): Order => ({
  ...order(id, status),
  lines: [line("Burger", "kitchen"), line("Beer", "bar")],
  bumped,
});

describe("column", () => {
  it("lists a status oldest first", () => {
    const board: Board = {
      late: { ...order("late", "received", "2025-01-01T12:05:00.000Z", 2), lines: [line("Fries", "kitchen")] },
      early: { ...order("early", "received", "2025-01-01T12:00:00.000Z", 1), lines: [line("Fries", "kitchen")] },
      other: { ...order("other", "ready"), lines: [line("Fries", "kitchen")] },
    };
    expect(column(board, "received", "kitchen").map((o) => o.id)).toEqual(["early", "late"]);
  });

  it("shows a prep area only its orders and its lines, and a bumped order under Ready while the other prep area works", () => {
    const board: Board = { a: mixed("a", "preparing", ["bar"]), food: { ...order("food", "received"), lines: [line("Fries", "kitchen")] } };
    expect(column(board, "preparing", "kitchen").map((o) => o.lines.map((l) => l.name))).toEqual([["Burger"]]);
    expect(column(board, "ready", "bar").map((o) => o.lines.map((l) => l.name))).toEqual([["Beer"]]);
    expect(column(board, "received", "bar")).toEqual([]);
    expect(column(board, "received", "kitchen").map((o) => o.id)).toEqual(["food"]);
    expect(atPrepArea(board.food!, "bar")).toBeUndefined();
  });
});

describe("ageTone", () => {
  const created = "2025-01-01T12:00:00.000Z";
  it("turns amber at 5 minutes and red at 10", () => {
    const at = (minutes: number) => ageTone(created, Date.parse(created) + minutes * 60_000);
    expect([at(0), at(4.9), at(5), at(9.9), at(10), at(45)]).toEqual(["fresh", "fresh", "waiting", "waiting", "late", "late"]);
  });
});

describe("formatAge", () => {
  const created = "2025-01-01T12:00:00.000Z";
  const at = (minutes: number) => Date.parse(created) + minutes * 60_000;
  it("reads like a kitchen timer", () => {
    expect(formatAge(created, at(0.5))).toBe("just now");
    expect(formatAge(created, at(3))).toBe("3 min ago");
    expect(formatAge(created, at(60))).toBe("1 h ago");
    expect(formatAge(created, at(65))).toBe("1 h 5 min ago");
  });
});
