/**
 * The worker of a durable queue kept in the database — the print jobs (api/printers/dispatcher.ts,
 * docs/decisions/0021) and the mail outbox (api/mail/mailer.ts, 0029) —, each item sent once as far as
 * the far end allows:
 *
 * 1. Claim: the queue's own atomic UPDATE turns one item `sending` under a fresh token and a lease,
 *    committed before anything is sent; two instances never both claim one item. An item whose
 *    sender died (its lease lapsed) is claimed first, and said to be `stale`.
 * 2. Send it.
 * 3. Mark it done under the same token, at once. A failed send puts it back, due again after a
 *    backoff, and ends the drain: the far end is down for the rest too.
 *
 * `QueueWaker` runs a pass when any instance announced new items on the queue's channel (after its
 * commit, api/db/announce.ts), when the announcements may have been missed, and on its own tick (other
 * instances' items, ended backoffs, lapsed leases): one pass at a time, and a wake-up during a pass
 * makes one more after it. Each queue keeps its own table, queries, backoff and what it does with a
 * failure; this is only the loop they share.
 */
import { randomUUID } from "node:crypto";
import type { Channel } from "../db/announcements";
import type { DatabaseHandle, Db } from "../db/database";
import type { Clock } from "./clock";
import type { Logger } from "./logger";

export interface QueueWakerOptions {
  /** The announcement that new items were queued. */
  channel: Channel;
  /** How often the queue is read without being woken. */
  tickMs: number;
  /** What the logger says when a pass failed ("reading the print queue failed"). */
  failureMessage: string;
}

export class QueueWaker {
  private pass: Promise<void> | undefined;
  private passAgain = false;
  private stoppedNow = true;
  private tick: ReturnType<typeof setInterval> | undefined;
  private unsubscribe = () => {};

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: Pick<Logger, "error">,
    private readonly options: QueueWakerOptions,
    private readonly runPass: () => Promise<void>,
  ) {}

  get stopped(): boolean {
    return this.stoppedNow;
  }

  start(): void {
    if (!this.stoppedNow) return;
    this.stoppedNow = false;
    const { announcements } = this.database;
    const wake = () => this.wake();
    const stopHearing = [announcements.on(this.options.channel, wake), announcements.onMissed(wake)];
    this.unsubscribe = () => stopHearing.forEach((stop) => stop());
    this.tick = setInterval(wake, this.options.tickMs);
    this.tick.unref();
    this.wake();
  }

  /** Runs a pass now, or one more after the pass under way. */
  wake(): void {
    if (this.stoppedNow) return;
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = this.runPass()
      .catch((error: unknown) => this.logger.error(this.options.failureMessage, { error: String(error) }))
      .finally(() => {
        this.pass = undefined;
        if (this.passAgain) {
          this.passAgain = false;
          this.wake();
        }
      });
  }

  /** Stops waking; settles once the pass under way has finished. */
  async stop(): Promise<void> {
    this.stoppedNow = true;
    this.unsubscribe();
    if (this.tick) clearInterval(this.tick);
    await this.pass;
  }
}

export interface Lease {
  token: string;
  leaseUntil: Date;
}

/** An item claimed under `token`; `stale`: its earlier sender's lease lapsed, so it may have been sent once already. */
export interface Claimed<Item> {
  item: Item;
  token: string;
  stale: boolean;
}

/** One queue's own part: its claim, its send, its marks (each in the transaction handed in). */
export interface QueueDelivery<Item> {
  /** The item in words, for the log ("print job", "mail"). */
  name: string;
  /** What the log says to name one item (its ids). */
  logFields(item: Item): Record<string, unknown>;
  /** How long a claim holds: longer than the longest send. */
  leaseMs: number;
  /** Claims the oldest due item under `lease`; `stale`: only one whose lease lapsed. */
  claim(tx: Db, lease: Lease, now: Date, stale: boolean): Promise<Item | undefined>;
  send(claimed: Claimed<Item>): Promise<void>;
  /** Marks it done under its token; false: the claim had lapsed and another sender took it. */
  markDone(tx: Db, claimed: Claimed<Item>, now: Date): Promise<boolean>;
  /** Puts it back after a failed send, due again after the queue's backoff. */
  putBack(tx: Db, claimed: Claimed<Item>, error: unknown, now: Date): Promise<void>;
}

/**
 * Claims, sends and marks due items one after another until none is due, `stopped()` says so, or a
 * send fails: then the item is put back and the failure returned (`sent`: how many were sent before).
 */
export async function drainQueue<Item>(
  database: DatabaseHandle,
  clock: Clock,
  logger: Pick<Logger, "warn">,
  delivery: QueueDelivery<Item>,
  stopped: () => boolean,
  events: { sent?(claimed: Claimed<Item>): Promise<void> } = {},
): Promise<{ failed: { claimed: Claimed<Item>; error: unknown } } | undefined> {
  while (!stopped()) {
    const claimed = await claimNext(database, clock, delivery);
    if (!claimed) return undefined;
    try {
      await delivery.send(claimed);
    } catch (error) {
      await database.transaction((tx) => delivery.putBack(tx, claimed, error, clock.now()));
      return { failed: { claimed, error } };
    }
    const marked = await database.transaction((tx) => delivery.markDone(tx, claimed, clock.now()));
    if (!marked) logger.warn(`a ${delivery.name}'s claim lapsed while it was being sent`, delivery.logFields(claimed.item));
    await events.sent?.(claimed);
  }
  return undefined;
}

/** An item whose sender died first (its lease lapsed), then the oldest due one. */
function claimNext<Item>(database: DatabaseHandle, clock: Clock, delivery: QueueDelivery<Item>): Promise<Claimed<Item> | undefined> {
  const token = randomUUID();
  const now = clock.now();
  const lease = { token, leaseUntil: new Date(now.getTime() + delivery.leaseMs) };
  return database.transaction(async (tx) => {
    const stale = await delivery.claim(tx, lease, now, true);
    if (stale) return { item: stale, token, stale: true };
    const item = await delivery.claim(tx, lease, now, false);
    return item && { item, token, stale: false };
  });
}
