import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { events } from "../db/schema";
import { EVENT_RETENTION_MS, pruneEvents } from "./event-log";

describe("pruneEvents", () => {
  it("deletes only events older than the retention window", () => {
    const { db, close } = openDatabase(":memory:");
    const now = new Date("2026-11-21T12:00:00Z");
    const at = (ageMs: number) => new Date(now.getTime() - ageMs).toISOString();
    db.insert(events)
      .values([
        { branchId: 1, type: "order.created", payload: "{}", createdAt: at(EVENT_RETENTION_MS + 1000) },
        { branchId: 1, type: "order.updated", payload: "{}", createdAt: at(EVENT_RETENTION_MS - 1000) },
        { branchId: 2, type: "product.updated", payload: "{}", createdAt: at(0) },
      ])
      .run();
    expect(pruneEvents(db, now)).toBe(1);
    expect(db.select({ type: events.type }).from(events).all().map((e) => e.type)).toEqual(["order.updated", "product.updated"]);
    close();
  });
});
