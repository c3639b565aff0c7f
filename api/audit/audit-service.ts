/**
 * The audit log: who changed which staff account, menu item or price, and when. An entry is written
 * by the service that makes the change, inside the change's own transaction, so a change that commits
 * always has its entry and a rolled-back one never does. Owners read it (GET /api/audit_log).
 */
import { isDeepStrictEqual } from "node:util";
import { desc, eq, isNull, or } from "drizzle-orm";
import type { AuditEntry } from "../../contract/schemas";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";
import type { StaffIdentity } from "../lib/app-env";
import type { ServiceDeps } from "../service-deps";

/** Who made a change, and when (the server's clock). */
export interface AuditActor {
  id: number;
  email: string;
  at: Date;
}

/** The signed-in account making a change, now by the server's clock. */
export function auditActor(staff: Pick<StaffIdentity, "id" | "email">, { clock }: Pick<ServiceDeps, "clock">): AuditActor {
  return { id: staff.id, email: staff.email, at: clock.now() };
}

export type AuditAction =
  | "staff.created"
  | "staff.updated"
  | "staff.password_reset"
  | "staff.deactivated"
  | "staff.reactivated"
  | "staff.pin_set"
  | "staff.pin_removed"
  | "product.created"
  | "product.updated"
  | "product.deleted"
  | "product.photo_set"
  | "product.photo_removed"
  | "menu.reordered"
  | "menu.imported"
  | "happy_hours.changed"
  | "printer.created"
  | "printer.updated"
  | "printer.deleted"
  | "table.created"
  | "table.updated"
  | "table.deleted"
  | "check.discount"
  | "check.comp"
  | "check.void"
  | "check.approved"
  | "check.rejected"
  | "check.refund"
  | "day.cash_counted";

export interface AuditRecord {
  action: AuditAction;
  target: string;
  branchId: number | null;
  /** What changed, in the wire's words; a changed field as `{ from, to }` (the Staff screen reads it so). */
  details?: Record<string, unknown>;
}

/** The fields whose values differ between `before` and `after` (deeply; a JSON column's key order aside), each as `{ from, to }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Partial<Record<keyof T, { from: unknown; to: unknown }>> {
  const changed: Partial<Record<keyof T, { from: unknown; to: unknown }>> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (!isDeepStrictEqual(before[key], after[key])) changed[key] = { from: before[key], to: after[key] };
  }
  return changed;
}

/** Call inside the transaction that makes the change. */
export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditRecord): Promise<void> {
  const t = tablesOf(tx);
  await tx.insert(t.auditLog).values({
    at: actor.at.toISOString(),
    actorId: actor.id,
    actorEmail: actor.email,
    branchId: entry.branchId,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? {},
  });
}

/** Newest first; `branchId` keeps that branch's entries and those about no one branch (e.g. an owner's account). */
export async function readAuditLog(db: Db, options: { branchId?: number; limit: number }): Promise<AuditEntry[]> {
  const t = tablesOf(db);
  const rows = await db
    .select()
    .from(t.auditLog)
    .where(options.branchId === undefined ? undefined : or(eq(t.auditLog.branchId, options.branchId), isNull(t.auditLog.branchId)))
    .orderBy(desc(t.auditLog.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    branch_id: row.branchId,
    action: row.action,
    target: row.target,
    details: row.details,
  }));
}
