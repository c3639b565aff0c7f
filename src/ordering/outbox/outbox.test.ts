import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../contract/schemas";
import { api } from "../../shared/api";
import { ApiError } from "../../shared/api-client";
import type { OrderCreate } from "../../../contract/schemas";
import {
  MAX_PENDING_MS,
  createOutbox,
  isOrderFor,
  type OutboxEntry,
  type OutboxStorage,
  type SendOutcome,
  type SharedSubmit,
} from "./outbox";

// The outbox's sender schedules its own retries: on a clock the tests move, never between tests.
beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => vi.useRealTimers());

/** IndexedDB's behaviour in memory: any value under any key (a corrupt record is just another value). */
function memoryStorage(): OutboxStorage & { entries: Map<IDBValidKey, unknown> } {
  const entries = new Map<IDBValidKey, unknown>();
  return {
    entries,
    put: async (entry) => void entries.set(entry.key, entry),
    remove: async (key) => void entries.delete(key),
    all: async () => [...entries.entries()],
  };
}

const body: OrderCreate = {
  products: [{ id: 21, quantity: 1, selectedCustomizations: [103], customizedPrice: "15.99" }],
  station_id: "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10",
  branch_id: 1,
};
/** The server's answer to `body`: an order with a UUID, a status, the same table and branch. */
const order = {
  id: "3f2b8c1d-9a4e-4f6b-8d2c-1e5a7b9c0d3f",
  number: 1,
  status: "received",
  station_id: body.station_id,
  branch_id: 1,
} as Order;

function setup(send: (key: string) => Promise<Order>, online = () => true, now = () => 1_000) {
  const storage = memoryStorage();
  const outcomes: [string, SendOutcome["kind"]][] = [];
  const sent: string[] = [];
  const outbox = createOutbox(
    storage,
    async (entry) => {
      sent.push(entry.key);
      return send(entry.key);
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
    expect((storage.entries.get("key-1") as OutboxEntry).attempts).toBe(3);
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
    const { storage, outbox, sent, outcomes } = setup(
      async () => order,
      () => online,
    );
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
    const { outbox, sent, storage, outcomes } = setup(
      async () => order,
      () => true,
      () => clock,
    );
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
    const { outbox, sent, storage } = setup(
      async () => order,
      () => true,
      () => clock,
    );
    await storage.put({ key: "k", body, createdAt: 0, attempts: 5 });
    clock = MAX_PENDING_MS;
    await outbox.flush();
    expect(sent).toEqual(["k"]);
  });
});

describe("retrying by itself (the phone's one sender, src/shared/retrying-sender.ts)", () => {
  it("tries a waiting order again on a growing timer, with the same key, until it is delivered", async () => {
    const answers = [
      () => Promise.reject(new ApiError(503, "unavailable", "down")),
      () => Promise.reject(new ApiError(0, "network_error", "no answer")),
      () => Promise.resolve(order),
    ];
    const { storage, outbox, sent, outcomes } = setup(() => answers.shift()!());
    await outbox.enqueue("key-1", body);
    expect(sent).toEqual(["key-1"]);
    await vi.advanceTimersByTimeAsync(1_000); // the first wait is 0.5–1 s
    expect(sent).toEqual(["key-1", "key-1"]);
    await vi.advanceTimersByTimeAsync(900); // the second is 1–2 s: not yet…
    await vi.advanceTimersByTimeAsync(1_100); // …by now
    expect(sent).toEqual(["key-1", "key-1", "key-1"]);
    expect(outcomes.map(([, kind]) => kind)).toEqual(["retry", "retry", "delivered"]);
    expect(storage.entries.size).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(3); // nothing left: no more tries
  });

  it("schedules nothing after a final answer", async () => {
    const { outbox, sent } = setup(() => Promise.reject(new ApiError(409, "sold_out", "Sold out")));
    await outbox.enqueue("key-1", body);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual(["key-1"]);
  });
});

describe("the order's own entry", () => {
  it("keeps what the sender chose for a shared submit in the entry, and hands it back on the retry", async () => {
    const storage = memoryStorage();
    const seen: (SharedSubmit | undefined)[] = [];
    let first = true;
    const outbox = createOutbox(
      storage,
      async (entry, keep) => {
        seen.push(entry.shared);
        if (first) {
          first = false;
          await keep({ ...entry.shared!, chosen: 7 });
          throw new ApiError(0, "network_error", "the answer was lost");
        }
        return order;
      },
      () => {},
    );
    const shared: SharedSubmit = { version: 5, lines: [{ lineId: "line-1", quantity: 1 }], unsent: true };
    await outbox.enqueue("key-1", body, shared);
    expect(storage.entries.get("key-1")).toMatchObject({ shared: { ...shared, chosen: 7 }, attempts: 1 });
    // A reload reads it back from storage as it was kept.
    expect((await outbox.pending())[0]!.shared).toEqual({ ...shared, chosen: 7 });
    await outbox.flush();
    expect(seen).toEqual([shared, { ...shared, chosen: 7 }]);
    expect(storage.entries.size).toBe(0);
  });
});

