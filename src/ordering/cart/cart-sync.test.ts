import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartOperationsBody, Product, TableCart } from "../../../contract/schemas";
import { ApiError } from "../../shared/api-client";

import { memoryStorage } from "../../shared/testing/memory-storage";

Object.assign(globalThis, { localStorage: memoryStorage() });

const applyCartOperations = vi.fn<(tableId: string, body: CartOperationsBody) => Promise<unknown>>();
vi.mock("../../shared/api", () => ({
  api: { applyCartOperations: (...args: [string, CartOperationsBody]) => applyCartOperations(...args) },
  diningTableEventsPath: () => "",
}));

let sync: typeof import("./cart-sync");
let store: typeof import("./cart-store");
beforeAll(async () => {
  store = await import("./cart-store");
  sync = await import("./cart-sync");
});

const table = { id: "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10", branchId: 1 };
const product = (id: number): Product =>
  ({ id, name: `Dish ${id}`, description: "", price: "5.00", available: true, customizations: {} }) as unknown as Product;
const cartOf = (version: number): TableCart => ({
  station_id: table.id,
  branch_id: 1,
  version,
  submitting: false,
  priced_at: "2026-11-24T20:00:00.000Z",
  lines: [],
  subtotal: "0.00",
  tax: "0.00",
  total: "0.00",
});
const answerAll = (version: number) => async (_id: string, body: CartOperationsBody) => ({
  cart: cartOf(version),
  results: body.operations.map((op) => ({ op_id: op.op_id, result: "applied" })),
});

beforeEach(() => {
  vi.useFakeTimers(); // the retry timer must not fire between tests
  applyCartOperations.mockReset();
  store.useCart.getState().clear(false);
  store.useCart.getState().enterTable(table);
});
afterEach(() => vi.useRealTimers());

/** Queues taps without sending them (the store calls the sender after each one). */
async function queued(count: number): Promise<void> {
  applyCartOperations.mockRejectedValue(new ApiError(0, "network_error", "offline"));
  for (let i = 0; i < count; i++) store.useCart.getState().add(product(i + 1), []);
  await sync.flushOperations().catch(() => undefined);
  applyCartOperations.mockReset();
}

describe("sending the queue", () => {
  it("keeps every operation while there is no answer: offline, a 5xx, a page that is not the server's", async () => {
    await queued(2);
    for (const failure of [
      new ApiError(0, "network_error", "x"),
      new ApiError(503, "unavailable", "x"),
      new ApiError(200, "not_the_server", "x", [], false),
    ]) {
      applyCartOperations.mockRejectedValueOnce(failure);
      await expect(sync.flushOperations()).rejects.toBe(failure);
    }
    applyCartOperations.mockResolvedValueOnce({ some: "portal json" });
    await expect(sync.flushOperations()).rejects.toMatchObject({ code: "unexpected_answer" });
    expect(store.useCart.getState().shared.pending).toHaveLength(2);
    // The same ids every time, so a replay of a request that got through is a duplicate, never applied twice.
    const sent = applyCartOperations.mock.calls.map(([, body]) => body.operations.map((op) => op.op_id).join());
    expect(new Set(sent).size).toBe(1);
  });

  it("sends in batches of at most 50, in order, and drops what the server answered", async () => {
    await queued(60);
    applyCartOperations.mockImplementation(answerAll(9));
    await sync.flushOperations();
    expect(applyCartOperations.mock.calls.map(([, body]) => body.operations.length)).toEqual([50, 10]);
    expect(store.useCart.getState().shared.pending).toEqual([]);
    expect(store.useCart.getState().shared.server?.version).toBe(9);
    expect(applyCartOperations.mock.calls[0]![1].phone_id).toBe(store.useCart.getState().phoneId);
  });

  it("a refused request: drops the operation it names, tells the diner, and sends the rest again", async () => {
    await queued(2);
    const [bad, good] = store.useCart.getState().shared.pending;
    applyCartOperations.mockRejectedValueOnce(
      new ApiError(409, "sold_out", "Sold out", [{ index: 0, op_id: bad!.op_id, message: "Dish 1 is sold out" }]),
    );
    applyCartOperations.mockImplementationOnce(answerAll(4));
    await sync.flushOperations();
    expect(applyCartOperations.mock.calls[1]![1].operations.map((op) => op.op_id)).toEqual([good!.op_id]);
    expect(store.useCart.getState().shared.pending).toEqual([]);
    expect(store.useCart.getState().problem).toMatchObject({ code: "sold_out" });
  });

  it("waits while another phone is submitting (409 cart_submitting) instead of dropping the change", async () => {
    await queued(1);
    applyCartOperations.mockRejectedValueOnce(new ApiError(409, "cart_submitting", "Sending"));
    await expect(sync.flushOperations()).rejects.toMatchObject({ code: "cart_submitting" });
    expect(store.useCart.getState().shared.pending).toHaveLength(1);
  });
});
