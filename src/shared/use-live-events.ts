/**
 * The tab's live event streams. Every listener in the tab shares one EventSource per stream path
 * (see the paths in api.ts): the order screen and the order-status screen hear the same table
 * stream, the kitchen board and its sold-out switches the same branch stream.
 *
 * EventSource reconnects by itself after a dropped connection (or the server's hourly close) and
 * sends Last-Event-ID, so the server replays what was missed. If the server refuses the stream
 * outright (503 busy, signed out, a proxy's error page) the browser gives up; we then retry with a
 * growing, randomised delay, passing the last id seen as `?last_event_id=`. The connection outlives
 * a screen change by a moment, so going from the menu to the cart keeps the same stream.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ServerEvents } from "../../contract/schemas";
import { API_BASE } from "./api-client";

export type LiveEvent = { [K in keyof ServerEvents]: { type: K; data: ServerEvents[K] } }[keyof ServerEvents];
export type Connection = "connecting" | "live" | "reconnecting";

const EVENT_TYPES = [
  "order.created",
  "order.updated",
  "product.updated",
  "order.unseen",
  "call.created",
  "call.updated",
  "cart.updated",
  "visit.ended",
  "printer.offline",
  "printer.online",
  "tab.updated",
  "tab.closed",
  "branch.updated",
  "table.updated",
] as const satisfies readonly (keyof ServerEvents)[];

/**
 * How long a stream nobody listens to stays open: the cart screen has nothing live until the order
 * is sent, so menu → cart → submit keeps the one stream instead of closing and reopening it. An idle
 * stream costs the server next to nothing.
 */
const LINGER_MS = 60_000;
const MAX_RETRY_MS = 30_000;

export interface LiveEventHandlers {
  /** `event` is null when an event arrived unreadable: reload whatever it would have updated. */
  onEvent(event: LiveEvent | null): void;
  /** The stream is (re)connected: a good moment to refetch, in case anything was missed meanwhile. */
  onOpen?(): void;
  /** The server refused the stream (busy, or the staff session ended). */
  onRefused?(): void;
}

interface Listener extends LiveEventHandlers {
  onConnection(connection: Connection): void;
}

/** Listens to the tab's shared stream at `path` while mounted (null = none); returns its connection state. */
export function useLiveEvents(path: string | null, handlers: LiveEventHandlers): Connection {
  const [connection, setConnection] = useState<Connection>("connecting");
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (path === null || typeof EventSource !== "function") return;
    return join(path, {
      onEvent: (event) => handlersRef.current.onEvent(event),
      onOpen: () => handlersRef.current.onOpen?.(),
      onRefused: () => handlersRef.current.onRefused?.(),
      onConnection: setConnection,
    });
  }, [path]);

  return connection;
}

const streams = new Map<string, SharedStream>();

/**
 * Table streams whose visit has ended (the server sent `visit.ended` and closed them): they stay
 * closed, whoever listens, until the diner asks to join the table's next visit (rejoinStream). The
 * phone remembers them across a reload: a reload (or a fresh scan of the same QR code, which opens the
 * same URL) keeps saying the visit is over instead of joining whoever sits at the table next.
 */
const ENDED_KEY = "limitless.endedStreams";
/** A phone used at many tables remembers only its latest few. */
const ENDED_KEEP = 20;
const endedPaths = new Set<string>(readEnded());
const endedListeners = new Set<() => void>();
const subscribeEnded = (listener: () => void) => {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
};

function readEnded(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ENDED_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((path): path is string => typeof path === "string") : [];
  } catch {
    return []; // no storage (private mode): the page still knows, until it is reloaded
  }
}

function endedChanged(): void {
  try {
    localStorage.setItem(ENDED_KEY, JSON.stringify([...endedPaths].slice(-ENDED_KEEP)));
  } catch {
    // as in readEnded()
  }
  endedListeners.forEach((listener) => listener());
}

/** Whether the table's visit that the stream at `path` followed has ended (API.md "Trust at the table"). */
export function useStreamEnded(path: string | null): boolean {
  return useSyncExternalStore(subscribeEnded, () => path !== null && endedPaths.has(path));
}

/** The diner asked to join the table's next visit: the stream at `path` opens again, from now on. */
export function rejoinStream(path: string): void {
  endedPaths.delete(path);
  streams.get(path)?.restart();
  endedChanged();
}

function join(path: string, listener: Listener): () => void {
  let stream = streams.get(path);
  if (!stream) {
    stream = new SharedStream(path);
    streams.set(path, stream);
  }
  stream.add(listener);
  const joined = stream;
  return () => joined.remove(listener);
}

class SharedStream {
  private readonly listeners = new Set<Listener>();
  private source: EventSource | null = null;
  private connection: Connection = "connecting";
  private lastEventId = "";
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly path: string) {}

  add(listener: Listener): void {
    this.listeners.add(listener);
    listener.onConnection(this.connection);
    clearTimeout(this.lingerTimer);
    if (!this.source && this.retryTimer === undefined && !endedPaths.has(this.path)) this.connect();
  }

  /** Opens again after the visit ended, without resuming: the next visit starts with nothing of the last. */
  restart(): void {
    this.lastEventId = "";
    if (!this.source && this.retryTimer === undefined && this.listeners.size > 0) this.connect();
  }

  /** The visit this stream followed is over: the server closes the stream, and it must not reconnect. */
  private endVisit(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
    this.lastEventId = "";
    endedPaths.add(this.path);
    endedChanged();
  }

  remove(listener: Listener): void {
    this.listeners.delete(listener);
    if (this.listeners.size > 0) return;
    clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => this.close(), LINGER_MS);
  }

  private close(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
    streams.delete(this.path);
  }

  private each(call: (listener: Listener) => void): void {
    for (const listener of [...this.listeners]) call(listener);
  }

  private setConnection(connection: Connection): void {
    this.connection = connection;
    this.each((listener) => listener.onConnection(connection));
  }

  private connect(): void {
    this.retryTimer = undefined;
    const resume = this.lastEventId ? `${this.path.includes("?") ? "&" : "?"}last_event_id=${encodeURIComponent(this.lastEventId)}` : "";
    const source = new EventSource(`${API_BASE}${this.path}${resume}`);
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      this.setConnection("live");
      this.each((listener) => listener.onOpen?.());
    };
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        const message = event as MessageEvent<string>;
        if (message.lastEventId) this.lastEventId = message.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          data = undefined;
        }
        const parsed = data === undefined || data === null ? null : ({ type, data } as LiveEvent);
        this.each((listener) => listener.onEvent(parsed));
        if (type === "visit.ended") this.endVisit();
      });
    }
    source.onerror = () => {
      this.setConnection("reconnecting");
      if (source.readyState !== EventSource.CLOSED) return; // the browser is already reconnecting
      source.close();
      this.source = null;
      this.failures += 1;
      this.each((listener) => listener.onRefused?.());
      // Randomised so that phones refused together (a busy or restarting server) don't return together.
      const delay = Math.min(MAX_RETRY_MS, 1_000 * 2 ** this.failures) * (0.5 + Math.random() / 2);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }
}