describe("what counts as delivered: the answer must be the order that was sent", () => {
  afterEach(() => vi.unstubAllGlobals());

  const json = (value: unknown, status = 201) =>
    new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });
  const html = (status: number) =>
    new Response("<!doctype html><title>Sign in to Wi-Fi</title>", { status, headers: { "Content-Type": "text/html" } });
  const serverError = (status: number, code: string) => json({ error: { code, message: "Refused." } }, status);
  /** What a service worker could hand over: status 0, no readable body. */
  const opaque = () => {
    const response = new Response(null, { status: 200 });
    Object.defineProperties(response, { type: { value: "opaque" }, status: { value: 0 }, ok: { value: false } });
    return response;
  };
  /** The headers arrive, then the connection drops before the body does. */
  const cutOff = () =>
    new Response(new ReadableStream({ start: (controller) => controller.error(new TypeError("network error")) }), {
      status: 201,
      headers: { "Content-Type": "application/json" },
    });

  /** Sends one order through the real client (api.placeOrder → call) to a fetch that answers `respond`. */
  async function deliver(respond: () => Response) {
    const requests: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        requests.push(init);
        return respond();
      }),
    );
    const storage = memoryStorage();
    const outcomes: SendOutcome[] = [];
    const outbox = createOutbox(
      storage,
      (entry) => api.placeOrder(entry.key, entry.body),
      (_entry, outcome) => outcomes.push(outcome),
    );
    await outbox.enqueue("key-1", body);
    return { outcome: outcomes[0]!, requests, stored: storage.entries.get("key-1") as OutboxEntry | undefined };
  }

  it.each([
    ["201 with the order", () => json(order)],
    ["200 with the order (a replay of the same key)", () => json(order, 200)],
    ["the order with its table id in capitals", () => json({ ...order, station_id: body.station_id.toUpperCase() })],
  ])("%s: delivered, and the entry is gone", async (_name, respond) => {
    const { outcome, stored } = await deliver(respond);
    expect(outcome).toEqual({ kind: "delivered", order: expect.objectContaining({ id: order.id }) });
    expect(stored).toBeUndefined();
  });

  it.each([
    ["a captive portal's 200 HTML page", () => html(200)],
    ["200 JSON that is not an order", () => json({ ok: true }, 200)],
    ["200 JSON null", () => json(null, 200)],
    ["an order for another table", () => json({ ...order, station_id: "5f3d2a71-1c9b-4e1f-8a4e-2b6c9d0e7f31" })],
    ["an order for another branch", () => json({ ...order, branch_id: 2 })],
    ["an order whose id is not a UUID", () => json({ ...order, id: "1" })],
    ["an order without a status", () => json({ ...order, status: undefined })],
    ["an order with a status that does not exist", () => json({ ...order, status: "sent" })],
    ["malformed JSON", () => new Response('{"id": "3f2b', { status: 201, headers: { "Content-Type": "application/json" } })],
    ["the order as text/plain", () => new Response(JSON.stringify(order), { status: 201, headers: { "Content-Type": "text/plain" } })],
    ["an empty 200", () => new Response(null, { status: 200 })],
    ["204 No Content", () => new Response(null, { status: 204 })],
    ["an opaque answer", opaque],
    ["a connection cut off in the middle of the answer", cutOff],
    ["a proxy's 502 page", () => html(502)],
    ["a sign-in page's 403", () => html(403)],
    ["a sign-in page's 404", () => html(404)],
    ["the server's 503", () => serverError(503, "unavailable")],
    ["the server's 429", () => serverError(429, "rate_limited")],
  ])("%s: NOT delivered; queued with its key for another try", async (_name, respond) => {
    const { outcome, stored } = await deliver(respond);
    expect(outcome.kind).toBe("retry");
    expect(stored).toMatchObject({ key: "key-1", body, attempts: 1 });
  });

  it("a redirect (a portal sending the phone to its sign-in page) fails the request: queued", async () => {
    // fetch with redirect: "error" rejects with a TypeError when the answer is a redirect.
    const { outcome, requests, stored } = await deliver(() => {
      throw new TypeError("Failed to fetch");
    });
    expect(requests[0]).toMatchObject({
      method: "POST",
      redirect: "error",
      headers: expect.objectContaining({ "Idempotency-Key": "key-1" }),
    });
    expect(outcome.kind).toBe("retry");
    expect(stored).toMatchObject({ key: "key-1", attempts: 1 });
  });

  it.each([
    [409, "sold_out"],
    [422, "idempotency_key_reused"],
    [422, "order_too_large"],
    [404, "unknown_station"],
    [400, "invalid_order"],
  ])("the server's own %i %s is a final answer: rejected, the entry dropped", async (status, code) => {
    const { outcome, stored } = await deliver(() => serverError(status, code));
    expect(outcome).toMatchObject({ kind: "rejected", error: { status, code } });
    expect(stored).toBeUndefined();
  });

  it("isOrderFor needs an object with a UUID id, a known status, the table and the branch that were sent", () => {
    expect(isOrderFor(order, body)).toBe(true);
    for (const answer of [undefined, null, "order", [order], {}, { ...order, branch_id: "1" }, { ...order, id: 42 }]) {
      expect(isOrderFor(answer, body), JSON.stringify(answer)).toBe(false);
    }
  });
});

