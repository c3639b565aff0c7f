import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { EVENT_RETENTION_MS, pruneEvents } from "./event-log-service";

describe("pruneEvents", () => {
  it("deletes only events older than the retention window", async () => {
    const database = await openDatabase({ path: ":memory:" });
    const { events } = database.tables;
    const now = new Date("2026-11-21T12:00:00Z");
    const at = (ageMs: number) => new Date(now.getTime() - ageMs).toISOString();
    await database.transaction(async (tx) => {
      await tx.insert(events).values([
        { branchId: 1, type: "order.created", payload: "{}", createdAt: at(EVENT_RETENTION_MS + 1000) },
        { branchId: 1, type: "order.updated", payload: "{}", createdAt: at(EVENT_RETENTION_MS - 1000) },
        { branchId: 2, type: "product.updated", payload: "{}", createdAt: at(0) },
      ]);
    });
    expect(await pruneEvents({ database, clock: { now: () => now } })).toBe(1);
    expect((await database.db.select({ type: events.type }).from(events)).map((e) => e.type)).toEqual(["order.updated", "product.updated"]);
    await database.close();
  });
});
