/**
 * The change log behind the live streams. Every change that staff or diners should see live is
 * appended here in the same transaction as the change itself, so a stream never announces something
 * that was rolled back, and a reconnecting client can ask for everything after the last id it saw.
 * Once the transaction commits, this instance's broadcaster wakes at once (broadcaster.ts); it also
 * reads the table on a tick, for rows other instances wrote.
 */
import { EventEmitter } from "node:events";
import { lt, sql } from "drizzle-orm";
import type { ServerEvents } from "../../contract/schemas";
import { afterCommit } from "../db/after-commit";
import type { Db } from "../db/database";
import { affectedRows, lockInTransaction, notifyOnCommit, preparedQuery, tablesOf } from "../db/dialect";
import type { ServiceDeps } from "../service-deps";

export type EventType = keyof ServerEvents;

export const eventSignal = new EventEmitter();
eventSignal.setMaxListeners(0);

export const EVENT_APPENDED = "appended";

const insertEvent = preparedQuery("insert_event", (db, t) =>
  db.insert(t.events).values({
    branchId: sql.placeholder("branchId"),
    type: sql.placeholder("type"),
    orderId: sql.placeholder("orderId"),
    tableId: sql.placeholder("tableId"),
    payload: sql.placeholder("payload"),
    createdAt: sql.placeholder("createdAt"),
  }),
);

/**
 * Appends an event in the caller's transaction, as its last write: on PostgreSQL the append lock is
 * held from here to the commit, so event ids become visible in increasing order (a stream resuming
 * after id N can never miss a lower id committed later), and the other instances are told on commit.
 * This instance's streams wake after the commit, once per transaction however many events it records.
 */
export async function recordEvent<T extends EventType>(
  tx: Db,
  event: {
    branchId: number;
    type: T;
    orderId?: string | null;
    /** The table the event concerns: it then reaches that table's diner stream. */
    tableId?: string | null;
    payload: ServerEvents[T];
  },
): Promise<void> {
  await lockInTransaction(tx, "eventAppend");
  await insertEvent(tx).execute({
    branchId: event.branchId,
    type: event.type,
    orderId: event.orderId ?? null,
    tableId: event.tableId ?? null,
    payload: JSON.stringify(event.payload),
    createdAt: new Date().toISOString(),
  });
  await notifyOnCommit(tx, "events", "");
  afterCommit(tx, announceEvents);
}

function announceEvents(): void {
  eventSignal.emit(EVENT_APPENDED);
}

/** Streams resume from recent ids only; rows older than this are of no use to anyone. */
export const EVENT_RETENTION_MS = 7 * 24 * 3_600_000;

/** Deletes events older than the retention window. Returns how many went. */
export async function pruneEvents({ database, clock }: Pick<ServiceDeps, "database" | "clock">): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - EVENT_RETENTION_MS).toISOString();
  return database.transaction(async (tx) => {
    const { events } = tablesOf(tx);
    return affectedRows(await tx.delete(events).where(lt(events.createdAt, cutoff)));
  });
}

export const PRUNE_EVERY_MS = 3_600_000;

/**
 * Prunes now and then every `everyMs`, so a server that runs for weeks keeps a week of events, not
 * everything since it started. Returns the function that stops it.
 */
export function schedulePruning(deps: ServiceDeps, everyMs = PRUNE_EVERY_MS): () => void {
  const { logger } = deps;
  const prune = () =>
    pruneEvents(deps).then(
      (removed) => {
        if (removed > 0) logger.info("pruned old events", { removed });
      },
      // A locked or busy database: the next run catches up.
      (error: unknown) => logger.error("pruning old events failed", { error: String(error) }),
    );
  void prune();
  const timer = setInterval(prune, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
