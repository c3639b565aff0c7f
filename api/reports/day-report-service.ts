/**
 * The end of a branch's day (API.md "End of day"), a day being the branch's in its own time zone: the
 * checks closed that day (gross, discounts, comps, voids — counted apart, with the lines voided — net,
 * tax), the money taken that day by method (each payment with its tip, less refunds, by when it was
 * recorded: what the drawer and the card terminal saw), the cash expected against the cash counted,
 * and the tabs still open. Printed on the receipts printer and downloaded as CSV.
 */
import { stringify } from "csv-stringify/sync";
import { PAYMENT_METHODS, type PaymentMethod } from "../../contract/menu";
import { formatCents, parsePriceToCents } from "../../contract/money";
import { restaurantDateTime, restaurantDay, restaurantDayRange } from "../../contract/restaurant-time";
import type { DayReport } from "../../contract/schemas";
import { auditActor, recordAudit } from "../audit/audit-service";
import { findBranch } from "../branches/branch-queries";
import type { Db } from "../db/database";
import { findDiningTable } from "../dining-tables/dining-table-queries";
import type { StaffIdentity } from "../lib/app-env";
import { knownBranch } from "../lib/endpoint";
import { escapeFormula } from "../lib/spreadsheet-cell";
import { billedOrdersOnTabs } from "../orders/sales-queries";
import { enqueueDayReport } from "../printers/print-job-service";
import type { ServiceDeps } from "../service-deps";
import { checksClosedBetween, moneyBetween, voidedLineCount, type ClosedCheckSums } from "../tabs/tab-payment-queries";
import { listOpenTabs } from "../tabs/tab-service";
import { findCashCount, saveCashCount } from "./cash-count-repository";

const byMethod = (): Record<PaymentMethod, number> => ({ cash: 0, card: 0, other: 0 });

interface DayFigures {
  report: DayReport;
  checks: (ClosedCheckSums & { codename: string | null; tipsCents: number; paid: Record<PaymentMethod, number>; refundedCents: number })[];
}

/** The branch's time zone (Toronto for both branches today). */
async function timeZoneOf(db: Db, branchId: number): Promise<string> {
  return (await findBranch(db, branchId))?.time_zone ?? "America/Toronto";
}

async function dayFigures(deps: ServiceDeps, db: Db, branchId: number, date: string | undefined): Promise<DayFigures> {
  knownBranch(branchId);
  const timeZone = await timeZoneOf(db, branchId);
  const day = date ?? restaurantDay(deps.clock.now(), timeZone);
  const range = restaurantDayRange(day, day, timeZone);
  const [start, end] = [range.start.toISOString(), range.end.toISOString()];
  const [closed, money, counted, open] = await Promise.all([
    checksClosedBetween(db, branchId, start, end),
    moneyBetween(db, branchId, start, end),
    findCashCount(db, branchId, day),
    listOpenTabs(deps, branchId),
  ]);
  const tabIds = closed.map((check) => check.id);
  const [orders, voidedLines] = await Promise.all([billedOrdersOnTabs(db, tabIds), voidedLineCount(db, tabIds)]);

  const taken = byMethod();
  let tips = 0;
  let refunds = 0;
  for (const payment of money.payments) {
    taken[payment.method] += payment.amountCents + payment.tipCents;
    tips += payment.tipCents;
  }
  for (const refund of money.refunds) {
    taken[refund.method] -= refund.amountCents;
    refunds += refund.amountCents;
  }
  const sum = (field: keyof Pick<ClosedCheckSums, "subtotalCents" | "discountsCents" | "compsCents" | "voidsCents" | "taxCents">) =>
    closed.reduce((total, check) => total + check[field], 0);
  const gross = sum("subtotalCents");
  const [discounts, comps, voids] = [sum("discountsCents"), sum("compsCents"), sum("voidsCents")];
  const takenTotal = taken.cash + taken.card + taken.other;

  const checks: DayFigures["checks"] = [];
  for (const check of closed) {
    const paid = byMethod();
    let tipsCents = 0;
    for (const payment of money.payments.filter((p) => p.tabId === check.id)) {
      paid[payment.method] += payment.amountCents + payment.tipCents;
      tipsCents += payment.tipCents;
    }
    const refundedCents = money.refunds.filter((r) => r.tabId === check.id).reduce((total, r) => total + r.amountCents, 0);
    checks.push({ ...check, codename: (await findDiningTable(db, check.tableId))?.codename ?? null, tipsCents, paid, refundedCents });
  }

  return {
    checks,
    report: {
      branch_id: branchId,
      date: day,
      orders,
      checks: closed.length,
      gross: formatCents(gross),
      discounts: formatCents(discounts),
      comps: formatCents(comps),
      voids: formatCents(voids),
      voided_lines: voidedLines,
      net: formatCents(gross - discounts - comps - voids),
      tax: formatCents(sum("taxCents")),
      tips: formatCents(tips),
      refunds: formatCents(refunds),
      payments: { cash: formatCents(taken.cash), card: formatCents(taken.card), other: formatCents(taken.other) },
      taken: formatCents(takenTotal),
      cash_expected: formatCents(taken.cash),
      cash_counted: counted === null ? null : formatCents(counted),
      over_short: counted === null ? null : formatCents(counted - taken.cash),
      open_tabs: open.length,
      closed_checks: checks.map((check) => ({
        id: check.id,
        station_codename: check.codename,
        total: formatCents(check.totalCents),
        tips: formatCents(check.tipsCents),
        closed_at: check.closedAt,
      })),
    },
  };
}