describe("attempts and keys", () => {
  it("does not count passes while the phone is offline, nor write to storage for them", async () => {
    let online = false;
    const failing = () => Promise.reject(new ApiError(0, "network_error", "no answer"));
    const { storage, outbox, sent } = setup(failing, () => online);
    await outbox.enqueue("key-1", body);
    const put = vi.spyOn(storage, "put");
    for (let i = 0; i < 5; i++) await outbox.flush();
    expect(sent).toEqual([]);
    expect(put).not.toHaveBeenCalled();
    expect(storage.entries.get("key-1")).toMatchObject({ attempts: 0 });
    online = true;
    await outbox.flush(); // this request left the phone: it may have reached the server
    expect(storage.entries.get("key-1")).toMatchObject({ attempts: 1 });
  });

  it("never gives up on a number of failures: only the order's age ends it", async () => {
    let clock = 0;
    const { storage, outbox, sent, outcomes } = setup(
      () => Promise.reject(new ApiError(0, "network_error", "no answer")),
      () => true,
      () => clock,
    );
    await outbox.enqueue("key-1", body);
    for (let i = 0; i < 50; i++) {
      clock += 60_000;
      await outbox.flush();
    }
    expect(sent).toHaveLength(51);
    expect(new Set(sent)).toEqual(new Set(["key-1"]));
    expect(outcomes.every(([, kind]) => kind === "retry")).toBe(true);
    expect(storage.entries.has("key-1")).toBe(true);
  });

  it("sends with the same key after a reload (a new outbox over the same storage)", async () => {
    const storage = memoryStorage();
    const keys: string[] = [];
    const offline = createOutbox(
      storage,
      async () => order,
      () => {},
      { isOnline: () => false },
    );
    await offline.enqueue("key-1", body);
    const reloaded = createOutbox(
      storage,
      async (entry) => {
        keys.push(entry.key);
        return order;
      },
      () => {},
    );
    await reloaded.flush();
    expect(keys).toEqual(["key-1"]);
    expect(storage.entries.size).toBe(0);
  });
});

describe("corrupt outbox storage", () => {
  it("drops records that cannot be sent, repairs what it can, and still sends the good ones", async () => {
    const { storage, outbox, sent, outcomes } = setup(
      async () => order,
      () => true,
      () => 5_000,
    );
    storage.entries.set("junk", "not an entry");
    storage.entries.set("null", null);
    storage.entries.set("no-body", { key: "no-body", createdAt: 1, attempts: 0 });
    storage.entries.set("bad-body", { key: "bad-body", body: { ...body, products: [] }, createdAt: 1, attempts: 0 });
    storage.entries.set("bad key", { key: "bad key", body, createdAt: 1, attempts: 0 });
    storage.entries.set("repairable", { key: "repairable", body, createdAt: "yesterday", attempts: -3 });
    storage.entries.set("moved", { key: "real-key", body, createdAt: 2, attempts: 0 });
    await outbox.flush();
    expect(sent.sort()).toEqual(["real-key", "repairable"]);
    expect(outcomes.map(([, kind]) => kind)).toEqual(["delivered", "delivered"]);
    expect(storage.entries.size).toBe(0);
  });

  it("pending() lists only usable entries, with repaired ages and counts written back", async () => {
    const { storage, outbox } = setup(
      async () => order,
      () => true,
      () => 5_000,
    );
    storage.entries.set("junk", 42);
    storage.entries.set("future", { key: "future", body, createdAt: 10_000_000, attempts: "two" });
    expect(await outbox.pending()).toEqual([{ key: "future", body, createdAt: 5_000, attempts: 1 }]);
    expect([...storage.entries.keys()]).toEqual(["future"]);
    expect(storage.entries.get("future")).toEqual({ key: "future", body, createdAt: 5_000, attempts: 1 });
  });
});
