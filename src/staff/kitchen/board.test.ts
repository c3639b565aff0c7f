import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/schemas";
import { applyOrder, column, formatAge, replaceBoard, type Board } from "./board";

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

describe("column", () => {
  it("lists a status oldest first", () => {
    const board: Board = {
      late: order("late", "received", "2025-01-01T12:05:00.000Z", 2),
      early: order("early", "received", "2025-01-01T12:00:00.000Z", 1),
      other: order("other", "ready"),
    };
    expect(column(board, "received").map((o) => o.id)).toEqual(["early", "late"]);
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
