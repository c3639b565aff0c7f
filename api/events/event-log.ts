/**
 * The change log behind the live streams. Every change that staff or diners should see live is
 * appended here in the same transaction as the change itself, so a stream never announces something
 * that was rolled back, and a reconnecting client can ask for everything after the last id it saw.
 * `announceEvents()` wakes this instance's broadcaster at once (broadcaster.ts); it also reads the
 * table on a tick, for rows other instances wrote.
 */
import { EventEmitter } from "node:events";
import { lt } from "drizzle-orm";
import type { ServerEvents } from "../../contract/schemas";
import type { DbOrTx } from "../db/client";
import { events } from "../db/schema";
import type { Logger } from "../lib/logger";

export type EventType = keyof ServerEvents;

export const eventSignal = new EventEmitter();
eventSignal.setMaxListeners(0);

export const EVENT_APPENDED = "appended";

export function recordEvent<T extends EventType>(
  db: DbOrTx,
  event: {
    branchId: number;
    type: T;
    orderId?: string | null;
    /** The table the event concerns: it then reaches that table's diner stream. */
    stationId?: string | null;
    payload: ServerEvents[T];
  },
): void {
  db.insert(events)
    .values({
      branchId: event.branchId,
      type: event.type,
      orderId: event.orderId ?? null,
      stationId: event.stationId ?? null,
      payload: JSON.stringify(event.payload),
      createdAt: new Date().toISOString(),
    })
    .run();
}

/** Call after the transaction that recorded events has committed. */
export function announceEvents(): void {
  eventSignal.emit(EVENT_APPENDED);
}

/** Streams resume from recent ids only; rows older than this are of no use to anyone. */
export const EVENT_RETENTION_MS = 7 * 24 * 3_600_000;

/** Deletes events older than the retention window. Returns how many went. */
export function pruneEvents(db: DbOrTx, now = new Date()): number {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_MS).toISOString();
  return db.delete(events).where(lt(events.createdAt, cutoff)).run().changes;
}

export const PRUNE_EVERY_MS = 3_600_000;

/**
 * Prunes now and then every `everyMs`, so a server that runs for weeks keeps a week of events, not
 * everything since it started. Returns the function that stops it.
 */
export function schedulePruning(db: DbOrTx, logger: Logger, everyMs = PRUNE_EVERY_MS): () => void {
  const prune = () => {
    try {
      const removed = pruneEvents(db);
      if (removed > 0) logger.info("pruned old events", { removed });
    } catch (error) {
      // A locked or busy database: the next run catches up.
      logger.error("pruning old events failed", { error: String(error) });
    }
  };
  prune();
  const timer = setInterval(prune, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
