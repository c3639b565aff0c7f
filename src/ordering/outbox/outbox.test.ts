import { describe, expect, it, vi } from "vitest";
import type { Order } from "../../../contract/schemas";
import { ApiError } from "../../lib/api-client";
import type { OrderRequest } from "../cart/cart-logic";
import { MAX_PENDING_MS, createOutbox, isRetryable, type OutboxEntry, type OutboxStorage, type SendOutcome } from "./outbox";

function memoryStorage(): OutboxStorage & { entries: Map<string, OutboxEntry> } {
  const entries = new Map<string, OutboxEntry>();
  return {
    entries,
    put: async (entry) => void entries.set(entry.key, entry),
    remove: async (key) => void entries.delete(key),
    all: async () => [...entries.values()],
  };
}

const body: OrderRequest = {
  products: [{ id: 21, quantity: 1, selectedCustomizations: [103], customizedPrice: "15.99" }],
  station_id: "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10",
  branch_id: 1,
};
const order = { id: "order-1", number: 1, status: "received" } as Order;

function setup(send: (key: string) => Promise<Order>, online = () => true, now = () => 1_000) {
  const storage = memoryStorage();
  const outcomes: [string, SendOutcome["kind"]][] = [];
  const sent: string[] = [];
  const outbox = createOutbox(
    storage,
    async (key) => {
      sent.push(key);
      return send(key);
    },
    (entry, outcome) => outcomes.push([entry.key, outcome.kind]),
    { isOnline: online, now },
  );
  return { storage, outbox, outcomes, sent };
}

describe("the order outbox", () => {
  it("stores the order before sending and drops it after a 2xx", async () => {
    const { storage, outbox, outcomes } = setup(async () => {
      expect(storage.entries.has("key-1")).toBe(true); // durable before the request leaves
      return order;
    });
    await outbox.enqueue("key-1", body);
    expect(outcomes).toEqual([["key-1", "delivered"]]);
    expect(storage.entries.size).toBe(0);
  });

  it("keeps the entry and its key while there is no definite answer, and resends with the SAME key", async () => {
    const answers = [
      () => Promise.reject(new ApiError(0, "network_error", "offline")),
      () => Promise.reject(new ApiError(503, "unavailable", "down")),
      () => Promise.reject(new ApiError(429, "rate_limited", "slow down")),
      () => Promise.resolve(order),
    ];
    const { storage, outbox, outcomes, sent } = setup(() => answers.shift()!());
    await outbox.enqueue("key-1", body);
    expect(storage.entries.get("key-1")).toMatchObject({ key: "key-1", body, attempts: 1 });
    await outbox.flush();
    await outbox.flush();
    expect(storage.entries.get("key-1")?.attempts).toBe(3);
    await outbox.flush();
    expect(sent).toEqual(["key-1", "key-1", "key-1", "key-1"]);
    expect(outcomes.map(([, kind]) => kind)).toEqual(["retry", "retry", "retry", "delivered"]);
    expect(storage.entries.size).toBe(0);
  });

  it("drops the entry on a 4xx retrying cannot fix, and reports it", async () => {
    const { storage, outbox, outcomes } = setup(() => Promise.reject(new ApiError(409, "sold_out", "Sold out: Nachos.")));
    await outbox.enqueue("key-1", body);
    expect(outcomes).toEqual([["key-1", "rejected"]]);
    expect(storage.entries.size).toBe(0);
  });

  it("does not even try while the browser says it is offline", async () => {
    let online = false;
    const { storage, outbox, sent, outcomes } = setup(async () => order, () => online);
    await outbox.enqueue("key-1", body);
    expect(sent).toEqual([]);
    expect(outcomes).toEqual([["key-1", "retry"]]);
    online = true;
    await outbox.flush();
    expect(sent).toEqual(["key-1"]);
    expect(storage.entries.size).toBe(0);
  });

  it("never has two requests for one key in flight: concurrent flushes share one pass", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async () => {
      await gate;
      return order;
    });
    const { outbox, sent, storage } = setup(send);
    await storage.put({ key: "key-1", body, createdAt: 1, attempts: 0 });
    const flushes = [outbox.flush(), outbox.flush(), outbox.flush()];
    release();
    await Promise.all(flushes);
    expect(sent).toEqual(["key-1"]); // the follow-up pass found nothing left to send
  });

  it("sends older entries first", async () => {
    const { outbox, sent, storage } = setup(async () => order);
    await storage.put({ key: "newer", body, createdAt: 2, attempts: 0 });
    await storage.put({ key: "older", body, createdAt: 1, attempts: 0 });
    await outbox.flush();
    expect(sent).toEqual(["older", "newer"]);
  });
});

describe("an order that waited too long", () => {
  it("is dropped unsent once older than MAX_PENDING_MS, while a fresher one is still sent", async () => {
    let clock = 0;
    const { outbox, sent, storage, outcomes } = setup(async () => order, () => true, () => clock);
    await storage.put({ key: "stale", body, createdAt: 0, attempts: 3 });
    await storage.put({ key: "fresh", body, createdAt: 10 * 60_000, attempts: 0 });
    clock = MAX_PENDING_MS + 1;
    await outbox.flush();
    expect(sent).toEqual(["fresh"]);
    expect(outcomes).toEqual([
      ["stale", "expired"],
      ["fresh", "delivered"],
    ]);
    expect(storage.entries.size).toBe(0);
  });

  it("is still retried right up to the limit", async () => {
    let clock = 0;
    const { outbox, sent, storage } = setup(async () => order, () => true, () => clock);
    await storage.put({ key: "k", body, createdAt: 0, attempts: 5 });
    clock = MAX_PENDING_MS;
    await outbox.flush();
    expect(sent).toEqual(["k"]);
  });
});

describe("isRetryable", () => {
  it("retries no-answer, timeouts, throttling and server errors; not client errors", () => {
    for (const status of [0, 408, 425, 429, 500, 502, 503]) expect(isRetryable({ status })).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422]) expect(isRetryable({ status })).toBe(false);
  });
});
