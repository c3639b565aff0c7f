/**
 * The change log behind the live streams. Every change that staff or diners should see live is
 * appended here in the same transaction as the change itself, so a stream never announces something
 * that was rolled back, and a reconnecting client can ask for everything after the last id it saw.
 * Once the transaction commits, every instance's broadcaster hears of it (broadcaster.ts); each also
 * reads the table on a tick, in case a notification was lost.
 */
import { lt } from "drizzle-orm";
import type { ServerEvents } from "../../contract/schemas";
import { announce } from "../db/announce";
import type { Db } from "../db/database";
import { affectedRows, appendEvents, tablesOf } from "../db/dialect";
import type { ServiceDeps } from "../service-deps";

export type EventType = keyof ServerEvents;

/** An event to record: what changed, for whom (branch, table, order), and what streams send of it. */
export interface NewEvent<T extends EventType = EventType> {
  branchId: number;
  type: T;
  orderId?: string | null;
  /** The table the event concerns: it then reaches that table's diner stream. */
  tableId?: string | null;
  payload: ServerEvents[T];
  /** The payload as JSON when the caller has it already (an order's answer): stored as it is, not serialized again. */
  json?: string;
}

/**
 * Appends events in the caller's transaction, in one statement, as its last write: on PostgreSQL the
 * append lock is held from here to the commit, so event ids become visible in increasing order (a
 * stream resuming after id N can never miss a lower id committed later). Once the transaction commits,
 * every instance hears the last id (`announce` on `events`) and its streams read the log.
 */
export async function recordEvents(tx: Db, events: readonly NewEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const createdAt = now.toISOString();
  const lastId = await appendEvents(
    tx,
    events.map((event) => ({
      branchId: event.branchId,
      type: event.type,
      orderId: event.orderId ?? null,
      tableId: event.tableId ?? null,
      payload: event.json ?? JSON.stringify(event.payload),
      createdAt,
    })),
  );
  await announce(tx, "events", String(lastId));
}

/** One event (see recordEvents); `now` is the server's one clock (ServiceDeps.clock), as the caller read it. */
export function recordEvent<T extends EventType>(tx: Db, event: NewEvent<T>, now: Date): Promise<void> {
  return recordEvents(tx, [event as NewEvent], now);
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
