/**
 * Idempotency-Key handling: a phone on flaky Wi-Fi retries the same submission with the same key;
 * the first success is stored and replayed, so the kitchen gets the order exactly once.
 */
import { createHash } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { idempotencyKeys } from "../db/schema";

export const KEY_RETENTION_MS = 48 * 3_600_000;

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: string;
}

export const hashRequest = (body: unknown) => createHash("sha256").update(JSON.stringify(body)).digest("hex");

export function findStoredResponse(db: DbOrTx, key: string): StoredResponse | undefined {
  const row = db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).get();
  return row && { requestHash: row.requestHash, statusCode: row.statusCode, body: row.responseBody };
}

export function storeResponse(db: DbOrTx, key: string, response: StoredResponse, now: Date): void {
  db.insert(idempotencyKeys)
    .values({ key, requestHash: response.requestHash, statusCode: response.statusCode, responseBody: response.body, createdAt: now.toISOString() })
    .run();
  db.delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_RETENTION_MS).toISOString()))
    .run();
}
