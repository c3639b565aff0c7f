/**
 * The branch's live event stream (GET /api/events). EventSource reconnects by itself after a dropped
 * connection and sends Last-Event-ID, so the server replays what was missed. If the server refuses
 * the stream outright (an HTTP error: signed out, a proxy's 502) the browser gives up; we then retry
 * with backoff ourselves, passing the last id we saw as `?last_event_id=`.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ServerEvents } from "../../../contract/schemas";
import { API_BASE } from "../../lib/api-client";

export type Connection = "connecting" | "live" | "reconnecting";

export type LiveEvent = { [K in keyof ServerEvents]: { type: K; data: ServerEvents[K] } }[keyof ServerEvents];

const EVENT_TYPES = ["order.created", "order.updated", "product.updated"] as const satisfies readonly (keyof ServerEvents)[];

export interface LiveEventHandlers {
  onEvent(event: LiveEvent): void;
  /** Connected (first time or again): a good moment to refetch, in case anything was missed. */
  onOpen(): void;
  /** The server refused the stream; the session may have ended. */
  onRefused(): void;
}

export function useLiveEvents(path: string, handlers: LiveEventHandlers): Connection {
  const [connection, setConnection] = useState<Connection>("connecting");
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let lastEventId = "";
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    setConnection("connecting");

    const connect = () => {
      const resume = lastEventId ? `${path.includes("?") ? "&" : "?"}last_event_id=${encodeURIComponent(lastEventId)}` : "";
      const current = new EventSource(`${API_BASE}${path}${resume}`);
      source = current;
      current.onopen = () => {
        failures = 0;
        setConnection("live");
        handlersRef.current.onOpen();
      };
      for (const type of EVENT_TYPES) {
        current.addEventListener(type, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            console.error(`Ignored a malformed ${type} event`, message.data);
            return;
          }
          handlersRef.current.onEvent({ type, data } as LiveEvent);
        });
      }
      current.onerror = () => {
        setConnection("reconnecting");
        if (current.readyState !== EventSource.CLOSED) return; // the browser is already retrying
        current.close();
        failures += 1;
        handlersRef.current.onRefused();
        retryTimer = setTimeout(connect, Math.min(30_000, 1_000 * 2 ** failures));
      };
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [path]);

  return connection;
}
