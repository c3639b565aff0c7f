/**
 * The change log behind the live streams. Every change that staff or diners should see live is
 * appended here in the same transaction as the change itself, so a stream never announces something
 * that was rolled back, and a reconnecting client can ask for everything after the last id it saw.
 * `eventSignal` wakes this instance's open streams at once; streams also poll, for other instances.
 */
import { EventEmitter } from "node:events";
import { lt } from "drizzle-orm";
import type { ServerEvents } from "../../contract/schemas";
import type { DbOrTx } from "../db/client";
import { events } from "../db/schema";

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

/** Deletes events older than the retention window; run at start-up. Returns how many went. */
export function pruneEvents(db: DbOrTx, now = new Date()): number {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_MS).toISOString();
  return db.delete(events).where(lt(events.createdAt, cutoff)).run().changes;
}
