/** Staff accounts and their sessions. Tokens are random 256-bit values stored only as SHA-256 hashes. */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, staffUsers } from "../db/schema";
import { hashPassword, verifyPassword } from "./passwords";

export interface StaffIdentity {
  id: number;
  email: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function findStaffByEmail(db: Db, email: string) {
  return db.select().from(staffUsers).where(eq(staffUsers.email, normalizeEmail(email))).get();
}

/** Creates the account, or resets its password; signs out its existing sessions on reset. */
export async function upsertStaff(db: Db, email: string, password: string): Promise<"created" | "reset"> {
  const passwordHash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  return db.transaction((tx) => {
    const existing = tx.select().from(staffUsers).where(eq(staffUsers.email, normalized)).get();
    if (existing) {
      tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, existing.id)).run();
      tx.delete(sessions).where(eq(sessions.userId, existing.id)).run();
      return "reset";
    }
    tx.insert(staffUsers).values({ email: normalized, passwordHash }).run();
    return "created";
  });
}

/**
 * Makes sure the account exists with this password. Leaves it (and its sessions) alone when the
 * password already matches, so restarting with STAFF_EMAIL / STAFF_PASSWORD signs nobody out.
 */
export async function ensureStaff(db: Db, email: string, password: string): Promise<"created" | "reset" | "unchanged"> {
  const existing = findStaffByEmail(db, email);
  if (existing && (await verifyPassword(password, existing.passwordHash))) return "unchanged";
  return upsertStaff(db, email, password);
}

export function createSession(db: Db, userId: number, ttlMs: number, now = new Date()): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlMs);
  db.insert(sessions)
    .values({ tokenHash: hashToken(token), userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() })
    .run();
  // Expired sessions are useless; clear them out while we are writing anyway.
  db.delete(sessions).where(lt(sessions.expiresAt, now.toISOString())).run();
  return { token, expiresAt };
}

export function findSessionStaff(db: Db, token: string, now = new Date()): StaffIdentity | undefined {
  return db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(sessions)
    .innerJoin(staffUsers, eq(sessions.userId, staffUsers.id))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now.toISOString())))
    .get();
}

export function deleteSession(db: Db, token: string): void {
  db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))).run();
}