export async function dayReport(deps: ServiceDeps, branchId: number, date: string | undefined): Promise<DayReport> {
  return (await dayFigures(deps, deps.database.db, branchId, date)).report;
}

/** Records the cash counted in the drawer (a recount replaces it), in the audit log; answers the report with its over/short. */
export async function setCashCount(
  deps: ServiceDeps,
  staff: StaffIdentity,
  input: { branch_id: number; date: string; counted: string },
): Promise<DayReport> {
  knownBranch(input.branch_id);
  const counted = parsePriceToCents(input.counted)!;
  await deps.database.transaction(async (tx) => {
    const before = await findCashCount(tx, input.branch_id, input.date);
    await saveCashCount(tx, {
      branchId: input.branch_id,
      day: input.date,
      countedCents: counted,
      countedById: staff.id,
      countedAt: deps.clock.now().toISOString(),
    });
    await recordAudit(tx, auditActor(staff, deps), {
      action: "day.cash_counted",
      target: `branch:${input.branch_id}`,
      branchId: input.branch_id,
      details: {
        what: `Cash counted for ${input.date}: $${formatCents(counted)}${before === null ? "" : ` (was $${formatCents(before)})`}`,
      },
    });
  });
  return dayReport(deps, input.branch_id, input.date);
}

/** Queues the day's report on the branch's receipts printer (the print queue prints it exactly once). */
export async function printDayReport(
  deps: ServiceDeps,
  input: { branch_id: number; date: string },
): Promise<{ queued: true; jobs: number }> {
  const report = await dayReport(deps, input.branch_id, input.date);
  const branch = await findBranch(deps.database.db, input.branch_id);
  const jobs = await deps.database.transaction((tx) =>
    enqueueDayReport(tx, report, branch?.name ?? `Branch ${input.branch_id}`, deps.clock.now()),
  );
  return { queued: true, jobs };
}

export const DAY_CSV_COLUMNS = [
  "closed_at",
  "table",
  "check",
  "gross",
  "discounts",
  "comps",
  "voids",
  "net",
  "tax",
  "total",
  "tips",
  "cash",
  "card",
  "other",
  "refunds",
] as const;

/**
 * The day as CSV: one row per check closed that day (money as "13.99", times in the branch's time),
 * then a TOTAL row whose payment columns are everything taken that day (payments on checks still open
 * or closed another day included), so it adds up to the report.
 */
export async function dayReportCsv(deps: ServiceDeps, branchId: number, date: string | undefined): Promise<{ csv: string; date: string }> {
  const { report, checks } = await dayFigures(deps, deps.database.db, branchId, date);
  const timeZone = await timeZoneOf(deps.database.db, branchId);
  const rows = checks.map((check) => [
    restaurantDateTime(Date.parse(check.closedAt), timeZone),
    escapeFormula(check.codename ?? ""),
    check.id,
    formatCents(check.subtotalCents),
    formatCents(check.discountsCents),
    formatCents(check.compsCents),
    formatCents(check.voidsCents),
    formatCents(check.subtotalCents - check.discountsCents - check.compsCents - check.voidsCents),
    formatCents(check.taxCents),
    formatCents(check.totalCents),
    formatCents(check.tipsCents),
    ...PAYMENT_METHODS.map((method) => formatCents(check.paid[method])),
    formatCents(check.refundedCents),
  ]);
  rows.push([
    "TOTAL",
    "",
    "",
    report.gross,
    report.discounts,
    report.comps,
    report.voids,
    report.net,
    report.tax,
    "",
    report.tips,
    report.payments.cash,
    report.payments.card,
    report.payments.other,
    report.refunds,
  ]);
  return { csv: stringify(rows, { header: true, columns: [...DAY_CSV_COLUMNS], record_delimiter: "\r\n" }), date: report.date };
}
