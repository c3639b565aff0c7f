/**
 * Receipts (API.md "The check"): printed on the branch's receipts printer through the print queue, or
 * e-mailed through the mail outbox (api/mail, docs/decisions/0029) — both written in one transaction
 * with the check as it stands, so neither a printer nor a mail server that is off holds the check up.
 * A diner asks for one from the phone while the visit lasts, at most DINER_RECEIPTS_PER_VISIT times.
 */
import { formatDollars, parsePriceToCents } from "../../contract/money";
import { restaurantDateTime } from "../../contract/restaurant-time";
import type { Check } from "../../contract/schemas";
import { branchReceiptDetails } from "../branches/branch-queries";
import type { Db } from "../db/database";
import { lockInTransaction } from "../db/dialect";
import { findDiningTable } from "../dining-tables/dining-table-queries";
import { ApiHttpError, conflict, notFound } from "../lib/errors";
import { mailsAskedByVisit, queueMail, requireEmail } from "../mail/mail-service";
import { enqueueReceipt, receiptTotals, type ReceiptData } from "../printers/print-job-service";
import type { ServiceDeps } from "../service-deps";
import { visitState } from "../visits/visit-service";
import { findCheck, readTableCheck } from "./check-service";

export const DINER_RECEIPTS_PER_VISIT = 3;

const money = (amount: string) =>
  amount.startsWith("-") ? `-${formatDollars(parsePriceToCents(amount.slice(1)) ?? 0)}` : formatDollars(parsePriceToCents(amount) ?? 0);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const PAID_WITH = { cash: "Cash", card: "Card", other: "Other" } as const;

async function receiptData(db: Db, check: Check, now: Date): Promise<ReceiptData> {
  const branch = (await branchReceiptDetails(db, check.branch_id)) ?? { name: "Limitless Bar & Grill", address: "", hstNumber: "" };
  return { check, branch, at: now.toISOString() };
}

/** The e-mail: a subject, a plain-text part and an HTML part saying the same. */
export function receiptMail({ check, branch, at }: ReceiptData): { subject: string; text: string; html: string } {
  const when = restaurantDateTime(Date.parse(at));
  const subject = `Your receipt from Limitless Bar & Grill ${branch.name}`;
  const lines = check.lines.map((line) => {
    const adjustment = line.adjustment?.status === "applied" ? line.adjustment : null;
    return {
      label: `${line.quantity} x ${line.name}`,
      options: line.options.map((o) => o.name),
      amount: money(line.line_total),
      adjustment,
    };
  });
  const checkWide = check.adjustments.filter((a) => a.line_id === null && a.status === "applied");
  const totals = receiptTotals(check).map(([label, amount]) => [label, money(amount)] as const);
  const payments = check.payments.map((p) => ({
    label: `${PAID_WITH[p.method]}${p.tip !== "0.00" ? ` (tip ${money(p.tip)})` : ""}`,
    amount: money(p.amount),
  }));
  const head = [`Limitless Bar & Grill ${branch.name}`, branch.address, ...(branch.hstNumber ? [`HST # ${branch.hstNumber}`] : [])];

  const text = [
    ...head,
    "",
    `Receipt · ${check.station_codename ?? ""} · ${when}`,
    "",
    ...lines.flatMap((l) => [
      `${l.label}  ${l.amount}`,
      ...l.options.map((o) => `  + ${o}`),
      ...(l.adjustment ? [`  ${l.adjustment.kind}: ${l.adjustment.reason}  -${money(l.adjustment.amount)}`] : []),
    ]),
    ...checkWide.map((a) => `${a.kind}: ${a.reason}  -${money(a.amount)}`),
    "",
    ...totals.map(([label, amount]) => `${label}  ${amount}`),
    "",
    ...payments.map((p) => `${p.label}  ${p.amount}`),
    "",
    "Thank you!",
  ].join("\n");

  const row = (label: string, amount: string, strong = false) =>
    `<tr><td style="padding:2px 12px 2px 0">${strong ? `<strong>${escapeHtml(label)}</strong>` : escapeHtml(label)}</td><td style="text-align:right">${strong ? `<strong>${escapeHtml(amount)}</strong>` : escapeHtml(amount)}</td></tr>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif">`,
    `<h1 style="font-size:1.2em">Limitless Bar &amp; Grill ${escapeHtml(branch.name)}</h1>`,
    `<p>${head.slice(1).map(escapeHtml).join("<br>")}</p>`,
    `<p>Receipt · ${escapeHtml(check.station_codename ?? "")} · ${escapeHtml(when)}</p>`,
    `<table>`,
    ...lines.flatMap((l) => [
      row(l.label, l.amount),
      ...l.options.map((o) => row(`+ ${o}`, "")),
      ...(l.adjustment ? [row(`${l.adjustment.kind}: ${l.adjustment.reason}`, `-${money(l.adjustment.amount)}`)] : []),
    ]),
    ...checkWide.map((a) => row(`${a.kind}: ${a.reason}`, `-${money(a.amount)}`)),
    `</table><hr><table>`,
    ...totals.map(([label, amount]) => row(label, amount, label === "Total")),
    `</table><hr><table>`,
    ...payments.map((p) => row(p.label, p.amount)),
    `</table><p>Thank you!</p></body></html>`,
  ].join("\n");
  return { subject, text, html };
}

