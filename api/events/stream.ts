/**
 * One server-sent event stream: a catch-up from the `events` table after the client's Last-Event-ID,
 * then the broadcaster's live rows (broadcaster.ts).
 *
 * The handover has no gap and no duplicate: in one synchronous step the stream joins the broadcaster
 * and notes the broadcaster's last row id, `upTo`. The catch-up reads exactly (cursor, upTo], in
 * batches, as the client takes them; the broadcaster delivers only rows above `upTo`, which wait in
 * memory until the catch-up is sent. A client that has seen more than this instance has fanned out
 * (its cursor came from another instance) gets only rows above its cursor.
 *
 * Frames are written straight to Node's response, the bytes encoded once for every stream: sending a
 * row to 10,000 streams is 10,000 `write`s of one buffer, with no web stream, promise or reader per
 * socket in between. An idle stream holds no promise, timer or query of its own.
 */
import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import type { StreamLimits } from "../config";
import { RetryLaterError } from "../lib/errors";
import { nodeResponseOf } from "../lib/response-head";
import type { Broadcaster, LiveRow, Subscriber } from "./broadcaster";
import { eventFrame, HEARTBEAT_FRAME } from "./broadcaster";
import type { EventFilter } from "./filter";
import type { VisitWatch } from "../visits/visit-service";

/** Sent by a table's stream whose visit went idle, just before the server closes it (no id: nothing to resume). */
const VISIT_IDLE_FRAME = Buffer.from(`event: visit.ended\ndata: {"reason":"idle"}\n\n`);

/** Catch-up rows per read: a long disconnect is replayed a batch at a time, as the client reads. */
const BACKLOG_BATCH = 200;
/** Bytes queued for a client that isn't reading before it is cut off (it resumes from its last id). */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** Live rows held during a catch-up before the stream gives up and lets the client resume instead. */
const MAX_HELD_ROWS = 5_000;
/** What a refused client is told to wait; EventSource ignores it, the web app's own retry uses its own backoff. */
export const BUSY_RETRY_AFTER_SECONDS = 10;

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  // nginx buffers proxied responses unless told not to; a buffered stream delivers nothing live.
  "X-Accel-Buffering": "no",
};

export interface StreamRequest {
  filter: EventFilter;
  /** The client's Last-Event-ID; null = "from now on". */
  lastEventId: number | null;
  /** Asked on the broadcaster's re-check tick; false ends the stream (e.g. the staff session ended). */
  stillAllowed?: () => Promise<boolean>;
  /** A signed-in staff member's stream: it may use the whole cap, the staff reserve included. */
  staff: boolean;
  /** This stream's view of an event's payload (e.g. an order without its table's key); none = as stored. */
  rewrite?: (row: LiveRow) => string;
  /** A table's stream follows one visit and ends with it (api/visits/visit-service.ts). */
  visit?: VisitWatch;
}

/**
 * The answer to a stream request: the stream, its headers only for HEAD, or 503 busy at the cap —
 * for an anonymous stream, at the cap less the staff reserve (API.md "Trust at the table"), so
 * whatever anonymous clients open, the kitchen's streams still find room on this instance.
 */
export function eventStreamResponse(c: Context, broadcaster: Broadcaster, limits: StreamLimits, request: StreamRequest): Response {
  // HEAD gets the headers only: a stream opened for it would have no reader and never end.
  if (c.req.method === "HEAD") return c.body(null, 200, STREAM_HEADERS);
  if (broadcaster.size >= limits.all || (!request.staff && broadcaster.anonymousSize >= limits.anonymous)) {
    throw new RetryLaterError(
      503,
      "busy",
      "The server has too many live connections right now. Please try again shortly.",
      BUSY_RETRY_AFTER_SECONDS,
    );
  }
  const outgoing = nodeResponseOf(c);
  if (!outgoing) throw new Error("a live stream is written to Node's response: serve the app with @hono/node-server");
  outgoing.writeHead(200, STREAM_HEADERS);
  new LiveStream(broadcaster, request, outgoing);
  // The head and frames go out through `outgoing`: the adapter is told to write nothing more.
  return new Response(null, { headers: { [ALREADY_SENT]: "true" } });
}

/** @hono/node-server's mark of an answer the handler wrote to Node's response itself. */
const ALREADY_SENT = "x-hono-already-sent";

class LiveStream implements Subscriber {
  readonly filter: EventFilter;
  readonly expiresAt: number;
  readonly stillAllowed?: () => Promise<boolean>;
  readonly staff: boolean;
  private readonly rewrite?: (row: LiveRow) => string;
  private readonly visit?: VisitWatch;
  /** Catch-up position; null once the catch-up is complete and rows go out as they arrive. */
  private backlogAfter: number | null;
  private readonly backlogUpTo: number;
  /** Live rows above this id are for this client (everything up to it is sent or in the catch-up). */
  private readonly liveAfter: number;
  private held: LiveRow[] = [];
  private done = false;

