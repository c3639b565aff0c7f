/**
 * A table's check (API.md "The check", docs/decisions/0028-the-check.md): read, adjusted (discounts,
 * comps, voids; a floor account's wait for a manager's PIN), split, paid, refunded, closed at zero.
 *
 * A tab is the table's orders since it was last closed; its id is its first order's id, so an open
 * tab needs no row of its own and placing an order writes nothing for the check (the order's statement
 * budget, docs/decisions/0026). Closing writes the `tabs` row under that id and moves the orders onto it.
 * Every write takes the table's lock (as placing an order does), so two tablets settling one check, or
 * an order arriving while it is paid, are serialised: the check each write settles is the one it read.
 */
import { randomUUID } from "node:crypto";
import {
  equalParts,
  needsApproval,
  settleCheck,
  tender,
  type AdjustmentKind,
  type CheckAdjustmentInput,
  type SettledCheck,
} from "../../contract/check";
import type { OrderStatus, PaymentMethod } from "../../contract/menu";
import { formatCents, formatDollars, parsePriceToCents } from "../../contract/money";
import type {
  Adjustment,
  AdjustmentCreate,
  Check,
  CheckLine,
  ClosedTab,
  Order,
  Payment,
  PaymentAnswer,
  PaymentCreate,
  Refund,
  TabEvent,
} from "../../contract/schemas";
import { auditActor, recordAudit } from "../audit/audit-service";
import { emptyCart } from "../carts/cart-service";
import type { Db } from "../db/database";
import { lockAllInTransaction, lockInTransaction } from "../db/dialect";
import { findDiningTable } from "../dining-tables/dining-table-queries";
import { recordEvents, type NewEvent } from "../events/event-log-service";
import type { StaffIdentity } from "../lib/app-env";
import { ApiHttpError, badRequest, conflict, NotFoundError } from "../lib/errors";
import { findStoredResponse, hashRequest, storeResponse } from "../orders/idempotency-queries";
import { ordersOnClosedTab, ordersOnOpenTab, orderTabOf, putOrdersOnTab, type OpenTabOrder } from "../orders/tab-order-queries";
import { enqueueBill } from "../printers/print-job-service";
import type { ServiceDeps } from "../service-deps";
import { endVisit } from "../visits/visit-service";
import {
  adjustmentsAndPaymentsOf,
  decideAdjustment,
  findAdjustment,
  findClosedTab,
  findPayment,
  insertAdjustment,
  insertPayment,
  insertRefund,
  insertTab,
  refundsOf,
  saveSplit,
  tabRecords,
  type AdjustmentRow,
  type PaymentRow,
  type RefundRow,
  type TabRow,
} from "./tab-repository";

const tabMissing = () => new NotFoundError("tab_not_found");
const tableMissing = () => new NotFoundError("station_not_found");
const tabClosed = () => conflict("tab_closed", "This check is already closed.");

type DiningTableRow = NonNullable<Awaited<ReturnType<typeof findDiningTable>>>;

/** Where a check is: an open one is its table's orders since the last close; a closed one has its row. */
type LocatedTab =
  | {
      status: "open";
      id: string | null;
      table: DiningTableRow | { id: string; branchId: number; codename: string | null };
      orders: Order[];
    }
  | { status: "closed"; id: string; table: { id: string; branchId: number; codename: string | null }; orders: Order[]; row: TabRow };

/** A line's id on the wire: its order's id and its place in the order. */
export const checkLineId = (orderId: string, position: number) => `${orderId}.${position}`;

const staffName = (staff: Pick<StaffIdentity, "name" | "email">) => staff.name.trim() || staff.email;
const billed = (order: { status: OrderStatus }) => order.status !== "cancelled" && order.status !== "held";

async function openTabAt(db: Db, table: DiningTableRow): Promise<LocatedTab> {
  const { orders } = await ordersOnOpenTab(db, table.id);
  return { status: "open", id: orders[0]?.id ?? null, table, orders };
}

/** Finds the check `tabId` names: a closed tab's row, or the first order of a table's open tab. */
async function locateTab(db: Db, tabId: string): Promise<LocatedTab | undefined> {
  const closed = await findClosedTab(db, tabId);
  if (closed) {
    const table = await findDiningTable(db, closed.tableId);
    return {
      status: "closed",
      id: closed.id,
      row: closed,
      table: { id: closed.tableId, branchId: closed.branchId, codename: table?.codename ?? null },
      orders: await ordersOnClosedTab(db, closed.id),
    };
  }
  const order = await orderTabOf(db, tabId);
  if (!order || order.tabId !== null) return undefined;
  const table = await findDiningTable(db, order.tableId);
  const { orders } = await ordersOnOpenTab(db, order.tableId);
  if (orders[0]?.id !== tabId) return undefined;
  return { status: "open", id: tabId, table: table ?? { id: order.tableId, branchId: order.branchId, codename: null }, orders };
}

