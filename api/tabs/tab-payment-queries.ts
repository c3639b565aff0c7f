/** How closed tabs were paid, and a day's checks and money: what the reports read of the tabs' tables. */
import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import type { PaymentMethod } from "../../contract/menu";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

/** How each of the branch's tabs closed since `closedFrom` was paid, by tab id. */
export async function tabPayments(db: Db, branchId: number, closedFrom: string): Promise<Map<string, PaymentMethod>> {
  const { tabs } = tablesOf(db);
  const rows = await db
    .select({ id: tabs.id, paidWith: tabs.paidWith })
    .from(tabs)
    .where(and(eq(tabs.branchId, branchId), gte(tabs.closedAt, closedFrom)));
  return new Map(rows.map((row) => [row.id, row.paidWith]));
}

/** A closed check of a day, as the end-of-day report and its CSV list it. */
export interface ClosedCheckSums {
  id: string;
  tableId: string;
  closedAt: string;
  subtotalCents: number;
  discountsCents: number;
  compsCents: number;
  voidsCents: number;
  taxCents: number;
  totalCents: number;
}

/** The branch's checks closed in [start, end), oldest first. */
export async function checksClosedBetween(db: Db, branchId: number, start: string, end: string): Promise<ClosedCheckSums[]> {
  const { tabs } = tablesOf(db);
  return db
    .select({
      id: tabs.id,
      tableId: tabs.tableId,
      closedAt: tabs.closedAt,
      subtotalCents: tabs.subtotalCents,
      discountsCents: tabs.discountsCents,
      compsCents: tabs.compsCents,
      voidsCents: tabs.voidsCents,
      taxCents: tabs.taxCents,
      totalCents: tabs.totalCents,
    })
    .from(tabs)
    .where(and(eq(tabs.branchId, branchId), gte(tabs.closedAt, start), lt(tabs.closedAt, end)))
    .orderBy(asc(tabs.closedAt));
}

/** Money taken in [start, end): each payment (with its tip) and each refund, by the moment it was recorded. */
export async function moneyBetween(
  db: Db,
  branchId: number,
  start: string,
  end: string,
): Promise<{
  payments: { tabId: string; method: PaymentMethod; amountCents: number; tipCents: number }[];
  refunds: { tabId: string; method: PaymentMethod; amountCents: number }[];
}> {
  const { tabPayments, tabRefunds } = tablesOf(db);
  const [payments, refunds] = await Promise.all([
    db
      .select({
        tabId: tabPayments.tabId,
        method: tabPayments.method,
        amountCents: tabPayments.amountCents,
        tipCents: tabPayments.tipCents,
      })
      .from(tabPayments)
      .where(and(eq(tabPayments.branchId, branchId), gte(tabPayments.createdAt, start), lt(tabPayments.createdAt, end))),
    db
      .select({ tabId: tabRefunds.tabId, method: tabRefunds.method, amountCents: tabRefunds.amountCents })
      .from(tabRefunds)
      .where(and(eq(tabRefunds.branchId, branchId), gte(tabRefunds.createdAt, start), lt(tabRefunds.createdAt, end))),
  ]);
  return { payments, refunds };
}

/** How many lines the given checks voided (applied voids). */
export async function voidedLineCount(db: Db, tabIds: readonly string[]): Promise<number> {
  if (tabIds.length === 0) return 0;
  const { tabAdjustments } = tablesOf(db);
  const [row] = await db
    .select({ n: count() })
    .from(tabAdjustments)
    .where(and(inArray(tabAdjustments.tabId, [...tabIds]), eq(tabAdjustments.kind, "void"), eq(tabAdjustments.status, "applied")));
  return Number(row?.n ?? 0);
}
