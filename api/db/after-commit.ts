/**
 * What a transaction does in this process once it has committed, and only then: wake the live
 * streams, drop a cached menu. A service registers it inside the transaction, next to the write it
 * follows from (`recordEvent` registers the streams' wake-up itself), so no caller can forget it and
 * a rolled-back transaction announces nothing. database.ts runs the steps after the COMMIT (on SQLite
 * after the shared COMMIT of a group), before the caller's `await transaction(…)` resumes; a callback
 * that failed, a group that failed to commit, and a PostgreSQL attempt that is run again drop theirs.
 */

/** An in-process effect of a committed transaction: quick, synchronous, and not a database write. */
export type AfterCommitStep = () => void;

/** The steps of each running transaction, by the tx object its callback was given. */
const running = new WeakMap<object, Map<unknown, AfterCommitStep>>();

/**
 * Runs `step` after the transaction `tx` belongs to commits; never if it rolls back. Steps registered
 * under one `key` (by default the step itself) run once per transaction, however often registered:
 * ten events recorded in one transaction wake the streams once.
 */
export function afterCommit(tx: object, step: AfterCommitStep, key: unknown = step): void {
  const steps = running.get(tx);
  // Outside a transaction there is no commit to wait for: the caller wanted a transaction.
  if (!steps) throw new Error("afterCommit() needs the tx of a running transaction");
  if (!steps.has(key)) steps.set(key, step);
}

/**
 * For database.ts: runs `callback` as the transaction on `tx`, collecting the steps it registers, and
 * answers them with its value. Between two callbacks on one connection (SQLite's writer) `tx` is the
 * same object, so the list is opened and closed around each.
 */
export async function collectAfterCommit<T>(tx: object, callback: () => Promise<T>): Promise<{ value: T; steps: AfterCommitStep[] }> {
  const steps = new Map<unknown, AfterCommitStep>();
  running.set(tx, steps);
  try {
    const value = await callback();
    return { value, steps: [...steps.values()] };
  } finally {
    running.delete(tx);
  }
}

/**
 * Runs a committed transaction's steps in the order registered. The commit stands whatever a step
 * does, so a step that throws is reported and the others still run: the caller hears of its commit.
 */
export function runAfterCommit(steps: readonly AfterCommitStep[], report: (error: unknown) => void): void {
  for (const step of steps) {
    try {
      step();
    } catch (error) {
      report(error);
    }
  }
}