interface CheckState {
  located: LocatedTab;
  lines: (CheckLine & { cents: number })[];
  adjustments: AdjustmentRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  split: { ways: number; paymentsBefore: number } | undefined;
  settled: SettledCheck;
}

/** Each line of the orders a check bills (neither cancelled nor held): its order, its place there and its id on the wire. */
function billedLines<TabOrder extends { id: string; status: OrderStatus; lines: readonly unknown[] }>(orders: readonly TabOrder[]) {
  return orders
    .filter(billed)
    .flatMap((order) => order.lines.map((_line, position) => ({ order, position, id: checkLineId(order.id, position) })));
}

function linesOf(orders: readonly Order[]) {
  return billedLines(orders).map(({ order, position, id }) => {
    const line = order.lines[position]!;
    return { ...line, id, order_id: order.id, order_number: order.number, cents: parsePriceToCents(line.line_total) ?? 0 };
  });
}

const adjustmentInput = (row: AdjustmentRow): CheckAdjustmentInput => ({
  id: row.id,
  kind: row.kind,
  lineId: row.lineId,
  percent: row.percent,
  amount: row.amountCents,
  status: row.status,
});

/**
 * The check's arithmetic (contract/check.ts) over its stored records: the one way a check is settled,
 * whether read, written, or summed for the floor plan and the open-tabs list.
 */
function settle(
  lines: readonly { id: string; cents: number }[],
  records: { adjustments: readonly AdjustmentRow[]; payments: readonly PaymentRow[]; refunds: readonly RefundRow[] },
): SettledCheck {
  return settleCheck(
    lines.map((line) => ({ id: line.id, lineTotal: line.cents })),
    records.adjustments.map(adjustmentInput),
    records.payments.map((p) => ({ amount: p.amountCents, tip: p.tipCents, lineIds: p.lineIds })),
    records.refunds.map((r) => ({ amount: r.amountCents })),
  );
}

async function stateOf(db: Db, located: LocatedTab): Promise<CheckState> {
  const records = located.id ? await tabRecords(db, located.id) : { adjustments: [], payments: [], refunds: [], split: undefined };
  const lines = linesOf(located.orders);
  const settled = settle(lines, records);
  return {
    located,
    lines: lines.map((line) => ({ ...line, adjustment: null, share: "0.00", paid: false })),
    ...records,
    split: records.split,
    settled,
  };
}

function adjustmentOf(row: AdjustmentRow, settled: SettledCheck): Adjustment {
  return {
    id: row.id,
    tab_id: row.tabId,
    kind: row.kind,
    line_id: row.lineId,
    percent: row.percent,
    amount: formatCents(settled.adjustmentAmounts.get(row.id) ?? 0),
    reason: row.reason,
    status: row.status,
    requested_by: row.requestedBy,
    approved_by: row.approvedBy,
    created_at: row.createdAt,
  };
}

function refundOf(row: RefundRow): Refund {
  return {
    id: row.id,
    payment_id: row.paymentId,
    amount: formatCents(row.amountCents),
    reason: row.reason,
    by: row.by,
    created_at: row.createdAt,
  };
}

function paymentOf(row: PaymentRow, refunds: readonly RefundRow[]): Payment {
  const own = refunds.filter((refund) => refund.paymentId === row.id);
  return {
    id: row.id,
    tab_id: row.tabId,
    method: row.method,
    amount: formatCents(row.amountCents),
    tip: formatCents(row.tipCents),
    tendered: row.tenderedCents === null ? null : formatCents(row.tenderedCents),
    change_due: formatCents(row.changeCents),
    line_ids: row.lineIds,
    taken_by: row.takenBy,
    created_at: row.createdAt,
    refunded: formatCents(own.reduce((sum, refund) => sum + refund.amountCents, 0)),
    refunds: own.map(refundOf),
  };
}

