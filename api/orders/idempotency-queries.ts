/**
 * Idempotency-Key handling: a phone on flaky Wi-Fi retries the same submission with the same key;
 * the first success is stored and replayed, so the kitchen gets the order exactly once.
 */
import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { DatabaseHandle, Db } from "../db/database";
import { affectedRows, preparedQuery, tablesOf } from "../db/dialect";

export const KEY_RETENTION_MS = 48 * 3_600_000;
/** How often expired keys are deleted (see pruneExpiredKeysHourly). */
export const KEY_PRUNE_EVERY_MS = 3_600_000;

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: string;
}

export const hashRequest = (body: unknown) => createHash("sha256").update(JSON.stringify(body)).digest("hex");

const findKey = preparedQuery("find_idempotency_key", (db, t) =>
  db
    .select({ requestHash: t.idempotencyKeys.requestHash, statusCode: t.idempotencyKeys.statusCode, body: t.idempotencyKeys.responseBody })
    .from(t.idempotencyKeys)
    .where(eq(t.idempotencyKeys.key, sql.placeholder("key")))
    .limit(1),
);

const insertKey = preparedQuery("insert_idempotency_key", (db, t) =>
  db.insert(t.idempotencyKeys).values({
    key: sql.placeholder("key"),
    requestHash: sql.placeholder("requestHash"),
    statusCode: sql.placeholder("statusCode"),
    responseBody: sql.placeholder("body"),
    createdAt: sql.placeholder("createdAt"),
  }),
);

export async function findStoredResponse(db: Db, key: string): Promise<StoredResponse | undefined> {
  const [row] = await findKey(db).execute({ key });
  return row;
}

export async function storeResponse(tx: Db, key: string, response: StoredResponse, now: Date): Promise<void> {
  await insertKey(tx).execute({ key, ...response, createdAt: now.toISOString() });
}

/** Deletes keys older than the retention window. Returns how many went. */
export async function pruneIdempotencyKeys(tx: Db, now: Date): Promise<number> {
  const { idempotencyKeys } = tablesOf(tx);
  const cutoff = new Date(now.getTime() - KEY_RETENTION_MS).toISOString();
  return affectedRows(await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)));
}

/** When each server's database handle last pruned: per handle, so two servers in one process keep their own hours. */
const lastPruned = new WeakMap<DatabaseHandle, number>();

/**
 * Prunes expired keys with the first order a process places and then at most once an hour, not with
 * every order: the DELETE scans the whole table (created_at has no index), so once per order it was the
 * order's costliest statement and grew with the table, while an hour's delay only keeps keys 49 hours
 * instead of 48. It runs where keys are written, so every instance on a shared database takes its
 * turn and nothing needs a timer. Returns how many went, or undefined when it was not yet time.
 */
export async function pruneExpiredKeysHourly(database: DatabaseHandle, tx: Db, now: Date): Promise<number | undefined> {
  const last = lastPruned.get(database);
  if (last !== undefined && now.getTime() - last < KEY_PRUNE_EVERY_MS && now.getTime() >= last) return undefined;
  lastPruned.set(database, now.getTime());
  return pruneIdempotencyKeys(tx, now);
}
