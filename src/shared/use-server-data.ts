/**
 * The one way a screen holds server data (docs/decisions/0016): a snapshot read for a key (a branch,
 * a table, an order), kept current by the tab's live stream, read again when the stream reconnects or
 * an event cannot be applied. Every answer is checked against the key and the request that asked:
 * an answer for a key the screen has left, or one a newer request overtook, is dropped. Events that
 * arrive while a request is in flight are applied on top of its answer (they may be newer than it).
 */
import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import { asApiError, isAbort, type ApiError } from "./api-client";
import { useLiveEvents, type LiveEvent } from "./use-live-events";

/** `error` when ready: the last reload failed, so what shows may be out of date. */
export type ServerData<T> =
  { status: "loading" } | { status: "failed"; error: ApiError } | { status: "ready"; data: T; error: ApiError | null };

/** What `reduce` returns for an event it cannot apply: the data is read again instead. */
export const RELOAD = Symbol("reload");

export interface ServerDataOptions<K, T> {
  /** Whose data (a branch id, a table id); null = nothing to load yet. */
  key: K | null;
  load(key: K, signal: AbortSignal): Promise<T>;
  /** The live stream (use-live-events paths) that keeps it current; null = none. */
  stream?: string | null;
  /**
   * The data with `event` applied, RELOAD to read it again, or undefined (or the same data) when the
   * event is not about it. No data yet: `data` is undefined.
   */
  reduce?(data: T | undefined, event: LiveEvent, key: K): T | typeof RELOAD | undefined;
  /** How a fresh answer combines with what shows (default: it replaces it). */
  merge?(shown: T | undefined, answer: T): T;
  /** What shows at once for a key while its first answer loads (a cache). */
  initial?(key: K): T | undefined;
  /** Told of each new data for the current key (answers and applied events): to fill a cache or a store. */
  onData?(data: T, key: K): void;
  /** Hears each readable event before it is applied, with the data as it was: for notifications. */
  onEvent?(event: LiveEvent, data: T | undefined): void;
  onOpen?(): void;
  onRefused?(): void;
  /** Reads asked for within this long are gathered into one (a busy night brings several events a second). */
  reloadDelayMs?: number;
  /** Also read again this often while the page is visible, when it comes back into view, and back online. */
  refreshEveryMs?: number;
  /** Read again on the stream's first open too (default): events between the first answer and the open are lost otherwise. */
  reloadOnFirstOpen?: boolean;
}

function startState<K, T>(options: ServerDataOptions<K, T>, key: K | null): ServerData<T> {
  const cached = key === null ? undefined : options.initial?.(key);
  return cached === undefined ? { status: "loading" } : { status: "ready", data: cached, error: null };
}

/** The state and its rules, without React: what the hook below wraps (and the unit tests drive). */
export class ServerDataStore<K, T> {
  key: K | null = null;
  state: ServerData<T> = { status: "loading" };
  private generation = 0;
  private inFlight: { seen: LiveEvent[]; controller: AbortController } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private opened = false;
  private readonly listeners = new Set<() => void>();

  constructor(public options: ServerDataOptions<K, T>) {}

  private get data(): T | undefined {
    return this.state.status === "ready" ? this.state.data : undefined;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private set(state: ServerData<T>): void {
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }

  private show(data: T, error: ApiError | null): void {
    this.set({ status: "ready", data, error });
    if (this.key !== null) this.options.onData?.(data, this.key);
  }

  /** Follows `key` from now on: whatever is still on its way for the last one is dropped. */
  follow(key: K | null): void {
    this.stop();
    this.key = key;
    this.opened = false;
    this.set(startState(this.options, key));
    void this.load();
  }

  stop(): void {
    this.generation += 1;
    this.inFlight?.controller.abort();
    this.inFlight = null;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  async load(): Promise<void> {
    const key = this.key;
    if (key === null) return;
    const mine = ++this.generation;
    this.inFlight?.controller.abort();
    const inFlight = { seen: [] as LiveEvent[], controller: new AbortController() };
    this.inFlight = inFlight;
    const current = () => mine === this.generation && key === this.key;
    try {
      const answer = await this.options.load(key, inFlight.controller.signal);
      if (!current()) return;
      const { merge, reduce } = this.options;
      let data = merge ? merge(this.data, answer) : answer;
      let again = false;
      for (const event of inFlight.seen) {
        const next = reduce?.(data, event, key);
        if (next === RELOAD) again = true;
        else if (next !== undefined) data = next;
      }
      this.show(data, null);
      if (again) this.reloadSoon();
    } catch (cause) {
      if (isAbort(cause) || !current()) return;
      const error = asApiError(cause);
      this.set(this.state.status === "ready" ? { ...this.state, error } : { status: "failed", error });
    } finally {
      if (this.inFlight === inFlight) this.inFlight = null;
    }
  }

  reloadSoon(): void {
    const delay = this.options.reloadDelayMs ?? 0;
    if (delay === 0) return void this.load();
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.load();
    }, delay);
  }

  /** Reads again; a failed screen shows "loading" meanwhile, a ready one keeps its data. */
  reload = (): void => {
    if (this.state.status === "failed") this.set({ status: "loading" });
    void this.load();
  };

  /** Changes the data shown (an action's answer), as an event would; only while `key` is still the one followed. */
  update = (change: (data: T | undefined) => T | undefined, key: K | null = this.key): void => {
    if (key === null || key !== this.key) return;
    const next = change(this.data);
    if (next !== undefined) this.show(next, null);
  };

  onEvent(event: LiveEvent | null): void {
    const key = this.key;
    if (key === null) return;
    if (event === null) return this.reloadSoon(); // unreadable: read the data instead
    const { onEvent, reduce } = this.options;
    onEvent?.(event, this.data);
    this.inFlight?.seen.push(event);
    // No data yet and a request on its way: the event is applied on top of its answer.
    if (!reduce || (this.data === undefined && this.inFlight)) return;
    const next = reduce(this.data, event, key);
    if (next === RELOAD) this.reloadSoon();
    else if (next !== undefined && next !== this.data) this.show(next, null);
  }

  onRefused(): void {
    this.options.onRefused?.();
  }

  onOpen(): void {
    const first = !this.opened;
    this.opened = true;
    if (!first || this.options.reloadOnFirstOpen !== false) this.reloadSoon();
    this.options.onOpen?.();
  }
}

export function useServerData<K extends string | number, T>(options: ServerDataOptions<K, T>) {
  const { key, stream = null, refreshEveryMs } = options;
  const [store] = useState(() => new ServerDataStore<K, T>(options));
  useLayoutEffect(() => {
    store.options = options;
  });
  const shown = useSyncExternalStore(store.subscribe, () => store.state);
  // Until the effect below follows a new key, the last key's data must not show, not even for a frame.
  const state = store.key === key ? shown : startState(options, key);

  useEffect(() => {
    store.follow(key);
    return () => store.stop();
  }, [store, key]);

  const load = useCallback(() => void store.load(), [store]);
  useEffect(() => {
    if (refreshEveryMs === undefined || key === null) return;
    const whenVisible = () => document.visibilityState === "visible" && load();
    const timer = setInterval(whenVisible, refreshEveryMs);
    document.addEventListener("visibilitychange", whenVisible);
    window.addEventListener("online", load);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", whenVisible);
      window.removeEventListener("online", load);
    };
  }, [key, refreshEveryMs, load]);

  const connection = useLiveEvents(key === null ? null : stream, store);

  return { state, reload: store.reload, update: store.update, connection };
}