/** The check as the contract shows it: the one read model every screen and receipt is made from. */
function checkOf(state: CheckState): Check {
  const { located, settled } = state;
  const adjustments = state.adjustments.map((row) => adjustmentOf(row, settled));
  const activeByLine = new Map(adjustments.filter((a) => a.line_id !== null && a.status !== "rejected").map((a) => [a.line_id!, a]));
  const open = located.status === "open";
  const balance = open ? settled.balance : 0;
  let split: Check["split"] = null;
  if (state.split && open && located.id) {
    const paidParts = Math.min(Math.max(state.payments.length - state.split.paymentsBefore, 0), state.split.ways);
    const left = state.split.ways - paidParts;
    split = {
      ways: state.split.ways,
      paid_parts: paidParts,
      parts: balance > 0 ? equalParts(balance, Math.max(left, 1)).map(formatCents) : [],
    };
  }
  const firstOrder = located.orders[0];
  return {
    id: located.id,
    station_id: located.table.id,
    station_codename: located.table.codename,
    branch_id: located.table.branchId,
    status: located.status,
    opened_at: firstOrder?.created_at ?? null,
    closed_at: located.status === "closed" ? located.row.closedAt : null,
    orders: located.orders,
    lines: state.lines.map(({ cents: _cents, ...line }) => ({
      ...line,
      adjustment: activeByLine.get(line.id) ?? null,
      share: formatCents(settled.lineShares.get(line.id) ?? 0),
      paid: settled.paidLineIds.has(line.id),
    })),
    adjustments,
    subtotal: formatCents(settled.subtotal),
    discount_total: formatCents(settled.discounts),
    comp_total: formatCents(settled.comps),
    void_total: formatCents(settled.voids),
    tax: formatCents(settled.tax),
    total: formatCents(settled.total),
    tips: formatCents(settled.tips),
    paid: formatCents(settled.paid),
    refunded: formatCents(settled.refunded),
    balance: formatCents(balance),
    payments: state.payments.map((row) => paymentOf(row, state.refunds)),
    split,
    pending_approvals: settled.pending,
  };
}

/** The table's open check (GET /api/stations/{id}/tab). */
export async function readTableCheck({ database: { db } }: ServiceDeps, tableId: string): Promise<Check> {
  const table = await findDiningTable(db, tableId);
  if (!table) throw tableMissing();
  return checkOf(await stateOf(db, await openTabAt(db, table)));
}

/**
 * A check by its id, open or closed: the read model (lines, adjustments, subtotal, tax, tips, payments,
 * balance) every screen and receipt renders. Undefined when no check has that id.
 */
export async function findCheck(db: Db, tabId: string): Promise<Check | undefined> {
  const located = await locateTab(db, tabId);
  return located && checkOf(await stateOf(db, located));
}

export async function readCheck({ database: { db } }: ServiceDeps, tabId: string): Promise<Check> {
  const check = await findCheck(db, tabId);
  if (!check) throw tabMissing();
  return check;
}

/** A table's open check in sums: what the floor plan and the open-tabs list show of it. */
export interface OpenCheckSums {
  tableId: string;
  /** Its orders, cancelled and held ones too. */
  orders: number;
  openedAt: string;
  totalCents: number;
  balanceCents: number;
}

/**
 * The open checks of the tables whose open-tab orders are `orders` (orders/tab-order-queries.ts
 * `openTabOrders`), settled by the check's own rule, so the floor and the tabs list show the numbers
 * the check does: two statements more for any number of tables. An open check has no refunds.
 */
export async function openCheckSums(db: Db, orders: readonly OpenTabOrder[]): Promise<Map<string, OpenCheckSums>> {
  const byTable = new Map<string, OpenTabOrder[]>();
  for (const order of orders) {
    const tab = byTable.get(order.tableId);
    if (tab) tab.push(order);
    else byTable.set(order.tableId, [order]);
  }
  // A tab's id is its first order's.
  const tabIds = [...byTable.values()].map((tab) => tab[0]!.id);
  const { adjustments, payments } = await adjustmentsAndPaymentsOf(db, tabIds);
  const sums = new Map<string, OpenCheckSums>();
  for (const [tableId, tab] of byTable) {
    const tabId = tab[0]!.id;
    const settled = settle(
      billedLines(tab).map(({ order, position, id }) => ({ id, cents: order.lines[position]!.lineTotalCents })),
      {
        adjustments: adjustments.filter((row) => row.tabId === tabId),
        payments: payments.filter((row) => row.tabId === tabId),
        refunds: [],
      },
    );
    sums.set(tableId, {
      tableId,
      orders: tab.length,
      openedAt: tab[0]!.createdAt,
      totalCents: settled.total,
      balanceCents: settled.balance,
    });
  }
  return sums;
}

