/** Staff accounts and their sessions. Tokens are random 256-bit values stored only as SHA-256 hashes. */
import { randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";
import { hashToken } from "./session-queries";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findStaffByEmail(db: Db, email: string) {
  const t = tablesOf(db);
  const [row] = await db
    .select()
    .from(t.staffUsers)
    .where(eq(t.staffUsers.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/**
 * Creates the account or sets its password (call inside a transaction); a reset signs out its sessions.
 * One upsert, so instances starting together with the same STAFF_EMAIL cannot both try to create it.
 */
export async function saveStaff(tx: Db, email: string, passwordHash: string): Promise<"created" | "reset"> {
  const t = tablesOf(tx);
  const normalized = normalizeEmail(email);
  const [existing] = await tx.select({ id: t.staffUsers.id }).from(t.staffUsers).where(eq(t.staffUsers.email, normalized)).limit(1);
  const [saved] = await tx
    .insert(t.staffUsers)
    .values({ email: normalized, passwordHash })
    .onConflictDoUpdate({ target: t.staffUsers.email, set: { passwordHash } })
    .returning({ id: t.staffUsers.id });
  await tx.delete(t.sessions).where(eq(t.sessions.userId, saved!.id));
  return existing ? "reset" : "created";
}

/** Creates the account unless one with this e-mail exists; true when it did. */
export async function insertStaffIfAbsent(tx: Db, email: string, passwordHash: string): Promise<boolean> {
  const t = tablesOf(tx);
  const inserted = await tx
    .insert(t.staffUsers)
    .values({ email: normalizeEmail(email), passwordHash })
    .onConflictDoNothing()
    .returning({ id: t.staffUsers.id });
  return inserted.length > 0;
}

export async function insertSession(tx: Db, userId: number, ttlMs: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const t = tablesOf(tx);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlMs);
  await tx
    .insert(t.sessions)
    .values({ tokenHash: hashToken(token), userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
  // Expired sessions are useless; clear them out while we are writing anyway.
  await tx.delete(t.sessions).where(lt(t.sessions.expiresAt, now.toISOString()));
  return { token, expiresAt };
}

export async function deleteSession(tx: Db, token: string): Promise<void> {
  const t = tablesOf(tx);
  await tx.delete(t.sessions).where(eq(t.sessions.tokenHash, hashToken(token)));
}
