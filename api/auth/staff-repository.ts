/** Staff accounts and their sessions. Tokens are random 256-bit values stored only as SHA-256 hashes. */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, lt, ne } from "drizzle-orm";
import type { StaffRole } from "../../contract/roles";
import type { StaffAccount } from "../../contract/schemas";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";
import { branchesOf, hashToken } from "./session-queries";

export type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  branchIds: number[];
  active: boolean;
  pinHash: string | null;
};

/** An account as the API answers it: never a hash. */
export function staffAccountOf(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    branch_ids: branchesOf(row.role, row.branchIds),
    active: row.active,
    has_pin: row.pinHash !== null,
  };
}

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
 * The operator's accounts (STAFF_EMAIL, `npm run staff:set`) are owners, active: the way back in when
 * no one can sign in as an owner.
 */
export async function saveStaff(tx: Db, email: string, passwordHash: string): Promise<"created" | "reset"> {
  const t = tablesOf(tx);
  const normalized = normalizeEmail(email);
  const [existing] = await tx.select({ id: t.staffUsers.id }).from(t.staffUsers).where(eq(t.staffUsers.email, normalized)).limit(1);
  const [saved] = await tx
    .insert(t.staffUsers)
    .values({ email: normalized, passwordHash })
    .onConflictDoUpdate({ target: t.staffUsers.email, set: { passwordHash, role: "owner", active: true } })
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

const accountColumns = (t: ReturnType<typeof tablesOf>) => ({
  id: t.staffUsers.id,
  email: t.staffUsers.email,
  name: t.staffUsers.name,
  role: t.staffUsers.role,
  branchIds: t.staffUsers.branchIds,
  active: t.staffUsers.active,
  pinHash: t.staffUsers.pinHash,
});

/** Every account, oldest first (the staff module filters by branch: few rows, and JSON lists filter alike in JS). */
export async function listStaffAccounts(db: Db): Promise<StaffRow[]> {
  const t = tablesOf(db);
  return db.select(accountColumns(t)).from(t.staffUsers).orderBy(asc(t.staffUsers.id));
}

export async function findStaffAccount(db: Db, id: number): Promise<StaffRow | undefined> {
  const t = tablesOf(db);
  const [row] = await db.select(accountColumns(t)).from(t.staffUsers).where(eq(t.staffUsers.id, id)).limit(1);
  return row;
}

/** Inserts a new account; undefined when the e-mail is taken. */
export async function insertStaffAccount(
  tx: Db,
  account: { email: string; name: string; role: StaffRole; branchIds: number[]; passwordHash: string; now: Date },
): Promise<StaffRow | undefined> {
  const t = tablesOf(tx);
  const [row] = await tx
    .insert(t.staffUsers)
    .values({
      email: normalizeEmail(account.email),
      name: account.name,
      role: account.role,
      branchIds: account.branchIds,
      passwordHash: account.passwordHash,
      createdAt: account.now.toISOString(),
    })
    .onConflictDoNothing()
    .returning(accountColumns(t));
  return row;
}

export async function updateStaffAccount(
  tx: Db,
  id: number,
  set: Partial<{ name: string; role: StaffRole; branchIds: number[]; active: boolean; passwordHash: string; pinHash: string | null }>,
): Promise<StaffRow | undefined> {
  const t = tablesOf(tx);
  const [row] = await tx.update(t.staffUsers).set(set).where(eq(t.staffUsers.id, id)).returning(accountColumns(t));
  return row;
}

/** Active owners other than `exceptId` (call under the staffAccounts lock). */
export async function countOtherActiveOwners(tx: Db, exceptId: number): Promise<number> {
  const t = tablesOf(tx);
  const [row] = await tx
    .select({ n: count() })
    .from(t.staffUsers)
    .where(and(eq(t.staffUsers.role, "owner"), eq(t.staffUsers.active, true), ne(t.staffUsers.id, exceptId)));
  return Number(row?.n ?? 0);
}

/** Signs the account out everywhere. */
export async function deleteSessionsOf(tx: Db, userId: number): Promise<void> {
  const t = tablesOf(tx);
  await tx.delete(t.sessions).where(eq(t.sessions.userId, userId));
}

export async function deleteSession(tx: Db, token: string): Promise<void> {
  const t = tablesOf(tx);
  await tx.delete(t.sessions).where(eq(t.sessions.tokenHash, hashToken(token)));
}