/** Locates `tabId` and takes its table's lock, then reads it again under the lock: what the write settles. */
async function lockedState(tx: Db, tabId: string): Promise<CheckState> {
  const first = await locateTab(tx, tabId);
  if (!first) throw tabMissing();
  await lockInTransaction(tx, "station", first.table.id);
  const located = await locateTab(tx, tabId);
  if (!located) throw tabMissing();
  return stateOf(tx, located);
}

const tabEvent = (check: Check): TabEvent => ({
  id: check.id!,
  station_id: check.station_id,
  status: check.status,
  total: check.total,
  balance: check.balance,
});

function tabEvents(check: Check): NewEvent[] {
  const base = { branchId: check.branch_id, tableId: check.station_id };
  return [
    { ...base, type: "tab.updated", payload: tabEvent(check) },
    ...(check.status === "closed" ? [{ ...base, type: "tab.closed" as const, payload: tabEvent(check) }] : []),
  ];
}

function describeLine(line: CheckLine | undefined): string {
  return line ? `${line.quantity} × ${line.name} (${formatDollars(parsePriceToCents(line.line_total) ?? 0)})` : "the whole check";
}

const KIND_WORDS: Record<AdjustmentKind, string> = { discount: "Discount", comp: "Comp", void: "Void" };

/** An adjustment in words, for the audit log: "Void of 2 × Pancit ($25.98) at table 4, $25.98: sent to the wrong table". */
function describeAdjustment(state: CheckState, row: AdjustmentRow, amountCents: number): string {
  const line = row.lineId ? state.lines.find((l) => l.id === row.lineId) : undefined;
  const how = row.percent !== null ? `${row.percent} %` : formatDollars(amountCents);
  return `${KIND_WORDS[row.kind]} of ${describeLine(line)} at table ${state.located.table.codename ?? state.located.table.id}, ${how} (${formatDollars(amountCents)}): ${row.reason}`;
}

/**
 * Closes an open check whose balance is 0 (the table's lock held): its row under its id, its orders
 * moved onto it, the bill queued, the table's shared cart emptied and its visit ended. Records the
 * check's events. Returns the closed check.
 */
async function closeCheck(tx: Db, state: CheckState, now: Date): Promise<Check> {
  const { located, settled, payments } = state;
  if (located.status !== "open" || !located.id) throw tabClosed();
  const closedAt = now.toISOString();
  const byMethod = new Map<PaymentMethod, number>();
  for (const payment of payments)
    byMethod.set(payment.method, (byMethod.get(payment.method) ?? 0) + payment.amountCents + payment.tipCents);
  // The method that paid the most names the tab (the orders CSV's `paid_with`); each payment keeps its own.
  const paidWith = [...byMethod].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "other";
  await insertTab(tx, {
    id: located.id,
    branchId: located.table.branchId,
    tableId: located.table.id,
    paidWith,
    subtotalCents: settled.subtotal,
    discountsCents: settled.discounts,
    compsCents: settled.comps,
    voidsCents: settled.voids,
    taxCents: settled.tax,
    totalCents: settled.total,
    closedAt,
  });
  await putOrdersOnTab(
    tx,
    located.orders.map((order) => order.id),
    located.id,
  );
  // The party has paid and gone: the next party at this table starts from an empty shared cart.
  await emptyCart(tx, located.table.id, now);
  const row = (await findClosedTab(tx, located.id))!;
  const closed = checkOf({ ...state, located: { status: "closed", id: located.id, table: located.table, orders: located.orders, row } });
  await enqueueBill(tx, legacyClosedTab(closed, paidWith), now);
  await recordEvents(tx, tabEvents(closed), now);
  // The party's visit ends: its phones' streams say so and close; the next party starts afresh.
  await endVisit(tx, located.table, "tab_closed", now);
  return closed;
}

/** The closed tab as `POST /api/stations/{id}/tab/close` has always answered it. */
function legacyClosedTab(check: Check, paidWith: PaymentMethod): ClosedTab {
  return {
    id: check.id!,
    station_id: check.station_id,
    station_codename: check.station_codename,
    branch_id: check.branch_id,
    orders: check.orders,
    subtotal: check.subtotal,
    tax: check.tax,
    total: check.total,
    paid_with: paidWith,
    closed_at: check.closed_at!,
  };
}

// ---------- adjustments ----------

/** What an adjustment comes off: its line's total, or what the lines leave of the check. */
function adjustmentBase(state: CheckState, lineId: string | null): number {
  if (lineId !== null) return state.lines.find((line) => line.id === lineId)?.cents ?? 0;
  const { subtotal } = state.settled;
  let lineAdjusted = 0;
  for (const row of state.adjustments) {
    if (row.lineId !== null && row.status === "applied") lineAdjusted += state.settled.adjustmentAmounts.get(row.id) ?? 0;
  }
  return subtotal - lineAdjusted;
}

