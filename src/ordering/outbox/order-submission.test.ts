/**
 * The phone's one sender (docs/decisions/0030): the order outbox and the shared cart's sync retry
 * through the same helper and judge a failure by the same `isRetryable`; a shared submit's chosen
 * version lives in the order's own outbox entry (and one kept in localStorage by an older version is
 * moved there, so an order queued across the upgrade keeps its body).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartOperationsBody, TableCart } from "../../../contract/schemas";
import { ApiError } from "../../shared/api-client";
import type * as RetryingSender from "../../shared/retrying-sender";
import type { OutboxEntry, SharedSubmit } from "./outbox";

import { memoryStorage } from "../../shared/testing/memory-storage";

const storage = memoryStorage();
Object.assign(globalThis, { localStorage: storage });

const api = {
  applyCartOperations: vi.fn<(tableId: string, body: CartOperationsBody) => Promise<unknown>>(),
  tableCart: vi.fn<(tableId: string) => Promise<unknown>>(),
  submitTableCart: vi.fn<(tableId: string, key: string, version: number) => Promise<unknown>>(),
  placeOrder: vi.fn(),
};
vi.mock("../../shared/api", () => ({ api, diningTableEventsPath: () => "" }));

const senders: string[] = [];
const judged: unknown[] = [];
vi.mock("../../shared/retrying-sender", async (importOriginal) => {
  const actual = await importOriginal<typeof RetryingSender>();
  return {
    ...actual,
    isRetryable: (error: ApiError) => {
      judged.push(error);
      return actual.isRetryable(error);
    },
    createRetryingSender: (...args: Parameters<typeof actual.createRetryingSender>) => {
      senders.push(new Error().stack ?? "");
      return actual.createRetryingSender(...args);
    },
  };
});

let submission: typeof import("./order-submission");
let outbox: typeof import("./outbox");
let sync: typeof import("../cart/cart-sync");
let store: typeof import("../cart/cart-store");
beforeAll(async () => {
  store = await import("../cart/cart-store");
  sync = await import("../cart/cart-sync");
  outbox = await import("./outbox");
  submission = await import("./order-submission");
});

const table = { id: "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10", branchId: 1 };
const cartOf = (version: number, lines: { line_id: string; quantity: number }[] = []): TableCart =>
  ({
    station_id: table.id,
    branch_id: 1,
    version,
    submitting: false,
    priced_at: "2026-11-24T20:00:00.000Z",
    lines,
    subtotal: "0.00",
    tax: "0.00",
    total: "0.00",
  }) as TableCart;
const key = "4d7f2b0e-8c1a-4e3b-9f5d-6a2c1b0e9d8f";
const entryWith = (shared: SharedSubmit): OutboxEntry => ({
  key,
  body: { station_id: table.id, branch_id: 1, products: [{ id: 1, quantity: 1, selectedCustomizations: [] }] },
  shared,
  createdAt: 1,
  attempts: 0,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  storage.clear();
  judged.length = 0;
  for (const mock of Object.values(api)) mock.mockReset();
  api.submitTableCart.mockResolvedValue({ ok: true });
  store.useCart.getState().clear(false);
  store.useCart.getState().enterTable(table);
});
afterEach(() => vi.useRealTimers());

describe("one sender on the phone", () => {
  it("the cart sync and the order outbox each retry through the shared helper", () => {
    outbox.createOutbox(
      { put: async () => {}, remove: async () => {}, all: async () => [] },
      async () => null,
      () => {},
    );
    expect(senders.some((stack) => stack.includes("cart-sync"))).toBe(true);
    expect(senders.some((stack) => stack.includes("outbox.ts"))).toBe(true);
  });

  it.each([
    [new ApiError(0, "network_error", "no answer"), true],
    [new ApiError(503, "unavailable", "down"), true],
    [new ApiError(425, "too_early", "later"), true],
    [new ApiError(403, "portal", "sign in", [], false), true],
    [new ApiError(409, "sold_out", "gone"), false],
    [new ApiError(422, "invalid", "no"), false],
  ])("judge %s the same way (retry: %s), by the shared isRetryable", async (error, retry) => {
    // The outbox: a retryable failure keeps the order queued, another is its final answer.
    const kinds: string[] = [];
    const stored = new Map<IDBValidKey, unknown>();
    const box = outbox.createOutbox(
      { put: async (entry) => void stored.set(entry.key, entry), remove: async (k) => void stored.delete(k), all: async () => [...stored] },
      async () => Promise.reject(error),
      (_entry, outcome) => kinds.push(outcome.kind),
    );
    await box.enqueue(key, entryWith({ version: 1, lines: [] }).body);
    expect(kinds).toEqual([retry ? "retry" : "rejected"]);
    expect(judged).toContain(error);

    // The cart sync: a retryable failure keeps the operation queued, another drops it.
    judged.length = 0;
    api.applyCartOperations.mockRejectedValue(error);
    store.useCart.getState().setName("Ana");
    await sync.flushOperations().catch(() => undefined);
    expect(store.useCart.getState().shared.pending.length > 0).toBe(retry);
    expect(judged).toContain(error);
  });
});

describe("a shared submit's chosen version, in the order's own entry", () => {
  const seen = { version: 3, lines: [{ lineId: "line-1", quantity: 2 }], unsent: true };

  it("is chosen at the first attempt (after the unsent changes) and kept in the entry before the submit leaves", async () => {
    api.tableCart.mockResolvedValue(cartOf(6, [{ line_id: "line-1", quantity: 2 }]));
    const keep = vi.fn(async () => expect(api.submitTableCart).not.toHaveBeenCalled());
    await submission.send(entryWith(seen), keep);
    expect(keep).toHaveBeenCalledWith({ ...seen, chosen: 6 });
    expect(api.submitTableCart).toHaveBeenCalledWith(table.id, key, 6);
    expect(storage.getItem("cart.submit")).toBeNull(); // nothing of it outside the outbox
  });

  it("a retry sends the kept version without looking at the cart again", async () => {
    const keep = vi.fn(async () => {});
    await submission.send(entryWith({ ...seen, chosen: 6 }), keep);
    expect(api.tableCart).not.toHaveBeenCalled();
    expect(keep).not.toHaveBeenCalled();
    expect(api.submitTableCart).toHaveBeenCalledWith(table.id, key, 6);
  });

  it("an order queued by the older version (its choice in localStorage) keeps that choice, moved into its entry", async () => {
    storage.setItem("cart.submit", JSON.stringify({ key, version: 4 }));
    const keep = vi.fn(async () => {});
    await submission.send(entryWith(seen), keep);
    expect(api.tableCart).not.toHaveBeenCalled();
    expect(keep).toHaveBeenCalledWith({ ...seen, chosen: 4 });
    expect(api.submitTableCart).toHaveBeenCalledWith(table.id, key, 4);
    expect(storage.getItem("cart.submit")).toBeNull();
  });

  it("a submit of what the server already had names the version seen and keeps nothing", async () => {
    const keep = vi.fn(async () => {});
    await submission.send(entryWith({ version: 3, lines: seen.lines }), keep);
    expect(keep).not.toHaveBeenCalled();
    expect(api.submitTableCart).toHaveBeenCalledWith(table.id, key, 3);
  });
});
