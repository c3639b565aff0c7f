/**
 * The diner tab's one live stream. The order screen (sold-out switches) and the order-status screen
 * (its order's progress) both listen through this hook, and every listener in the tab shares one
 * EventSource per stream: GET /api/stations/{id}/events, which carries the table's orders and its
 * branch's product updates. A menu opened without a table listens to its branch's product updates.
 *
 * EventSource reconnects by itself after a dropped connection (or the server's hourly close) and
 * sends Last-Event-ID, so the server replays what was missed. If the server refuses the stream
 * outright (503 busy, a proxy's error page) the browser gives up; we then retry with a growing,
 * randomised delay, passing the last id seen as `?last_event_id=`. The connection outlives a screen
 * change by a moment, so going from the menu to the cart keeps the same stream.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import type { ServerEvents } from "../../../contract/schemas";
import { API_BASE } from "../../lib/api-client";

export type DinerEventType = "order.created" | "order.updated" | "product.updated";

export type DinerEvent = { [K in DinerEventType]: { type: K; data: ServerEvents[K] } }[DinerEventType];

const EVENT_TYPES: readonly DinerEventType[] = ["order.created", "order.updated", "product.updated"];

/**
 * How long a stream nobody listens to stays open: the cart screen has nothing live until the order
 * is sent, so menu → cart → submit keeps the one stream instead of closing and reopening it. An idle
 * stream costs the server next to nothing.
 */
const LINGER_MS = 60_000;
const MAX_RETRY_MS = 30_000;

export interface DinerEventHandlers {
  /** `event` is null when an event arrived unreadable: reload whatever it would have updated. */
  onEvent(event: DinerEvent | null): void;
  /** The stream is (re)connected: a good moment to refetch, in case anything was missed meanwhile. */
  onOpen?(): void;
}

export function stationEventsPath(stationId: string): string {
  return `/stations/${encodeURIComponent(stationId)}/events`;
}

export function branchProductEventsPath(branchId: number): string {
  return `/products/events?branch_id=${branchId}`;
}

/** Listens to the tab's shared stream at `path` (see the paths above) while mounted; null = none. */
export function useDinerEvents(path: string | null, handlers: DinerEventHandlers): void {
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (path === null || typeof EventSource !== "function") return;
    return join(path, {
      onEvent: (event) => handlersRef.current.onEvent(event),
      onOpen: () => handlersRef.current.onOpen?.(),
    });
  }, [path]);
}

const streams = new Map<string, SharedStream>();

function join(path: string, listener: DinerEventHandlers): () => void {
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
  private readonly listeners = new Set<DinerEventHandlers>();
  private source: EventSource | null = null;
  private lastEventId = "";
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly path: string) {}

  add(listener: DinerEventHandlers): void {
    this.listeners.add(listener);
    clearTimeout(this.lingerTimer);
    if (!this.source && this.retryTimer === undefined) this.connect();
  }

  remove(listener: DinerEventHandlers): void {
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

  private connect(): void {
    this.retryTimer = undefined;
    const resume = this.lastEventId ? `${this.path.includes("?") ? "&" : "?"}last_event_id=${encodeURIComponent(this.lastEventId)}` : "";
    const source = new EventSource(`${API_BASE}${this.path}${resume}`);
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      for (const listener of [...this.listeners]) listener.onOpen?.();
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
        const parsed = data === undefined || data === null ? null : ({ type, data } as DinerEvent);
        for (const listener of [...this.listeners]) listener.onEvent(parsed);
      });
    }
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return; // the browser is already reconnecting
      source.close();
      this.source = null;
      this.failures += 1;
      // Randomised so that phones refused together (a busy or restarting server) don't return together.
      const delay = Math.min(MAX_RETRY_MS, 1_000 * 2 ** this.failures) * (0.5 + Math.random() / 2);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }
}
