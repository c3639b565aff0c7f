/**
 * The one way a screen holds server data (docs/decisions/0016): a snapshot read for a key (a branch,
 * a table, an order), kept current by the tab's live stream, read again when the stream reconnects or
 * an event cannot be applied. Every answer is checked against the key and the request that asked:
 * an answer for a key the screen has left, or one a newer request overtook, is dropped. Events that
 * arrive while a request is in flight are applied on top of its answer (they may be newer than it).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { asApiError, isAbort, type ApiError } from "./api-client";
import { useLiveEvents, type Connection, type LiveEvent } from "./use-live-events";

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

interface Held<K, T> {
  key: K | null;
  state: ServerData<T>;
}

export function useServerData<K extends string | number, T>(options: ServerDataOptions<K, T>) {
  const { key, stream = null, refreshEveryMs } = options;
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });

  const startState = (forKey: K | null): ServerData<T> => {
    const cached = forKey === null ? undefined : optionsRef.current.initial?.(forKey);
    return cached === undefined ? { status: "loading" } : { status: "ready", data: cached, error: null };
  };
  // The state is held with its key, so a changed key never shows the last key's data, not even for a frame.
  const [heldNow, setHeld] = useState<Held<K, T>>(() => ({ key, state: startState(key) }));
  let held = heldNow;
  if (held.key !== key) {
    held = { key, state: startState(key) };
    setHeld(held);
  }

  const live = useRef({
    key,
    data: held.state.status === "ready" ? held.state.data : (undefined as T | undefined),
    generation: 0,
    inFlight: null as { seen: LiveEvent[]; controller: AbortController } | null,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    opened: false,
  });

  const show = useCallback((forKey: K, data: T, error: ApiError | null) => {
    live.current.data = data;
    setHeld((current) => (current.key === forKey ? { key: forKey, state: { status: "ready", data, error } } : current));
    optionsRef.current.onData?.(data, forKey);
  }, []);

  const load = useCallback(async () => {
    const forKey = live.current.key;
    if (forKey === null) return;
    const mine = ++live.current.generation;
    live.current.inFlight?.controller.abort();
    const inFlight = { seen: [] as LiveEvent[], controller: new AbortController() };
    live.current.inFlight = inFlight;
    const current = () => mine === live.current.generation && forKey === live.current.key;
    try {
      const answer = await optionsRef.current.load(forKey, inFlight.controller.signal);
      if (!current()) return;
      const { merge, reduce } = optionsRef.current;
      let data = merge ? merge(live.current.data, answer) : answer;
      let again = false;
      for (const event of inFlight.seen) {
        const next = reduce?.(data, event, forKey);
        if (next === RELOAD) again = true;
        else if (next !== undefined) data = next;
      }
      show(forKey, data, null);
      if (again) reloadSoon();
    } catch (cause) {
      if (isAbort(cause) || !current()) return;
      const error = asApiError(cause);
      setHeld((shown) => {
        if (shown.key !== forKey) return shown;
        const state: ServerData<T> = shown.state.status === "ready" ? { ...shown.state, error } : { status: "failed", error };
        return { key: forKey, state };
      });
    } finally {
      if (live.current.inFlight === inFlight) live.current.inFlight = null;
    }
    // reloadSoon is defined below from the same refs; it never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);

  const reloadSoon = useCallback(() => {
    const delay = optionsRef.current.reloadDelayMs ?? 0;
    if (delay === 0) return void load();
    if (live.current.timer !== undefined) return;
    live.current.timer = setTimeout(() => {
      live.current.timer = undefined;
      void load();
    }, delay);
  }, [load]);

  useEffect(() => {
    const refs = live.current;
    refs.key = key;
    refs.opened = false;
    refs.data = key === null ? undefined : optionsRef.current.initial?.(key);
    void load();
    return () => {
      // Whatever is still on its way was asked for this key: it must not land on the next one.
      refs.generation += 1;
      refs.inFlight?.controller.abort();
      refs.inFlight = null;
      clearTimeout(refs.timer);
      refs.timer = undefined;
    };
  }, [key, load]);

  useEffect(() => {
    if (refreshEveryMs === undefined || key === null) return;
    const refresh = () => void load();
    const whenVisible = () => document.visibilityState === "visible" && refresh();
    const timer = setInterval(whenVisible, refreshEveryMs);
    document.addEventListener("visibilitychange", whenVisible);
    window.addEventListener("online", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", whenVisible);
      window.removeEventListener("online", refresh);
    };
  }, [key, refreshEveryMs, load]);

  const connection: Connection = useLiveEvents(key === null ? null : stream, {
    onEvent: (event) => {
      const forKey = live.current.key;
      if (forKey === null) return;
      if (event === null) return reloadSoon(); // unreadable: read the data instead
      const { onEvent, reduce } = optionsRef.current;
      onEvent?.(event, live.current.data);
      live.current.inFlight?.seen.push(event);
      // No data yet and a request on its way: the event is applied on top of its answer.
      if (!reduce || (live.current.data === undefined && live.current.inFlight)) return;
      const next = reduce(live.current.data, event, forKey);
      if (next === RELOAD) reloadSoon();
      else if (next !== undefined && next !== live.current.data)
        show(forKey, next, held.state.status === "ready" ? held.state.error : null);
    },
    onOpen: () => {
      const first = !live.current.opened;
      live.current.opened = true;
      if (!first || optionsRef.current.reloadOnFirstOpen !== false) reloadSoon();
      optionsRef.current.onOpen?.();
    },
    onRefused: () => optionsRef.current.onRefused?.(),
  });

  /** Changes the data shown (an action's answer), as an event would. */
  const update = useCallback(
    (change: (data: T | undefined) => T) => {
      const forKey = live.current.key;
      if (forKey !== null) show(forKey, change(live.current.data), null);
    },
    [show],
  );

  /** Reads again; a failed screen shows "loading" meanwhile, a ready one keeps its data. */
  const reload = useCallback(() => {
    setHeld((shown) => (shown.state.status === "failed" ? { key: shown.key, state: { status: "loading" } } : shown));
    void load();
  }, [load]);

  return { state: held.state, reload, update, connection };
}