/** The check with `rows` as its adjustments. */
function resettle(state: CheckState, rows: AdjustmentRow[]): CheckState {
  return { ...state, adjustments: rows, settled: settle(state.lines, { ...state, adjustments: rows }) };
}

const tooLarge = (message: string) => conflict("adjustment_too_large", message);

/** Refuses an adjustment that would take more than there is, or leave the check below what was paid. */
function checkFits(before: CheckState, after: CheckState, row: AdjustmentRow): void {
  const amount = after.settled.adjustmentAmounts.get(row.id) ?? 0;
  const base = adjustmentBase(before, row.lineId);
  if (row.amountCents !== null && (row.amountCents > base || amount < row.amountCents)) {
    throw tooLarge(
      `This ${row.kind} is more than what is left of the ${row.lineId ? "line" : "check"} (${formatDollars(Math.min(base, amount))}).`,
    );
  }
  if (amount === 0 && row.kind !== "void") throw tooLarge("Nothing is left to take this off.");
  if (row.status === "applied" && after.settled.total < after.settled.paid) {
    throw tooLarge(`The check would come to less than the ${formatDollars(after.settled.paid)} already paid.`);
  }
}

/**
 * A discount, comp or void with its reason. An owner or manager applies it at once; a floor account's
 * void, comp, or discount above DISCOUNT_APPROVAL_PERCENT waits for a manager's PIN. A check settled to
 * 0 by it (with payments on it, and nothing pending) closes.
 */
export async function createAdjustment(
  deps: ServiceDeps,
  staff: StaffIdentity,
  tabId: string,
  input: AdjustmentCreate,
): Promise<Adjustment> {
  const now = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const state = await lockedState(tx, tabId);
    if (state.located.status !== "open") throw tabClosed();
    const lineId = input.line_id ?? null;
    if (lineId !== null) {
      const line = state.lines.find((l) => l.id === lineId);
      if (!line) throw badRequest("unknown_line", "That line is not on this check.");
      const existing = state.adjustments.find((a) => a.lineId === lineId && a.status !== "rejected");
      if (existing?.kind === "void") throw conflict("line_voided", "That line is voided.");
      if (existing)
        throw conflict(
          "line_adjusted",
          `That line already has a ${existing.kind}${existing.status === "pending" ? " waiting for a manager" : ""}.`,
        );
      if (state.settled.paidLineIds.has(lineId)) throw conflict("line_adjusted", "That line has been paid.");
    }
    const amountCents = input.amount === undefined ? null : parsePriceToCents(input.amount);
    const base = adjustmentBase(state, lineId);
    const wantedCents = input.percent !== undefined ? Math.floor((base * input.percent + 50) / 100) : (amountCents ?? base);
    const pending = needsApproval(
      staff.role,
      { kind: input.kind, percent: input.percent ?? null, amount: wantedCents },
      base,
      deps.config.discountApprovalPercent,
    );
    const row: AdjustmentRow = {
      id: randomUUID(),
      tabId: state.located.id!,
      branchId: state.located.table.branchId,
      tableId: state.located.table.id,
      kind: input.kind,
      lineId,
      percent: input.percent ?? null,
      amountCents,
      reason: input.reason.trim(),
      status: pending ? "pending" : "applied",
      requestedById: staff.id,
      requestedBy: staffName(staff),
      approvedById: pending ? null : staff.id,
      approvedBy: pending ? null : staffName(staff),
      createdAt: now.toISOString(),
      decidedAt: pending ? null : now.toISOString(),
    };
    const after = resettle(state, [...state.adjustments, row]);
    checkFits(state, after, row);
    await insertAdjustment(tx, row);
    const amount = after.settled.adjustmentAmounts.get(row.id) ?? 0;
    await recordAudit(tx, auditActor(staff, deps), {
      action: `check.${row.kind}`,
      target: `tab:${row.tabId}`,
      branchId: row.branchId,
      details: {
        what: describeAdjustment(after, row, amount),
        status: pending ? "waiting for a manager's PIN" : "applied",
        ...(input.kind === "void" && { kitchen: "the line stays on the kitchen's record" }),
      },
    });
    await settleOrRecord(tx, after, now);
    return adjustmentOf(row, after.settled);
  });
}