  constructor(
    private readonly broadcaster: Broadcaster,
    request: StreamRequest,
    private readonly outgoing: ServerResponse,
  ) {
    const { timing } = broadcaster;
    this.filter = request.filter;
    this.stillAllowed = request.stillAllowed;
    this.staff = request.staff;
    this.rewrite = request.rewrite;
    this.visit = request.visit;
    this.expiresAt = Date.now() + timing.maxAgeMs - Math.random() * timing.maxAgeMs * 0.1;

    // One synchronous step: read the broadcaster's position and join it (see the file comment).
    const upTo = broadcaster.lastId;
    const cursor = request.lastEventId ?? upTo;
    this.backlogUpTo = upTo;
    this.backlogAfter = cursor < upTo ? cursor : null;
    this.liveAfter = Math.max(cursor, upTo);

    // The client went away (or was dropped): 'close' comes once, also after a normal end.
    outgoing.once("close", () => this.finish());
    if (outgoing.destroyed) {
      this.done = true; // gone before the stream began
      return;
    }
    outgoing.write(`retry: ${timing.retryMs}\n: connected\n\n`);
    broadcaster.add(this);
    if (this.backlogAfter !== null) void this.catchUp();
  }

  deliver(row: LiveRow): void {
    if (this.done || row.id <= this.liveAfter) return;
    if (this.backlogAfter !== null) {
      this.held.push(row);
      if (this.held.length > MAX_HELD_ROWS) this.fail();
      return;
    }
    this.emit(row);
  }

  /** Sends a row, unless it ends the stream's visit: then the visit's end is the last thing sent. */
  private emit(row: LiveRow, catchUp = false): void {
    if (this.done) return;
    const verdict = this.visit?.see(row) ?? "continues";
    if (verdict === "superseded") return this.endWith(VISIT_IDLE_FRAME);
    if (verdict === "silent") return;
    // A catch-up batch is read only when the client has room (catchUp), so it is never cut off for size.
    if (catchUp) this.outgoing.write(this.frameOf(row));
    else this.send(this.frameOf(row));
    if (verdict === "ended") this.end();
  }

  /** Asked on every tick: a table's stream whose visit went idle says so and ends. */
  poll(): void {
    if (!this.done && this.backlogAfter === null && this.visit?.lapsed()) this.endWith(VISIT_IDLE_FRAME);
  }

  private endWith(frame: Uint8Array): void {
    if (this.done) return;
    this.outgoing.write(frame);
    this.end();
  }

  private frameOf(row: LiveRow): Uint8Array {
    return this.rewrite ? eventFrame(row.id, row.type, this.rewrite(row)) : row.frame;
  }

  heartbeat(): void {
    if (!this.done && this.backlogAfter === null) this.send(HEARTBEAT_FRAME);
  }

  end(): void {
    if (this.done) return;
    this.finish();
    this.outgoing.end(); // what is queued still goes out, then the client reconnects
  }

  /** Sends the catch-up a batch at a time, each once the client has taken the one before. */
  private async catchUp(): Promise<void> {
    while (!this.done && this.backlogAfter !== null) {
      let rows: LiveRow[];
      try {
        rows = await this.broadcaster.readBacklog(this.filter, this.backlogAfter, this.backlogUpTo, BACKLOG_BATCH);
      } catch {
        this.fail(); // the client reconnects and retries the catch-up from its last id
        return;
      }
      if (this.done) return;
      for (const row of rows) this.emit(row, true);
      if (this.done) return;
      this.backlogAfter = rows.at(-1)?.id ?? this.backlogUpTo;
      if (rows.length < BACKLOG_BATCH) {
        this.backlogAfter = null;
        const held = this.held;
        this.held = [];
        for (const row of held) this.emit(row, true);
        return;
      }
      if (this.outgoing.writableNeedDrain) await this.drained();
    }
  }

  /** Resolves once the client has read what is queued, or is gone. */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.outgoing.off("drain", done);
        this.outgoing.off("close", done);
        resolve();
      };
      this.outgoing.on("drain", done);
      this.outgoing.on("close", done);
    });
  }

  private send(frame: Uint8Array): void {
    this.outgoing.write(frame);
    if (this.outgoing.writableLength > MAX_QUEUED_BYTES) this.fail();
  }

  /** Drops the connection and what is queued for it; the client resumes from the last id it got. */
  private fail(): void {
    if (this.done) return;
    this.finish();
    this.outgoing.destroy();
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.held = [];
    this.broadcaster.remove(this);
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
