import { describe, expect, it } from "vitest";
import { HashGate, HashGateFull } from "./hash-gate";

/** A task that finishes when told to, recording how many run at once. */
function tasks() {
  const state = { running: 0, most: 0, finishers: [] as (() => void)[] };
  const task = () =>
    new Promise<string>((resolve) => {
      state.most = Math.max(state.most, ++state.running);
      state.finishers.push(() => {
        state.running--;
        resolve("done");
      });
    });
  return { state, task };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("HashGate", () => {
  it("runs at most `concurrency` tasks, starts waiters in arrival order as slots free, and refuses beyond the line", async () => {
    const gate = new HashGate(2, 2);
    const { state, task } = tasks();
    const order: number[] = [];
    const runs = [1, 2, 3, 4].map((n) => gate.run(async () => (await task(), order.push(n))));
    await expect(gate.run(task)).rejects.toBeInstanceOf(HashGateFull);
    await tick();
    expect(state.running).toBe(2);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });

    while (state.finishers.length > 0 || state.running > 0) {
      state.finishers.shift()?.();
      await tick();
      expect(state.running).toBeLessThanOrEqual(2);
    }
    await Promise.all(runs);
    expect(state.most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when a task fails", async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.run(async () => "ok")).resolves.toBe("ok");
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