/** Records the check's change; closes it when the change left nothing to pay on a check something was paid on. */
async function settleOrRecord(tx: Db, state: CheckState, now: Date): Promise<Check> {
  const { settled } = state;
  if (settled.balance === 0 && settled.paid > 0 && settled.pending === 0) return closeCheck(tx, state, now);
  const check = checkOf(state);
  await recordEvents(tx, tabEvents(check), now);
  return check;
}

/** A pending adjustment, under its table's lock, with its check. */
async function pendingAdjustment(tx: Db, adjustmentId: string): Promise<{ state: CheckState; row: AdjustmentRow }> {
  const found = await findAdjustment(tx, adjustmentId);
  if (!found) throw new NotFoundError("adjustment_not_found");
  const state = await lockedState(tx, found.tabId);
  const row = state.adjustments.find((a) => a.id === adjustmentId)!;
  if (state.located.status !== "open") throw tabClosed();
  if (row.status !== "pending") throw conflict("not_pending", `This ${row.kind} was already ${row.status}.`);
  return { state, row };
}

/**
 * A manager's approval of a floor account's adjustment. `approver` is the account whose PIN was typed
 * on the tablet (checked and throttled by the auth module before this runs): a manager or owner of the
 * check's branch, or 403 `not_an_approver`.
 */
export async function approveAdjustment(
  deps: ServiceDeps,
  staff: StaffIdentity,
  approver: { id: number; email: string; name: string; role: StaffIdentity["role"]; branchIds: number[] },
  adjustmentId: string,
): Promise<Adjustment> {
  const now = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const { state, row } = await pendingAdjustment(tx, adjustmentId);
    const approves = approver.role === "owner" || (approver.role === "manager" && approver.branchIds.includes(row.branchId));
    if (!approves)
      throw new ApiHttpError(403, "not_an_approver", "Only a manager or owner of this branch can approve this with their PIN.");
    const decided: AdjustmentRow = {
      ...row,
      status: "applied",
      approvedById: approver.id,
      approvedBy: staffName(approver),
      decidedAt: now.toISOString(),
    };
    const after = resettle(
      state,
      state.adjustments.map((a) => (a.id === row.id ? decided : a)),
    );
    checkFits(state, after, decided);
    await decideAdjustment(tx, row.id, {
      status: "applied",
      approvedById: approver.id,
      approvedBy: decided.approvedBy,
      decidedAt: decided.decidedAt!,
    });
    const amount = after.settled.adjustmentAmounts.get(row.id) ?? 0;
    await recordAudit(
      tx,
      { id: approver.id, email: approver.email, at: now },
      {
        action: "check.approved",
        target: `tab:${row.tabId}`,
        branchId: row.branchId,
        details: {
          what: describeAdjustment(after, decided, amount),
          requested_by: row.requestedBy,
          approved_on_the_tablet_of: staff.email,
        },
      },
    );
    await settleOrRecord(tx, after, now);
    return adjustmentOf(decided, after.settled);
  });
}

/** Turns down a pending adjustment (the floor account withdrawing it, or a manager refusing it). */
export async function rejectAdjustment(deps: ServiceDeps, staff: StaffIdentity, adjustmentId: string): Promise<Adjustment> {
  const now = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const { state, row } = await pendingAdjustment(tx, adjustmentId);
    const decided: AdjustmentRow = {
      ...row,
      status: "rejected",
      approvedById: staff.id,
      approvedBy: staffName(staff),
      decidedAt: now.toISOString(),
    };
    const after = resettle(
      state,
      state.adjustments.map((a) => (a.id === row.id ? decided : a)),
    );
    await decideAdjustment(tx, row.id, {
      status: "rejected",
      approvedById: staff.id,
      approvedBy: decided.approvedBy,
      decidedAt: decided.decidedAt!,
    });
    await recordAudit(tx, auditActor(staff, deps), {
      action: "check.rejected",
      target: `tab:${row.tabId}`,
      branchId: row.branchId,
      details: { what: describeAdjustment(state, row, state.settled.adjustmentAmounts.get(row.id) ?? 0), requested_by: row.requestedBy },
    });
    await settleOrRecord(tx, after, now);
    return adjustmentOf(decided, after.settled);
  });
}

// ---------- split, payments, refunds ----------

/** Splits the balance equally: `ways` parts, adding up to it exactly; the check then shows the parts left to pay. */
export async function splitCheck(deps: ServiceDeps, tabId: string, ways: number): Promise<{ ways: number; parts: string[] }> {
  const now = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const state = await lockedState(tx, tabId);
    if (state.located.status !== "open") throw tabClosed();
    await saveSplit(tx, { tabId: state.located.id!, ways, paymentsBefore: state.payments.length, createdAt: now.toISOString() });
    const after: CheckState = { ...state, split: { ways, paymentsBefore: state.payments.length } };
    await recordEvents(tx, tabEvents(checkOf(after)), now);
    return { ways, parts: equalParts(state.settled.balance, ways).map(formatCents) };
  });
}

