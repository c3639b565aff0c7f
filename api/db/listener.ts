/**
 * How instances on one PostgreSQL database hear each other's announcements (api/db/announce.ts): one
 * dedicated connection per instance LISTENs on every channel, and each NOTIFY another instance's
 * committed transaction sent is handed to this instance's announcements, as its own are after its
 * commits. NOTIFYs sent by this instance's own connections are left out: it heard them already.
 *
 * While the connection is down another instance's change could go unheard, so the announcements say
 * so (`hearsAll` false: nothing read from the database is kept in memory meanwhile); once it is back,
 * everyone who keeps something starts afresh and the live streams read what they missed.
 */
import pg from "pg";
import type { Logger } from "../lib/logger";
import { CHANNELS, type Announcements, type Channel } from "./announcements";

export interface ChangeListener {
  close(): Promise<void>;
}

const MAX_BACKOFF_MS = 5_000;
const isChannel = (name: string): name is Channel => (CHANNELS as readonly string[]).includes(name);

export async function listenForChanges(
  pool: pg.Pool,
  ownBackends: ReadonlySet<number>,
  announcements: Announcements,
  logger: Pick<Logger, "info" | "error">,
): Promise<ChangeListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let backoffMs = 100;

  const onNotification = (message: pg.Notification) => {
    if (ownBackends.has(message.processId) || !isChannel(message.channel)) return;
    announcements.hear(message.channel, message.payload ?? "");
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
    announcements.setHearsAll(true);
  };

  const lost = (which: pg.Client, error: Error) => {
    if (closed || which !== client) return;
    client = null;
    logger.error("lost the PostgreSQL change notifications; reconnecting", { error: error.message });
    announcements.setHearsAll(false);
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
