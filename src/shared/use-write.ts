/**
 * The one way a screen sends a change (useServerData is the one way it reads): `run(write)` marks the
 * screen busy while the write is out, clears the last problem, and turns a failure into the client's
 * one error (ApiError, the contract's error body with its message and details) for the screen's error
 * box, in the screen's words when it says how. A screen that writes several things at once (a board's
 * orders) names each write by a key: each is busy on its own, and a second run of the same key while
 * the first is out is not sent (a double tap sends one request).
 */
import { useState, useSyncExternalStore } from "react";
import { asApiError, isAbort, type ApiError } from "./api-client";

export type WriteKey = string | number;

export interface WriteOptions {
  /** Which thing this write changes, when a screen writes several at once (an order's id). */
  key?: WriteKey;
  /**
   * The failure as the screen says it ("Order #12 was not updated: …"), or null when the screen has
   * dealt with it and there is nothing to show. Without it, the server's own words.
   */
  problem?(error: ApiError): ApiError | null;
}

export interface WriteState {
  /** The keys of the writes still out (a screen's one write has a key of its own). */
  pending: ReadonlySet<WriteKey | symbol>;
  problem: ApiError | null;
}

/** Without a key, a screen's writes are one: busy together. */
const ONE_WRITE = Symbol("one write");

/** The state and its rules, without React: what the hook below wraps (and the unit tests drive). */
export class WriteStore {
  state: WriteState = { pending: new Set(), problem: null };
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private set(next: Partial<WriteState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Sends `write` (and whatever it does with the answer); true when it went through, false when it failed or was not sent. */
  run = async (write: () => Promise<unknown>, options: WriteOptions = {}): Promise<boolean> => {
    const key = options.key ?? ONE_WRITE;
    if (this.state.pending.has(key)) return false;
    this.set({ pending: new Set(this.state.pending).add(key), problem: null });
    try {
      await write();
      return true;
    } catch (error) {
      if (!isAbort(error)) {
        const problem = asApiError(error);
        this.set({ problem: options.problem ? options.problem(problem) : problem });
      }
      return false;
    } finally {
      const pending = new Set(this.state.pending);
      pending.delete(key);
      this.set({ pending });
    }
  };

  /** A problem the screen found itself (clientError), or null to clear the last one. */
  setProblem = (problem: ApiError | null) => this.set({ problem });
}

/**
 * A screen's writes: `run(write, options)`, `busy` while any is out (`busyWith(key)` for one of
 * several), and `problem`, the last one's failure (for ProblemMessage), cleared by the next run.
 */
export function useWrite() {
  const [store] = useState(() => new WriteStore());
  const { pending, problem } = useSyncExternalStore(store.subscribe, () => store.state);
  return {
    run: store.run,
    busy: pending.size > 0,
    busyWith: (key: WriteKey) => pending.has(key),
    problem,
    setProblem: store.setProblem,
  };
}
