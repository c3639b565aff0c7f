/**
 * One server-sent event stream over the `events` table (see event-log.ts).
 *
 * The table is the source of truth: the stream sends every row after the client's cursor, oldest first,
 * with `id:` = the row id, so a client that reconnects with Last-Event-ID gets exactly what it missed.
 * It wakes at once on this instance's in-process signal, and also polls the table every `pollMs`, so
 * several app instances sharing one database still see each other's changes within about a second.
 * Heartbeat comments keep proxies and load balancers from closing an idle stream.
 */
import type { Context } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import type { EventType } from "./event-log";

export interface StoredEvent {
  id: number;
  type: EventType;
  payload: string;
}

export interface EventStreamSource {
  /** Rows with id > afterId that this stream may send, oldest first, at most `limit`. */
  read(afterId: number, limit: number): StoredEvent[];
  /** The newest row id in the table: where a client that has seen nothing yet starts ("from now on"). */
  latestId(): number;
  /** In-process wake-up; returns the unsubscribe function. */
  subscribe(wake: () => void): () => void;
  /** Re-checked every heartbeat; false ends the stream (e.g. the staff session was signed out). */
  stillAllowed?(): boolean;
}

export interface EventStreamTiming {
  pollMs: number;
  heartbeatMs: number;
  /** Reconnection delay the browser should use (the SSE `retry:` field). */
  retryMs: number;
}

export const DEFAULT_TIMING: EventStreamTiming = { pollMs: 1_000, heartbeatMs: 15_000, retryMs: 2_000 };

/** Enough to catch up after a long disconnect without holding one huge write. */
const BATCH = 200;

export function eventStream(
  c: Context,
  source: EventStreamSource,
  lastEventId: number | null,
  timing: EventStreamTiming = DEFAULT_TIMING,
): Response {
  // Tell proxies (nginx) not to buffer the stream.
  c.header("X-Accel-Buffering", "no");
  // HEAD gets the headers only. Opening the stream for it would leave a loop nobody reads or aborts
  // (the answer is complete, so the request never signals "abort"), polling the database forever.
  if (c.req.method === "HEAD") return c.body(null, 200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  return streamSSE(c, async (stream) => {
    let cursor = lastEventId ?? source.latestId();
    const wakeUp = new WakeUp();
    const unsubscribe = source.subscribe(() => wakeUp.fire());
    const stop = () => {
      stream.abort();
      wakeUp.fire();
    };
    stream.onAbort(() => wakeUp.fire());
    c.req.raw.signal.addEventListener("abort", stop, { once: true });

    try {
      await stream.write(`retry: ${timing.retryMs}\n: connected\n\n`);
      let lastBeat = Date.now();
      while (isOpen(stream)) {
        wakeUp.reset();
        const rows = source.read(cursor, BATCH);
        for (const row of rows) {
          if (!isOpen(stream)) return;
          await stream.writeSSE({ id: String(row.id), event: row.type, data: row.payload });
          cursor = row.id;
        }
        if (rows.length === BATCH) continue;

        if (Date.now() - lastBeat >= timing.heartbeatMs) {
          if (source.stillAllowed && !source.stillAllowed()) return;
          await stream.write(": heartbeat\n\n");
          lastBeat = Date.now();
        }
        await wakeUp.wait(Math.min(timing.pollMs, timing.heartbeatMs));
      }
    } finally {
      unsubscribe();
      c.req.raw.signal.removeEventListener("abort", stop);
    }
  });
}

function isOpen(stream: SSEStreamingApi): boolean {
  return !stream.aborted && !stream.closed;
}

/** A timer that an in-process signal can cut short, and that remembers a signal fired while not waiting. */
class WakeUp {
  private pending = false;
  private resolve: (() => void) | null = null;

  fire(): void {
    this.pending = true;
    this.resolve?.();
  }

  reset(): void {
    this.pending = false;
  }

  wait(ms: number): Promise<void> {
    if (this.pending) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resolve = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.resolve = done;
    });
  }
}

/**
 * The client's cursor: the Last-Event-ID header (sent by EventSource on its own reconnects) wins over
 * the `?last_event_id=` query (for clients that cannot set headers, or that reconnect by hand).
 * Returns null when neither is given, undefined when one is given but is not an event id.
 */
export function parseLastEventId(header: string | undefined, query: string | undefined): number | null | undefined {
  const raw = header?.trim() || query?.trim();
  if (!raw) return null;
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}