export interface PaymentResult {
  status: number;
  /** The exact JSON first answered: a replay answers byte for byte the same. */
  json: string;
  replayed: boolean;
  answer?: PaymentAnswer;
}

// The space keeps it apart from an order's keys (a client's key is visible characters only).
const paymentKey = (tabId: string, key: string) => `check-payment ${tabId} ${key}`;

const cents = (text: string | undefined) => (text === undefined ? undefined : parsePriceToCents(text)!);

/**
 * Records a payment on an open check: an amount (in cash, more than the balance is change), or the
 * shares of `line_ids`, with a tip. At a zero balance the check closes; it cannot while an adjustment
 * waits for a manager. With an Idempotency-Key, a replay answers the first answer (one payment).
 */
export async function payCheck(
  deps: ServiceDeps,
  staff: StaffIdentity,
  tabId: string,
  input: PaymentCreate,
  idempotencyKey: string | undefined,
): Promise<PaymentResult> {
  const now = deps.clock.now();
  const requestHash = hashRequest(input);
  return deps.database.transaction(async (tx): Promise<PaymentResult> => {
    const key = idempotencyKey && paymentKey(tabId, idempotencyKey);
    const first = await locateTab(tx, tabId);
    if (!first && !key) throw tabMissing();
    await lockAllInTransaction(tx, [
      ...(key ? [["idempotencyKey", key] as const] : []),
      ...(first ? [["station", first.table.id] as const] : []),
    ]);
    if (key) {
      const stored = await findStoredResponse(tx, key);
      if (stored) {
        if (stored.requestHash !== requestHash) {
          throw new ApiHttpError(422, "idempotency_key_reused", "This Idempotency-Key was already used for another payment.");
        }
        return { status: stored.statusCode, json: stored.body, replayed: true };
      }
    }
    const located = await locateTab(tx, tabId);
    if (!located) throw tabMissing();
    const state = await stateOf(tx, located);
    if (located.status !== "open") throw tabClosed();
    const { settled } = state;
    const due = settled.balance;
    const tip = cents(input.tip) ?? 0;
    const amount = cents(input.amount);
    // What this payment settles: the balance, or the lines' shares (tax included).
    let target = due;
    let lineIds: string[] = [];
    if (input.line_ids) {
      lineIds = [...new Set(input.line_ids.map((id) => id.toLowerCase()))];
      for (const id of lineIds) {
        if (!state.lines.some((line) => line.id === id)) throw badRequest("unknown_line", "That line is not on this check.");
        if (settled.voidedLineIds.has(id)) throw conflict("line_voided", "That line is voided: there is nothing to pay on it.");
        if (settled.paidLineIds.has(id)) throw conflict("line_paid", "That line is already paid.");
      }
      target = Math.min(
        lineIds.reduce((sum, id) => sum + (settled.lineShares.get(id) ?? 0), 0),
        due,
      );
      if (amount !== undefined && amount < target) throw badRequest("invalid_amount", `Those lines come to ${formatDollars(target)}.`);
    }
    const offered = amount ?? target;
    if (offered === 0 && due > 0) throw badRequest("invalid_amount", "A payment is more than 0.00.");
    const result = tender(target, { method: input.method, amount: offered, tip, tendered: cents(input.tendered) });
    if (!result.ok) {
      if (result.code === "tendered_short") throw badRequest("tendered_short", "The cash handed over is less than the amount and the tip.");
      throw conflict(
        "overpaid",
        `That is more than the ${formatDollars(target)} ${input.line_ids ? "those lines come to" : "left to pay"}.`,
        [{ path: "amount", message: `The balance is ${formatCents(due)}.`, balance: formatCents(due) }],
      );
    }
    if (due - result.applied === 0 && settled.pending > 0) {
      throw conflict(
        "approval_pending",
        "An adjustment on this check is waiting for a manager: approve or turn it down before the last payment.",
      );
    }
    const row: PaymentRow = {
      id: randomUUID(),
      tabId: located.id!,
      branchId: located.table.branchId,
      tableId: located.table.id,
      method: input.method,
      amountCents: result.applied,
      tipCents: tip,
      tenderedCents: result.tendered,
      changeCents: result.change,
      lineIds,
      takenById: staff.id,
      takenBy: staffName(staff),
      createdAt: now.toISOString(),
    };
    await insertPayment(tx, row);
    const payments = [...state.payments, row];
    const after: CheckState = { ...state, payments, settled: settle(state.lines, { ...state, payments }) };
    const check = after.settled.balance === 0 ? await closeCheck(tx, after, now) : await settleOrRecord(tx, after, now);
    const answer: PaymentAnswer = { ...paymentOf(row, []), balance: check.balance, tab_status: check.status };
    const json = JSON.stringify(answer);
    if (key) await storeResponse(tx, key, { requestHash, statusCode: 201, body: json }, now);
    return { status: 201, json, replayed: false, answer };
  });
}

