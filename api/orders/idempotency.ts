/**
 * Idempotency-Key handling: a phone on flaky Wi-Fi retries the same submission with the same key;
 * the first success is stored and replayed, so the kitchen gets the order exactly once.
 */
import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { idempotencyKeys } from "../db/schema";

export const KEY_RETENTION_MS = 48 * 3_600_000;
/** How often expired keys are deleted (see pruneExpiredKeysHourly). */
export const KEY_PRUNE_EVERY_MS = 3_600_000;

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: string;
}

export const hashRequest = (body: unknown) => createHash("sha256").update(JSON.stringify(body)).digest("hex");

const statements = preparedFor((db) => ({
  find: db
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, sql.placeholder("key")))
    .prepare(),
  insert: db
    .insert(idempotencyKeys)
    .values({
      key: sql.placeholder("key"),
      requestHash: sql.placeholder("requestHash"),
      statusCode: sql.placeholder("statusCode"),
      responseBody: sql.placeholder("body"),
      createdAt: sql.placeholder("createdAt"),
    })
    .prepare(),
}));

export function findStoredResponse(db: Db, key: string): StoredResponse | undefined {
  return statements(db).find.get({ key });
}

export function storeResponse(db: Db, key: string, response: StoredResponse, now: Date): void {
  statements(db).insert.run({ key, ...response, createdAt: now.toISOString() });
}

/** Deletes keys older than the retention window. Returns how many went. */
export function pruneIdempotencyKeys(db: DbOrTx, now = new Date()): number {
  const cutoff = new Date(now.getTime() - KEY_RETENTION_MS).toISOString();
  return db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).run().changes;
}

const lastPruned = new WeakMap<Db, number>();

/**
 * Prunes expired keys with the first order a process places and then at most once an hour, not with
 * every order: the DELETE scans the whole table (created_at has no index), so once per order it was the
 * order's costliest statement and grew with the table, while an hour's delay only keeps keys 49 hours
 * instead of 48. It runs where keys are written, so every instance on a shared database takes its
 * turn and nothing needs a timer. Returns how many went, or undefined when it was not yet time.
 */
export function pruneExpiredKeysHourly(db: Db, now: Date): number | undefined {
  const last = lastPruned.get(db);
  if (last !== undefined && now.getTime() - last < KEY_PRUNE_EVERY_MS) return undefined;
  lastPruned.set(db, now.getTime());
  return pruneIdempotencyKeys(db, now);
}
