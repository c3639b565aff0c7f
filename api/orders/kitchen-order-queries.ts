/**
 * The kitchen's columns of an order (api/kitchen): when a board first showed it (`seen_at`) and when
 * the last "no board has seen it" alarm went out (`unseen_alerted_at`). The kitchen has an order from
 * its placement, or from its release when it was held for a staff OK (`held_until`).
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { BRANCHES, type OrderStatus } from "../../contract/menu";
import type { Db } from "../db/database";
import { affectedRows, tablesOf } from "../db/dialect";

/** The statuses a board still has work for: an order that is ready, served or cancelled needs no alarm, nor one held for a staff OK. */
export const AWAITING_KITCHEN: OrderStatus[] = ["received", "preparing"];

/** Since when the kitchen has had the order: its release, or else its placement. */
function kitchenSince(db: Db) {
  const { orders } = tablesOf(db);
  return sql`coalesce(${orders.heldUntil}, ${orders.createdAt})`;
}

/** Sets `seen_at` unless a board already has: the first sighting wins. False when one had. */
export async function markSeen(tx: Db, id: string, seenAt: string): Promise<boolean> {
  const { orders } = tablesOf(tx);
  const result = await tx
    .update(orders)
    .set({ seenAt, updatedAt: seenAt })
    .where(and(eq(orders.id, id), isNull(orders.seenAt)));
  return affectedRows(result) > 0;
}

/** The branch's orders awaiting the kitchen that no board has shown, the kitchen's since before `placedBefore`; oldest first. */
export async function unseenOrderIds(db: Db, branchId: number, placedBefore: string): Promise<string[]> {
  const { orders } = tablesOf(db);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.branchId, branchId),
        inArray(orders.status, AWAITING_KITCHEN),
        isNull(orders.seenAt),
        lt(kitchenSince(db), placedBefore),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.number));
  return rows.map((row) => row.id);
}

/** The most orders one sweep raises the alarm for. */
export const MAX_ALARMS_PER_SWEEP = 50;

/**
 * Claims the overdue unseen orders whose alarm is due (never raised, or last raised before
 * `alertedBefore`) in one UPDATE: with several instances on one PostgreSQL database, the row locks
 * let only one of them claim each order, so each alarm goes out once.
 */
export async function claimUnseenOrders(tx: Db, placedBefore: string, alertedBefore: string, now: string): Promise<string[]> {
  const { orders } = tablesOf(tx);
  const due = and(
    // Both columns of the (branch, status) index, so the sweep does not read every order ever placed.
    inArray(
      orders.branchId,
      BRANCHES.map((branch) => branch.id),
    ),
    inArray(orders.status, AWAITING_KITCHEN),
    isNull(orders.seenAt),
    lt(kitchenSince(tx), placedBefore),
    or(isNull(orders.unseenAlertedAt), lt(orders.unseenAlertedAt, alertedBefore)),
  );
  // The oldest few per sweep: an alarm for fifty orders is as loud as one for thousands, and a sweep
  // stays one short write however long the kitchen has been dark.
  const oldest = tx.select({ id: orders.id }).from(orders).where(due).orderBy(asc(orders.createdAt)).limit(MAX_ALARMS_PER_SWEEP);
  const rows = await tx
    .update(orders)
    .set({ unseenAlertedAt: now })
    .where(and(inArray(orders.id, oldest), due))
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}