/**
 * `POST /api/stations/{id}/tab/close {"paid_with"}`: the whole balance in one payment, closing the tab.
 * 409 `tab_empty` for a table without orders since its tab was last closed.
 */
export async function payWholeBalance(
  deps: ServiceDeps,
  staff: StaffIdentity,
  tableId: string,
  paidWith: PaymentMethod,
): Promise<ClosedTab> {
  const now = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const table = await findDiningTable(tx, tableId);
    if (!table) throw tableMissing();
    await lockInTransaction(tx, "station", table.id);
    const state = await stateOf(tx, await openTabAt(tx, table));
    if (!state.located.id) throw conflict("tab_empty", "This table has no orders since its tab was last closed.");
    if (state.settled.pending > 0) {
      throw conflict("approval_pending", "An adjustment on this check is waiting for a manager: approve or turn it down before closing.");
    }
    const row: PaymentRow = {
      id: randomUUID(),
      tabId: state.located.id,
      branchId: table.branchId,
      tableId: table.id,
      method: paidWith,
      amountCents: state.settled.balance,
      tipCents: 0,
      tenderedCents: paidWith === "cash" ? state.settled.balance : null,
      changeCents: 0,
      lineIds: [],
      takenById: staff.id,
      takenBy: staffName(staff),
      createdAt: now.toISOString(),
    };
    await insertPayment(tx, row);
    const payments = [...state.payments, row];
    const closed = await closeCheck(
      tx,
      {
        ...state,
        payments,
        settled: { ...state.settled, paid: state.settled.paid + row.amountCents, balance: 0 },
      },
      now,
    );
    return legacyClosedTab(closed, paidWith);
  });
}

/**
 * Money given back on a payment of a closed check (owners and managers), in part or whole, with a
 * reason: never more than the payment and its tip less what was refunded on it before.
 */
export async function refundPayment(
  deps: ServiceDeps,
  staff: StaffIdentity,
  paymentId: string,
  input: { amount: string; reason: string },
): Promise<Refund> {
  const now = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const payment = await findPayment(tx, paymentId);
    if (!payment) throw new NotFoundError("payment_not_found");
    await lockInTransaction(tx, "station", payment.tableId);
    const closed = await findClosedTab(tx, payment.tabId);
    if (!closed) throw conflict("tab_open", "This check is still open: adjust it instead of refunding.");
    const earlier = (await refundsOf(tx, payment.id)).reduce((sum, refund) => sum + refund.amountCents, 0);
    const refundable = payment.amountCents + payment.tipCents - earlier;
    const amount = parsePriceToCents(input.amount)!;
    if (amount > refundable) {
      throw conflict("refund_too_large", `At most ${formatDollars(refundable)} of this payment can be refunded.`, [
        { path: "amount", message: `At most ${formatCents(refundable)}.`, refundable: formatCents(refundable) },
      ]);
    }
    const row: RefundRow = {
      id: randomUUID(),
      paymentId: payment.id,
      tabId: payment.tabId,
      branchId: payment.branchId,
      method: payment.method,
      amountCents: amount,
      reason: input.reason.trim(),
      byId: staff.id,
      by: staffName(staff),
      createdAt: now.toISOString(),
    };
    await insertRefund(tx, row);
    await recordAudit(tx, auditActor(staff, deps), {
      action: "check.refund",
      target: `tab:${payment.tabId}`,
      branchId: payment.branchId,
      details: {
        what: `Refund of ${formatDollars(amount)} in ${payment.method} on a payment of ${formatDollars(payment.amountCents + payment.tipCents)}: ${row.reason}`,
      },
    });
    const check = await findCheck(tx, payment.tabId);
    if (check)
      await recordEvents(
        tx,
        [{ branchId: check.branch_id, tableId: check.station_id, type: "tab.updated", payload: tabEvent(check) }],
        now,
      );
    return refundOf(row);
  });
}
