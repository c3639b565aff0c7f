import { describe, expect, it } from "vitest";
import { VISIT_IDLE_MS, VisitWatch } from "./visit-service";

const TABLE = "table-a";
const row = (id: number, type: string, payload = "{}", tableId: string | null = TABLE, orderId: string | null = null) => ({
  id,
  type,
  tableId,
  orderId,
  payload,
});

describe("VisitWatch", () => {
  it("follows the visit it was opened in: its start is kept back, its end ends the stream, a later visit supersedes it", () => {
    const watch = new VisitWatch(TABLE, () => new Date(0), { startId: 10, lastActivityMs: 0, lapsed: false, markerId: null });
    expect(watch.see(row(10, "visit.started"))).toBe("silent");
    expect(watch.see(row(11, "order.created"))).toBe("continues");
    expect(watch.see(row(12, "visit.ended", "{}", "table-b"))).toBe("continues");
    expect(watch.see(row(13, "visit.started"))).toBe("superseded");
    expect(watch.see(row(14, "visit.ended", '{"reason":"tab_closed"}'))).toBe("ended");
  });

  it("opened between visits: joins the next visit, ignores a late idle end, and ends at a tab close whose start it missed", () => {
    const waiting = () => new VisitWatch(TABLE, () => new Date(0), { startId: null, lastActivityMs: 0, lapsed: true, markerId: 5 });
    const a = waiting();
    expect(a.see(row(20, "visit.ended", '{"reason":"idle"}'))).toBe("silent");
    expect(a.see(row(21, "visit.started"))).toBe("silent");
    expect(a.see(row(22, "visit.ended", '{"reason":"tab_closed"}'))).toBe("ended");
    expect(waiting().see(row(30, "visit.ended", '{"reason":"tab_closed"}'))).toBe("ended");
    expect(waiting().see(row(5, "visit.ended", '{"reason":"tab_closed"}'))).toBe("silent");
  });

  it("sends changes to the visit's own orders only, not to an earlier party's", () => {
    const watch = new VisitWatch(
      TABLE,
      () => new Date(0),
      { startId: 10, lastActivityMs: 0, lapsed: false, markerId: null },
      new Set(["mine"]),
    );
    expect(watch.see(row(11, "order.updated", "{}", TABLE, "mine"))).toBe("continues");
    expect(watch.see(row(12, "order.updated", "{}", TABLE, "last-weeks"))).toBe("silent");
    expect(watch.see(row(13, "order.created", "{}", TABLE, "new"))).toBe("continues");
    expect(watch.see(row(14, "order.updated", "{}", TABLE, "new"))).toBe("continues");
  });

  it("lapses after VISIT_IDLE_MS without an order or a cart change, by the given clock", () => {
    let now = 1_000_000;
    const watch = new VisitWatch(TABLE, () => new Date(now), { startId: 1, lastActivityMs: now, lapsed: false, markerId: null });
    now += VISIT_IDLE_MS - 1;
    expect(watch.lapsed()).toBe(false);
    watch.see(row(2, "cart.updated"));
    now += VISIT_IDLE_MS - 1;
    expect(watch.lapsed()).toBe(false);
    now += 1;
    expect(watch.lapsed()).toBe(true);
  });
});
