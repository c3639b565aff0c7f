/**
 * One reader of the `events` table per server, fanning each new row out to every open stream whose
 * filter matches. However many streams are open, the table is read once per wake-up: after this
 * process's own writes (`poke()`, after each commit that recorded events) and once per tick for rows other instances
 * wrote. An idle stream costs no query and no timer of its own: one shared tick sends the heartbeats
 * that are due (each stream's at its own phase, so thousands of streams never all get theirs in the
 * same tick and stall other requests), ends streams that reached their age limit, and re-asks the
 * few streams that have a `stillAllowed` check (staff sessions).
 *
 * An announcement carries the last id appended: with no stream open there is nothing to read, and the
 * position just moves past it. Reading "every id above the last one seen" relies on
 * ids becoming visible in increasing order, which SQLite's single writer guarantees; a database with
 * concurrent writers needs its own ordering guarantee (e.g. one writer of event ids at a time).
 */
import { and, asc, gt, lte, max, sql } from "drizzle-orm";
import type { Announcements } from "../db/announcements";
import type { Db } from "../db/database";
import { preparedQuery, tablesOf } from "../db/dialect";
import type { Logger } from "../lib/logger";
import type { EventType } from "./event-log-service";
import { filterSql, matchesFilter, type EventFilter, type EventKeys } from "./filter";

export interface StreamTiming {
  /** How often the table is read for rows this process was not told about (other instances' writes). */
  pollMs: number;
  /**
   * A stream that sent nothing for this long gets a comment, so proxies don't drop it as dead
   * (nginx's and most load balancers' idle limit is 60 s).
   */
  heartbeatMs: number;
  /** The reconnection delay browsers are told to use (the SSE `retry:` field). */
  retryMs: number;
  /**
   * The server ends a stream after about this long (minus up to 10 %, so streams opened together
   * don't all reconnect together); the client resumes with Last-Event-ID. Bounds how long a stream
   * outlives a deploy, a revoked capability or a balancer's idea of which instance is healthy.
   */
  maxAgeMs: number;
  /** How often `stillAllowed` is asked of the streams that have it. */
  recheckMs: number;
}

export const DEFAULT_STREAM_TIMING: StreamTiming = {
  pollMs: 1_000,
  heartbeatMs: 30_000,
  retryMs: 2_000,
  maxAgeMs: 3_600_000,
  // Only staff streams carry a check (a handful per branch: boards and tablets), each one primary-key
  // lookup, so this costs well under one query a second; a signed-out board goes dark within 30 s.
  recheckMs: 30_000,
};

/** A row as streams receive it, with its server-sent-event frame encoded once (a Buffer, which Node writes as it is) for all of them. */
export interface LiveRow extends EventKeys {
  id: number;
  /** The stored JSON, for a stream that sends its own view of it (see StreamRequest.rewrite). */
  payload: string;
  frame: Uint8Array;
}

export interface Subscriber {
  readonly filter: EventFilter;
  /** A signed-in staff member's stream: it may use the reserve anonymous streams leave free. */
  readonly staff?: boolean;
  /** When the tick ends this stream (ms since the epoch). */
  readonly expiresAt: number;
  /** A row with a higher id than any delivered before; only rows that match the filter arrive. */
  deliver(row: LiveRow): void;
  heartbeat(): void;
  stillAllowed?(): Promise<boolean>;
  /** Ends the stream normally; the client reconnects and resumes. */
  end(): void;
  /** Asked on every tick (cheap, no query): the stream may end itself, e.g. when its table's visit went idle. */
  poll?(): void;
}

/** Rows per read: enough for any burst, small enough that one read never blocks the loop for long. */
const BATCH = 500;

export function eventFrame(id: number, type: EventType, payload: string): Uint8Array {
  // Stored payloads are single-line JSON; splitting keeps the frame valid whatever a row holds.
  const data = payload
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join("");
  return Buffer.from(`event: ${type}\n${data}id: ${id}\n\n`);
}

/** A derived event's frame: no `id:` line, so the client's Last-Event-ID stays that of the last stored row. */
function derivedFrame(type: EventType, payload: string): Uint8Array {
  return Buffer.from(`event: ${type}\ndata: ${payload.replace(/\r\n|\r|\n/g, "")}\n\n`);
}

export const HEARTBEAT_FRAME = Buffer.from(": heartbeat\n\n");

const columnsOf = ({ events }: ReturnType<typeof tablesOf>) => ({
  id: events.id,
  type: events.type,
  branchId: events.branchId,
  tableId: events.tableId,
  orderId: events.orderId,
  payload: events.payload,
  createdAt: events.createdAt,
});

/**
 * Told of every row read while streams are open (whether any stream took it), a batch at a time: what
 * derives live events of its own from the log (the floor plan's `table.updated`, api/dining-tables/floor-watch.ts).
 */
export type RowWatcher = (rows: readonly (EventKeys & { id: number; payload: string })[]) => void;

