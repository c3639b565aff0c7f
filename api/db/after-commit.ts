/**
 * What a transaction does in this process once it has committed, and only then: wake the live
 * streams, drop a cached menu. A service registers it inside the transaction, next to the write it
 * follows from (through `announce`, api/db/announce.ts, which also tells the other instances), so no
 * caller can forget it and a rolled-back transaction announces nothing. database.ts runs the steps
 * after the COMMIT (on SQLite after the shared COMMIT of a group), before the caller's
 * `await transaction(…)` resumes; a callback that failed, a group that failed to commit, and a
 * PostgreSQL attempt that is run again drop theirs.
 */
import type { Announcements, Channel } from "./announcements";

/** An in-process effect of a committed transaction: quick, synchronous, and not a database write. */
export type AfterCommitStep = (() => void) & {
  /** Runs once the commit is visible to other connections, not waiting for it to be durable (DROPPING_CHANNELS). */
  readonly onceVisible?: boolean;
};

/** A running transaction as its callback's `tx` knows it. */
export interface RunningTransaction {
  /** What runs after the commit, by key. */
  readonly steps: Map<unknown, AfterCommitStep>;
  /** The handle's announcements (who hears this instance's and the others' wake-ups). */
  readonly announcements: Announcements;
  /** The (channel, payload) pairs already sent to the other instances in this transaction. */
  readonly notified: Set<string>;
  /** The channels the transaction announced on: what it reads of their data may be its own, uncommitted. */
  readonly channels: Set<Channel>;
}

/** How a NOTIFY is remembered in `notified`. */
export const notificationKey = (channel: Channel, payload: string) => `${channel}:${payload}`;

/** Each running transaction, by the tx object its callback was given. */
const running = new WeakMap<object, RunningTransaction>();

/** The transaction `tx` belongs to, while its callback runs; undefined for a connection outside one. */
export function runningTransaction(tx: object): RunningTransaction | undefined {
  return running.get(tx);
}

/**
 * Runs `step` after the transaction `tx` belongs to commits; never if it rolls back. Steps registered
 * under one `key` (by default the step itself) run once per transaction, however often registered.
 */
export function afterCommit(tx: object, step: AfterCommitStep, key: unknown = step): void {
  const transaction = running.get(tx);
  // Outside a transaction there is no commit to wait for: the caller wanted a transaction.
  if (!transaction) throw new Error("afterCommit() needs the tx of a running transaction");
  if (!transaction.steps.has(key)) transaction.steps.set(key, step);
}

/**
 * For database.ts: runs `callback` as the transaction on `tx`, collecting the steps it registers, and
 * answers them with its value. Between two callbacks on one connection (SQLite's writer) `tx` is the
 * same object, so the list is opened and closed around each.
 */
export async function collectAfterCommit<T>(
  tx: object,
  announcements: Announcements,
  callback: () => Promise<T>,
): Promise<{ value: T; steps: AfterCommitStep[] }> {
  const transaction: RunningTransaction = { steps: new Map(), announcements, notified: new Set(), channels: new Set() };
  running.set(tx, transaction);
  try {
    const value = await callback();
    return { value, steps: [...transaction.steps.values()] };
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
