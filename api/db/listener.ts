/**
 * How instances on one PostgreSQL database hear each other's changes: one dedicated connection per
 * instance LISTENs on the channels that services NOTIFY in their transactions (dialect.ts
 * `notifyOnCommit`), so a notification arrives only for a committed change.
 * - `events`: new rows in the event log → this instance's broadcaster reads the table (which stays the
 *   only source of what streams send, so a lost notification delays a row by one tick, never loses it).
 * - `menu` (payload: branch id) → this instance drops that branch's cached menu.
 * - `printers`: print jobs were queued → this instance's print dispatcher reads the queue too.
 * - `sessions`: staff accounts were signed out or changed → this instance re-checks its staff streams now.
 * While the connection is down, another instance's menu change could go unheard, so the menu cache is
 * bypassed until it is back; then every stream is woken to read what it missed.
 */
import pg from "pg";
import type { Logger } from "../lib/logger";
import type { NotifyChannel } from "./dialect";

/** What hears the changes: this instance's live streams and its cached menus (server.ts passes its context). */
export interface ChangeTargets {
  liveEvents: { poke(): void; recheckNow(): Promise<void> | void };
  printers: { wake(): void };
  menuCache: { invalidate(branchId: number): void; setBypassed(bypassed: boolean): void };
}

export interface ChangeListener {
  close(): Promise<void>;
}

const CHANNELS: readonly NotifyChannel[] = ["events", "menu", "printers", "sessions"];
const MAX_BACKOFF_MS = 5_000;

export async function listenForChanges(
  pool: pg.Pool,
  context: ChangeTargets,
  logger: Pick<Logger, "info" | "error">,
): Promise<ChangeListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let backoffMs = 100;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === "events") context.liveEvents.poke();
    else if (message.channel === "printers") context.printers.wake();
    else if (message.channel === "sessions") void context.liveEvents.recheckNow();
    else if (message.channel === "menu") {
      const branchId = Number(message.payload);
      if (Number.isInteger(branchId)) context.menuCache.invalidate(branchId);
    }
  };

  const connect = async (): Promise<void> => {
    // A connection of its own, outside the pool: LISTEN belongs to one session for as long as it lives.
    const next = new pg.Client(pool.options);
    next.on("notification", onNotification);
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("connection ended")));
    await next.connect();
    for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    backoffMs = 100;
    context.menuCache.setBypassed(false);
    context.liveEvents.poke();
  };

  const lost = (which: pg.Client, error: Error) => {
    if (closed || which !== client) return;
    client = null;
    logger.error("lost the PostgreSQL change notifications; reconnecting", { error: error.message });
    context.menuCache.setBypassed(true);
    which.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: Error) => {
        logger.error("reconnecting to PostgreSQL notifications failed", { error: error.message });
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
        scheduleReconnect();
      });
    }, backoffMs);
    retryTimer.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
