/**
 * Sign-in attempt counters in the `login_attempts` table, so every instance on one database shares
 * them. A counter is a fixed window: the first attempt opens it for `windowMs`, later ones add to it,
 * and an attempt after the window ends starts a new one.
 *
 * Each attempt takes its slot with ONE statement (INSERT … ON CONFLICT DO UPDATE … RETURNING) that
 * both counts and reports the count, so concurrent attempts — in this process or another instance —
 * can never all read "4" and all go ahead: the database orders them, and exactly the first `limit`
 * see a count within it. The same statement runs unchanged on PostgreSQL.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

export interface Reservation {
  /** Attempts in the current window, this one included. */
  attempts: number;
  /** Epoch ms at which the window ends and the count is forgotten. */
  windowEndsAt: number;
}

/** Counts one more attempt against `key` and returns the window's count after it. */
export async function reserveAttempt(db: Db, key: string, windowMs: number, now: number): Promise<Reservation> {
  const { loginAttempts } = tablesOf(db);
  const open = gt(loginAttempts.windowEndsAt, now);
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, attempts: 1, windowEndsAt: now + windowMs })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        attempts: sql`CASE WHEN ${open} THEN ${loginAttempts.attempts} + 1 ELSE 1 END`,
        windowEndsAt: sql`CASE WHEN ${open} THEN ${loginAttempts.windowEndsAt} ELSE ${now + windowMs} END`,
      },
    })
    .returning({ attempts: loginAttempts.attempts, windowEndsAt: loginAttempts.windowEndsAt });
  return row!;
}

/** Gives back a slot taken by `reserveAttempt` for an attempt that never reached the password check. */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  const { loginAttempts } = tablesOf(db);
  await db
    .update(loginAttempts)
    .set({ attempts: sql`${loginAttempts.attempts} - 1` })
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attempts, 0)));
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  const { loginAttempts } = tablesOf(db);
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** Forgets counters whose window has ended (they would restart at 1 anyway). */
export async function pruneAttempts(db: Db, now: number): Promise<void> {
  const { loginAttempts } = tablesOf(db);
  await db.delete(loginAttempts).where(lte(loginAttempts.windowEndsAt, now));
}
