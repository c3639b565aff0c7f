import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { restated } from "./client-errors";
import { WriteStore } from "./use-write";

/** A write whose answer the test hands over. */
function pendingWrite() {
  let settle!: { resolve(): void; reject(error: unknown): void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { write: () => promise, ...settle };
}

const conflict = () => new ApiError(409, "conflict", "The order changed meanwhile.", [{ path: "status", message: "already served" }]);

describe("WriteStore", () => {
  it("is busy while the write is out, and not once it went through", async () => {
    const store = new WriteStore();
    const sent = pendingWrite();
    const done = store.run(sent.write);
    expect(store.state.pending.size).toBe(1);
    sent.resolve();
    await expect(done).resolves.toBe(true);
    expect(store.state).toEqual({ pending: new Set(), problem: null });
  });

  it("keeps the contract's error, message and details, as the problem; the next run clears it", async () => {
    const store = new WriteStore();
    await expect(store.run(() => Promise.reject(conflict()))).resolves.toBe(false);
    expect(store.state.pending.size).toBe(0);
    expect(store.state.problem).toMatchObject({ status: 409, message: "The order changed meanwhile.", details: [{ path: "status" }] });
    const sent = pendingWrite();
    const again = store.run(sent.write);
    expect(store.state.problem).toBeNull();
    sent.resolve();
    await again;
  });

  it("says a failure in the screen's words, or shows nothing when the screen dealt with it", async () => {
    const store = new WriteStore();
    await store.run(() => Promise.reject(conflict()), { problem: (error) => restated(error, (message) => `Order #12: ${message}`) });
    expect(store.state.problem?.message).toBe("Order #12: The order changed meanwhile.");
    await store.run(() => Promise.reject(conflict()), { problem: () => null });
    expect(store.state.problem).toBeNull();
  });

  it("turns anything thrown (a bug, not an ApiError) into the one client error", async () => {
    const store = new WriteStore();
    await store.run(async () => {
      throw new TypeError("x is undefined");
    });
    expect(store.state.problem).toBeInstanceOf(ApiError);
    expect(store.state.problem).toMatchObject({ status: 0, message: "x is undefined" });
  });

  it("sends one write per key at a time: a double tap is one request; other keys go on their own", async () => {
    const store = new WriteStore();
    const first = pendingWrite();
    let sent = 0;
    const once = store.run(() => (sent++, first.write()), { key: "order-1" });
    await expect(store.run(() => (sent++, first.write()), { key: "order-1" })).resolves.toBe(false);
    const other = pendingWrite();
    const second = store.run(other.write, { key: "order-2" });
    expect(sent).toBe(1);
    expect([...store.state.pending]).toEqual(["order-1", "order-2"]);
    other.reject(conflict());
    await second;
    expect([...store.state.pending]).toEqual(["order-1"]);
    first.resolve();
    await once;
    expect(store.state.pending.size).toBe(0);
  });

  it("lets the screen set a problem it found itself, and clear it", () => {
    const store = new WriteStore();
    const heard: unknown[] = [];
    store.subscribe(() => heard.push(store.state.problem));
    store.setProblem(new ApiError(0, "client_error", "Say why.", [], false));
    store.setProblem(null);
    expect(heard).toMatchObject([{ message: "Say why." }, null]);
  });

  it("shows no problem for an aborted write", async () => {
    const store = new WriteStore();
    await expect(store.run(() => Promise.reject(new DOMException("stopped", "AbortError")))).resolves.toBe(false);
    expect(store.state.problem).toBeNull();
  });
});
