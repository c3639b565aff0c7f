/**
 * Tabs and what settles them: closed tabs, and a tab's adjustments, payments, refunds and equal split
 * (docs/decisions/0028-the-check.md). The orders on a tab are the orders module's (orders/tab-order-queries.ts).
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";

export type TabRow = Tables["tabs"]["$inferSelect"];
export type AdjustmentRow = Tables["tabAdjustments"]["$inferSelect"];
export type PaymentRow = Tables["tabPayments"]["$inferSelect"];
export type RefundRow = Tables["tabRefunds"]["$inferSelect"];
export type SplitRow = Tables["tabSplits"]["$inferSelect"];

export async function insertTab(tx: Db, tab: Tables["tabs"]["$inferInsert"]): Promise<void> {
  await tx.insert(tablesOf(tx).tabs).values(tab);
}

export async function findClosedTab(db: Db, tabId: string): Promise<TabRow | undefined> {
  const { tabs } = tablesOf(db);
  const [row] = await db.select().from(tabs).where(eq(tabs.id, tabId)).limit(1);
  return row;
}

/** Everything recorded against a tab, oldest first. */
export async function tabRecords(
  db: Db,
  tabId: string,
): Promise<{ adjustments: AdjustmentRow[]; payments: PaymentRow[]; refunds: RefundRow[]; split: SplitRow | undefined }> {
  const t = tablesOf(db);
  const [adjustments, payments, refunds, splits] = await Promise.all([
    db
      .select()
      .from(t.tabAdjustments)
      .where(eq(t.tabAdjustments.tabId, tabId))
      .orderBy(asc(t.tabAdjustments.createdAt), asc(t.tabAdjustments.id)),
    db.select().from(t.tabPayments).where(eq(t.tabPayments.tabId, tabId)).orderBy(asc(t.tabPayments.createdAt), asc(t.tabPayments.id)),
    db.select().from(t.tabRefunds).where(eq(t.tabRefunds.tabId, tabId)).orderBy(asc(t.tabRefunds.createdAt), asc(t.tabRefunds.id)),
    db.select().from(t.tabSplits).where(eq(t.tabSplits.tabId, tabId)).limit(1),
  ]);
  return { adjustments, payments, refunds, split: splits[0] };
}

/** The adjustments and payments of the tabs `tabIds`, each tab's oldest first: two statements for any number of tabs. */
export async function adjustmentsAndPaymentsOf(
  db: Db,
  tabIds: readonly string[],
): Promise<{ adjustments: AdjustmentRow[]; payments: PaymentRow[] }> {
  if (tabIds.length === 0) return { adjustments: [], payments: [] };
  const t = tablesOf(db);
  const [adjustments, payments] = await Promise.all([
    db
      .select()
      .from(t.tabAdjustments)
      .where(inArray(t.tabAdjustments.tabId, [...tabIds]))
      .orderBy(asc(t.tabAdjustments.createdAt), asc(t.tabAdjustments.id)),
    db
      .select()
      .from(t.tabPayments)
      .where(inArray(t.tabPayments.tabId, [...tabIds]))
      .orderBy(asc(t.tabPayments.createdAt), asc(t.tabPayments.id)),
  ]);
  return { adjustments, payments };
}

export async function insertAdjustment(tx: Db, row: Tables["tabAdjustments"]["$inferInsert"]): Promise<void> {
  await tx.insert(tablesOf(tx).tabAdjustments).values(row);
}

export async function findAdjustment(db: Db, id: string): Promise<AdjustmentRow | undefined> {
  const { tabAdjustments } = tablesOf(db);
  const [row] = await db.select().from(tabAdjustments).where(eq(tabAdjustments.id, id)).limit(1);
  return row;
}

export async function decideAdjustment(
  tx: Db,
  id: string,
  decision: { status: "applied" | "rejected"; approvedById: number | null; approvedBy: string | null; decidedAt: string },
): Promise<void> {
  const { tabAdjustments } = tablesOf(tx);
  await tx
    .update(tabAdjustments)
    .set(decision)
    .where(and(eq(tabAdjustments.id, id), eq(tabAdjustments.status, "pending")));
}

export async function insertPayment(tx: Db, row: Tables["tabPayments"]["$inferInsert"]): Promise<void> {
  await tx.insert(tablesOf(tx).tabPayments).values(row);
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const { tabPayments } = tablesOf(db);
  const [row] = await db.select().from(tabPayments).where(eq(tabPayments.id, id)).limit(1);
  return row;
}

export async function paymentCount(db: Db, tabId: string): Promise<number> {
  const { tabPayments } = tablesOf(db);
  const [row] = await db.select({ n: count() }).from(tabPayments).where(eq(tabPayments.tabId, tabId));
  return Number(row?.n ?? 0);
}

export async function insertRefund(tx: Db, row: Tables["tabRefunds"]["$inferInsert"]): Promise<void> {
  await tx.insert(tablesOf(tx).tabRefunds).values(row);
}

export async function refundsOf(db: Db, paymentId: string): Promise<RefundRow[]> {
  const { tabRefunds } = tablesOf(db);
  return db.select().from(tabRefunds).where(eq(tabRefunds.paymentId, paymentId));
}

/** Sets (or replaces) the tab's equal split. */
export async function saveSplit(tx: Db, row: SplitRow): Promise<void> {
  const { tabSplits } = tablesOf(tx);
  await tx
    .insert(tabSplits)
    .values(row)
    .onConflictDoUpdate({ target: tabSplits.tabId, set: { ways: row.ways, paymentsBefore: row.paymentsBefore, createdAt: row.createdAt } });
}