const tabMissing = () => notFound("tab_not_found", "There is no such check.");

/** Staff: the check `tabId`'s receipt on the branch's receipts printer (409 `no_printer` without one). */
export async function printReceipt({ database, clock }: ServiceDeps, tabId: string): Promise<void> {
  const now = clock.now();
  await database.transaction(async (tx) => {
    const check = await findCheck(tx, tabId);
    if (!check) throw tabMissing();
    await enqueueReceipt(tx, await receiptData(tx, check, now), now);
  });
}

/** Staff: the check `tabId`'s receipt e-mailed to `email` (409 `email_off` without SMTP_URL). */
export async function emailReceipt(deps: ServiceDeps, tabId: string, email: string): Promise<void> {
  requireEmail(deps);
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    const check = await findCheck(tx, tabId);
    if (!check) throw tabMissing();
    const mail = receiptMail(await receiptData(tx, check, now));
    await queueMail(tx, { branchId: check.branch_id, tableId: null, visitId: null, kind: "receipt", recipient: email, ...mail }, now);
  });
}

/**
 * A diner: the receipt of their table's check e-mailed to `email`, while their visit lasts and at most
 * DINER_RECEIPTS_PER_VISIT times in it (counted under the table's lock, so phones asking at once are counted one by one).
 */
export async function emailDinerReceipt(deps: ServiceDeps, tableId: string, email: string): Promise<void> {
  requireEmail(deps);
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    const table = await findDiningTable(tx, tableId);
    if (!table) throw notFound("station_not_found", "There is no such station.");
    await lockInTransaction(tx, "station", table.id);
    const visit = await visitState(tx, table.id, now);
    if (visit.startId === null) throw conflict("no_visit", "This table's visit has ended: ask staff for a receipt.");
    const check = await readTableCheck({ ...deps, database: { ...deps.database, db: tx } }, table.id);
    if (check.id === null || check.lines.length === 0) throw conflict("tab_empty", "There is nothing on this table's check yet.");
    if ((await mailsAskedByVisit(tx, table.id, visit.startId)) >= DINER_RECEIPTS_PER_VISIT)
      throw new ApiHttpError(429, "rate_limited", `A table may ask for ${DINER_RECEIPTS_PER_VISIT} e-mailed receipts per visit.`);
    const mail = receiptMail(await receiptData(tx, check, now));
    await queueMail(
      tx,
      { branchId: table.branchId, tableId: table.id, visitId: visit.startId, kind: "receipt", recipient: email, ...mail },
      now,
    );
  });
}