/** A live event derived from the log rather than stored in it: sent without an SSE id (a reconnecting client reloads instead). */
export interface DerivedEvent extends EventKeys {
  /** The id of the log row it follows from: a stream opened after that row does not get it. */
  after: number;
  payload: string;
}

/** Told of each row handed to at least one stream: its type and when it was recorded (ISO-8601), e.g. for the fan-out lag metric. */
export type FanOutObserver = (type: EventType, createdAt: string) => void;

// Asked after every write while no stream is open, to move past the new rows.
const readLatestId = preparedQuery("events_latest_id", (db, t) => db.select({ id: max(t.events.id) }).from(t.events));

const readAfter = preparedQuery("events_after", (db, t) =>
  db
    .select(columnsOf(t))
    .from(t.events)
    .where(gt(t.events.id, sql.placeholder("after")))
    .orderBy(asc(t.events.id))
    .limit(BATCH),
);

type EventRow = EventKeys & { id: number; payload: string; createdAt: string };

const toLive = (row: EventRow): LiveRow => ({
  id: row.id,
  type: row.type,
  branchId: row.branchId,
  tableId: row.tableId,
  orderId: row.orderId,
  payload: row.payload,
  frame: eventFrame(row.id, row.type, row.payload),
});

export class Broadcaster {
  readonly timing: StreamTiming;
  /** Each open stream, with when its next heartbeat is due. */
  private readonly subscribers = new Map<Subscriber, { beatAt: number }>();
  /** How many of them are not staff streams. */
  private anonymous = 0;
  private latest = 0;
  private pumpQueued = false;
  /** The running read, if any: a poke during it queues one more read after it, never a second one beside it. */
  private pumping: Promise<void> | null = null;
  private readAgain = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private lastRecheck = Date.now();
  private unsubscribe: Array<() => void> = [];
  private readonly observers = new Set<FanOutObserver>();
  private readonly rowWatchers = new Set<RowWatcher>();

  constructor(
    private readonly db: Db,
    private readonly announcements: Announcements,
    private readonly logger: Logger,
    timing: Partial<StreamTiming> = {},
  ) {
    this.timing = { ...DEFAULT_STREAM_TIMING, ...timing };
  }

  private async readLatest(): Promise<number> {
    const [row] = await readLatestId(this.db).execute();
    return Number(row?.id ?? 0);
  }

  /** The id of the newest row fanned out: a stream opened now gets every later row live. */
  get lastId(): number {
    return this.latest;
  }

  /** Open streams (the MAX_EVENT_STREAMS count). */
  get size(): number {
    return this.subscribers.size;
  }

  /** Open streams that are not staff streams (the count that stops short of the staff reserve). */
  get anonymousSize(): number {
    return this.anonymous;
  }

  /** Adds an observer of the rows fanned out (api/metrics); returns what removes it. */
  observe(observer: FanOutObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Adds a watcher of every row read (see RowWatcher); returns what removes it. */
  watchRows(watcher: RowWatcher): () => void {
    this.rowWatchers.add(watcher);
    return () => this.rowWatchers.delete(watcher);
  }

  /** Whether an open stream would receive an event with these keys. */
  wants(keys: EventKeys): boolean {
    for (const subscriber of this.subscribers.keys()) if (matchesFilter(subscriber.filter, keys)) return true;
    return false;
  }

  /** Sends a derived event to every open stream it matches, now. */
  sendDerived(event: DerivedEvent): void {
    let live: LiveRow | undefined;
    for (const subscriber of this.subscribers.keys()) {
      if (!matchesFilter(subscriber.filter, event)) continue;
      live ??= { ...event, id: event.after, frame: derivedFrame(event.type, event.payload) };
      subscriber.deliver(live);
    }
  }

  /** Learns where the log ends (streams opened from now on start there), then listens and ticks. */
  async start(): Promise<void> {
    if (this.timer) return;
    this.latest = await this.readLatest();
    this.unsubscribe = [
      this.announcements.on("events", (lastId) => this.appended(Number(lastId))),
      // Staff were signed out or lost a branch: their streams are asked again now, not at the next round.
      this.announcements.on("sessions", () => void this.recheckNow()),
      this.announcements.onMissed(() => this.poke()),
    ];
    this.timer = setInterval(() => void this.tick(), this.timing.pollMs);
    this.timer.unref();
  }

  /** Stops reading and ends every open stream. */
  stop(): void {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const subscriber of [...this.subscribers.keys()]) subscriber.end();
    this.subscribers.clear();
    this.anonymous = 0;
  }

  /**
   * Rows up to `lastId` were committed. With no stream open and no read under way there is nothing to
   * send and nothing to read: the position moves past them (a stream opened later starts there).
   */
  private appended(lastId: number): void {
    if (this.subscribers.size === 0 && !this.pumping && Number.isSafeInteger(lastId) && lastId > 0) {
      this.latest = Math.max(this.latest, lastId);
      return;
    }
    this.poke();
  }

