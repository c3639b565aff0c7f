import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { createRetryingSender, isRetryable, retryDelay } from "./retrying-sender";

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => vi.useRealTimers());

/** A pass that fails `failures` times, then succeeds; counts its runs. */
function flaky(failures: number) {
  const pass = vi.fn(async () => {
    if (pass.mock.calls.length <= failures) throw new ApiError(0, "network_error", "no answer");
  });
  return pass;
}

describe("isRetryable: one idea of a failure worth trying again", () => {
  it("retries no answer, timeouts, too early, throttling and server errors; not the server's other refusals", () => {
    for (const status of [0, 408, 425, 429, 500, 502, 503]) expect(isRetryable({ status, fromServer: status !== 0 })).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422]) expect(isRetryable({ status, fromServer: true })).toBe(false);
  });

  it("retries a 4xx that is not the server's own answer (a sign-in page's 403, a proxy's 404 page)", () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(isRetryable({ status, fromServer: false })).toBe(true);
  });

  it("takes ApiErrors as the client makes them", () => {
    expect(isRetryable(new ApiError(0, "network_error", "x"))).toBe(true);
    expect(isRetryable(new ApiError(409, "sold_out", "x"))).toBe(false);
    expect(isRetryable(new ApiError(200, "unexpected_answer", "x", [], false))).toBe(true);
  });
});

describe("retryDelay: growing, capped, randomised", () => {
  it("doubles from the first wait up to the cap, each 50–100 % of it", () => {
    const top = { random: () => 1 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, top))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(retryDelay(3, { random: () => 0 })).toBe(2_000);
    expect(retryDelay(10, { random: () => 1, firstDelayMs: 500, maxDelayMs: 15_000 })).toBe(15_000);
  });
});

describe("createRetryingSender", () => {
  it("one pass at a time: calls during a pass share its promise and ask for exactly one more pass", async () => {
    let release!: () => void;
    let inFlight = 0;
    let most = 0;
    const pass = vi.fn(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      if (pass.mock.calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      inFlight--;
    });
    const sender = createRetryingSender(pass);
    const first = sender.run();
    const joined = [sender.run(), sender.run(), sender.run()];
    expect(joined.every((promise) => promise === first)).toBe(true);
    release();
    await Promise.all([first, ...joined]);
    expect(pass).toHaveBeenCalledTimes(2); // the pass that ran, and one more for whatever was queued meanwhile
    expect(most).toBe(1);
  });

  it("a failed pass rejects with its error and is tried again by itself, waiting longer each time", async () => {
    const pass = flaky(3);
    const sender = createRetryingSender(pass, { random: () => 1, isOnline: () => true });
    await expect(sender.run()).rejects.toMatchObject({ code: "network_error" });
    expect(sender.failures).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(2); // after 1 s
    await vi.advanceTimersByTimeAsync(2_000);
    expect(pass).toHaveBeenCalledTimes(3); // 2 s later
    await vi.advanceTimersByTimeAsync(3_999);
    expect(pass).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(4); // 4 s later: it went through
    expect(sender.failures).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(pass).toHaveBeenCalledTimes(4); // nothing more scheduled
  });

  it("a run by hand (Try now) goes at once and replaces the scheduled try", async () => {
    const pass = flaky(1);
    const sender = createRetryingSender(pass, { random: () => 1, isOnline: () => true });
    await sender.run().catch(() => undefined);
    await sender.run();
    expect(pass).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it("offline: waits for the browser's `online` instead of a timer, then goes at once", async () => {
    const connectivity = new EventTarget();
    let online = false;
    const pass = flaky(1);
    const sender = createRetryingSender(pass, { isOnline: () => online, connectivity });
    await sender.run().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(pass).toHaveBeenCalledTimes(1); // no timer while offline
    online = true;
    connectivity.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(pass).toHaveBeenCalledTimes(2);
    connectivity.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pass).toHaveBeenCalledTimes(2); // the listener went with the retry it was for
  });

  it("online but failing: whichever comes first, the timer or `online`, and only one of them", async () => {
    const connectivity = new EventTarget();
    const pass = flaky(1);
    const sender = createRetryingSender(pass, { isOnline: () => true, connectivity, random: () => 1, firstDelayMs: 5_000 });
    await sender.run().catch(() => undefined);
    connectivity.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(pass).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pass).toHaveBeenCalledTimes(2);
  });
});