  /**
   * New rows may be in the table. Reads happen on the next turn of the event loop, so a burst of
   * writes (or of pokes from several sources) costs one read, and a write's request never waits for it.
   */
  poke(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      void this.pump();
    });
  }

  /**
   * Reads every row after the last one fanned out, and hands each to the streams it matches. One read
   * at a time: a call during a read makes that read go round once more, and resolves after it.
   */
  pump(): Promise<void> {
    if (this.pumping) {
      this.readAgain = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.readAgain = false;
        await this.readAndFanOut();
      } while (this.readAgain && !this.stopped);
    })().finally(() => {
      this.pumping = null;
    });
    return this.pumping;
  }

  private async readAndFanOut(): Promise<void> {
    // A wake-up queued before stop() must not read a database that is being closed.
    if (this.stopped) return;
    try {
      if (this.subscribers.size === 0) {
        // Nobody to send to: just move past the new rows (a stream opened later catches up itself)…
        const latest = await this.readLatest();
        // …unless one joined during the read: it expects every row after the position it was given.
        if (this.subscribers.size === 0) {
          this.latest = Math.max(this.latest, latest);
          return;
        }
      }
      for (;;) {
        if (this.stopped) return;
        const rows = (await readAfter(this.db).execute({ after: this.latest })) as EventRow[];
        // An event is as good as a heartbeat: the stream's next one waits a full interval.
        const beatAt = Date.now() + this.timing.heartbeatMs;
        for (const row of rows) {
          this.latest = row.id;
          let live: LiveRow | undefined; // encoded once, and only if some stream wants it
          for (const [subscriber, state] of this.subscribers) {
            if (!matchesFilter(subscriber.filter, row)) continue;
            live ??= toLive(row);
            subscriber.deliver(live);
            state.beatAt = beatAt;
          }
          if (live) for (const observer of this.observers) observer(row.type, row.createdAt);
        }
        if (rows.length > 0)
          for (const watcher of this.rowWatchers) {
            try {
              watcher(rows);
            } catch (error) {
              this.logger.error("a live-row watcher failed", { error: String(error) });
            }
          }
        if (rows.length < BATCH) return;
      }
    } catch (error) {
      // The next tick tries again from the same row; streams stay open meanwhile.
      this.logger.error("reading live events failed", { error: String(error) });
    }
  }

  /**
   * Adds a stream; from now on it receives every matching row with an id above `lastId` (read
   * `lastId` in the same synchronous step, before anything else can pump). The caller checks the cap.
   */
  add(subscriber: Subscriber): void {
    // A random first heartbeat spreads streams that connect together (e.g. after a restart).
    if (this.subscribers.has(subscriber)) return;
    this.subscribers.set(subscriber, { beatAt: Date.now() + Math.random() * this.timing.heartbeatMs });
    if (!subscriber.staff) this.anonymous++;
  }

  remove(subscriber: Subscriber): void {
    if (this.subscribers.delete(subscriber) && !subscriber.staff) this.anonymous--;
  }

  /** A stream's catch-up: matching rows with afterId < id ≤ upTo, oldest first. */
  async readBacklog(filter: EventFilter, afterId: number, upTo: number, limit: number): Promise<LiveRow[]> {
    const t = tablesOf(this.db);
    const rows: EventRow[] = await this.db
      .select(columnsOf(t))
      .from(t.events)
      .where(and(filterSql(t.events, filter), gt(t.events.id, afterId), lte(t.events.id, upTo)))
      .orderBy(asc(t.events.id))
      .limit(limit);
    return rows.map(toLive);
  }

  /** The shared tick: other instances' rows, due heartbeats, age limits, permission re-checks. */
  tick(now = Date.now()): Promise<void> {
    const read = this.pump();
    const recheck = now - this.lastRecheck >= this.timing.recheckMs;
    if (recheck) this.lastRecheck = now;
    const checks: Promise<void>[] = [];
    for (const [subscriber, state] of this.subscribers) {
      if (now >= subscriber.expiresAt) {
        subscriber.end();
      } else {
        subscriber.poll?.();
        if (recheck && subscriber.stillAllowed) checks.push(this.recheck(subscriber));
        if (now >= state.beatAt) {
          subscriber.heartbeat();
          state.beatAt = now + this.timing.heartbeatMs;
        }
      }
    }
    return Promise.all([read, ...checks]).then(() => undefined);
  }

  /** Re-asks every stream's `stillAllowed` now (an account was signed out or lost a branch), rather than at the next round. */
  recheckNow(): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const subscriber of this.subscribers.keys()) if (subscriber.stillAllowed) checks.push(this.recheck(subscriber));
    return Promise.all(checks).then(() => undefined);
  }

  private async recheck(subscriber: Subscriber): Promise<void> {
    try {
      if (!(await subscriber.stillAllowed!())) subscriber.end();
    } catch (error) {
      // The database is briefly unavailable: keep the stream; the next check decides.
      this.logger.error("re-checking a live stream failed", { error: String(error) });
    }
  }
}
