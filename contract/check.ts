/**
 * A table's check in integer cents (API.md "The check", docs/decisions/0028-the-check.md): its lines'
 * subtotal less discounts, comps and voids, HST 13 % on what is left (half-up to the cent), tips on top
 * and untaxed, payments against the total, equal parts and each line's share that add up exactly.
 * Zod-free and pure: the server settles every check with it, and the check screen shows the same parts.
 */
import { hstCents } from "./money";
import type { StaffRole } from "./roles";

export const ADJUSTMENT_KINDS = ["discount", "comp", "void"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const ADJUSTMENT_STATUSES = ["applied", "pending", "rejected"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** How many ways a check splits equally. */
export const SPLIT_WAYS_MIN = 2;
export const SPLIT_WAYS_MAX = 20;
/** The reason an adjustment or a refund gives: required, at most this long. */
export const REASON_MAX_LENGTH = 140;
/** A floor account's discount above this percentage of what it applies to waits for a manager (DISCOUNT_APPROVAL_PERCENT). */
export const DEFAULT_DISCOUNT_APPROVAL_PERCENT = 10;
/** The most a payment's tip or a cash tender may be: a typo's guard, far above any real one. */
export const MAX_PAYMENT_CENTS = 10_000_000;

/** `percent` % of `cents`, half-up to the cent (both non-negative). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * `cents` in `ways` equal parts to the cent, adding up to it exactly: the first parts carry the
 * leftover cents, so paying parts in order and splitting what is left again gives the same parts.
 */
export function equalParts(cents: number, ways: number): number[] {
  if (!Number.isInteger(ways) || ways < 1) throw new RangeError("ways must be a whole number above 0");
  const base = Math.floor(cents / ways);
  const leftover = cents - base * ways;
  return Array.from({ length: ways }, (_, index) => base + (index < leftover ? 1 : 0));
}

/**
 * `total` shared out over `weights` in proportion, to the cent, adding up to it exactly (largest
 * remainder; on a tie the earlier weight takes the cent). All weights 0: nothing to share by, all 0.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export interface CheckLineInput {
  id: string;
  /** The line's total as ordered (quantity × unit price with options). */
  lineTotal: number;
}

export interface CheckAdjustmentInput {
  id: string;
  kind: AdjustmentKind;
  /** null: on the whole check. */
  lineId: string | null;
  /** 1–100, or null for a fixed amount (or a whole line's comp or void). */
  percent: number | null;
  /** A fixed amount in cents; null with `percent`, and for a whole line. */
  amount: number | null;
  status: AdjustmentStatus;
}

export interface CheckPaymentInput {
  amount: number;
  tip: number;
  /** The lines this payment paid by items (their shares, tax included). */
  lineIds: readonly string[];
}

export interface SettledCheck {
  subtotal: number;
  discounts: number;
  comps: number;
  voids: number;
  /** subtotal − discounts − comps − voids: what tax is charged on. */
  net: number;
  tax: number;
  total: number;
  tips: number;
  paid: number;
  refunded: number;
  /** total − paid; never below 0 for a check the server kept. */
  balance: number;
  /** Each applied or pending adjustment's amount in cents (a pending one as it would apply); rejected ones 0. */
  adjustmentAmounts: Map<string, number>;
  /** Each line's part of the total, tax and check-wide discounts included; they add up to `total`. A voided line's is 0. */
  lineShares: Map<string, number>;
  /** Lines voided (applied). */
  voidedLineIds: Set<string>;
  /** Lines already paid by items. */
  paidLineIds: Set<string>;
  /** Adjustments waiting for a manager. */
  pending: number;
}

const lineAdjustmentAmount = (adjustment: CheckAdjustmentInput, lineTotal: number): number => {
  if (adjustment.kind === "void") return lineTotal;
  if (adjustment.percent !== null) return percentOf(lineTotal, adjustment.percent);
  if (adjustment.amount !== null) return Math.min(adjustment.amount, lineTotal);
  return lineTotal; // a comp without an amount: the whole line
};

/**
 * The check from its lines, adjustments, payments and refunds. Line adjustments come off their lines
 * (at most the line's total between them); check-wide ones come off what the lines leave, in the order
 * given (percentages of that base), at most all of it. Pending ones are computed but not deducted.
 */
export function settleCheck(
  lines: readonly CheckLineInput[],
  adjustments: readonly CheckAdjustmentInput[],
  payments: readonly CheckPaymentInput[],
  refunds: readonly { amount: number }[],
): SettledCheck {
  const sums = { discount: 0, comp: 0, void: 0 };
  const adjustmentAmounts = new Map<string, number>();
  const lineLeft = new Map(lines.map((line) => [line.id, line.lineTotal]));
  const voidedLineIds = new Set<string>();
  let pending = 0;
  for (const adjustment of adjustments) {
    if (adjustment.lineId === null) continue;
    const left = lineLeft.get(adjustment.lineId);
    if (left === undefined || adjustment.status === "rejected") {
      adjustmentAmounts.set(adjustment.id, 0);
      continue;
    }
    const line = lines.find((l) => l.id === adjustment.lineId)!;
    const amount = Math.min(lineAdjustmentAmount(adjustment, line.lineTotal), left);
    adjustmentAmounts.set(adjustment.id, amount);
    if (adjustment.status === "pending") {
      pending += 1;
      continue;
    }
    lineLeft.set(adjustment.lineId, left - amount);
    sums[adjustment.kind] += amount;
    if (adjustment.kind === "void") voidedLineIds.add(adjustment.lineId);
  }
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const base = subtotal - sums.discount - sums.comp - sums.void;
  let baseLeft = base;
  for (const adjustment of adjustments) {
    if (adjustment.lineId !== null) continue;
    if (adjustment.status === "rejected") {
      adjustmentAmounts.set(adjustment.id, 0);
      continue;
    }
    const wanted = adjustment.percent !== null ? percentOf(base, adjustment.percent) : (adjustment.amount ?? 0);
    const amount = Math.min(wanted, baseLeft);
    adjustmentAmounts.set(adjustment.id, amount);
    if (adjustment.status === "pending") {
      pending += 1;
      continue;
    }
    baseLeft -= amount;
    sums[adjustment.kind] += amount;
  }
  const net = subtotal - sums.discount - sums.comp - sums.void;
  const tax = hstCents(net);
  const total = net + tax;
  const billed = lines.filter((line) => !voidedLineIds.has(line.id));
  const shares = apportion(
    total,
    billed.map((line) => lineLeft.get(line.id)!),
  );
  const lineShares = new Map(lines.map((line) => [line.id, 0]));
  billed.forEach((line, index) => lineShares.set(line.id, shares[index]!));
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  return {
    subtotal,
    discounts: sums.discount,
    comps: sums.comp,
    voids: sums.void,
    net,
    tax,
    total,
    tips: payments.reduce((sum, payment) => sum + payment.tip, 0),
    paid,
    refunded: refunds.reduce((sum, refund) => sum + refund.amount, 0),
    balance: total - paid,
    adjustmentAmounts,
    lineShares,
    voidedLineIds,
    paidLineIds: new Set(payments.flatMap((payment) => payment.lineIds)),
    pending,
  };
}

/**
 * Whether an adjustment a `role` asks for waits for a manager's PIN: never for owners and managers; for
 * a floor account always for a void or a comp, and for a discount above `thresholdPercent` of what it
 * comes off (`amount` of `base` cents, or `percent`).
 */
export function needsApproval(
  role: StaffRole,
  adjustment: { kind: AdjustmentKind; percent: number | null; amount: number },
  base: number,
  thresholdPercent: number,
): boolean {
  if (role === "owner" || role === "manager") return false;
  if (adjustment.kind !== "discount") return true;
  if (adjustment.percent !== null) return adjustment.percent > thresholdPercent;
  return adjustment.amount * 100 > thresholdPercent * base;
}

/** The roles whose PIN approves a floor account's adjustment. */
export const APPROVER_ROLES: readonly StaffRole[] = ["owner", "manager"];

/**
 * What a payment of `amount` (plus `tip`) does to a balance of `due`: how much goes to the check and
 * the change a cash payment hands back. More than the due is refused, except in cash, where the rest
 * is change (also when `tendered`, the cash handed over, is more than amount + tip).
 */
export function tender(
  due: number,
  payment: { method: "cash" | "card" | "other"; amount: number; tip: number; tendered?: number },
): { ok: true; applied: number; change: number; tendered: number | null } | { ok: false; code: "overpaid" | "tendered_short" } {
  const cash = payment.method === "cash";
  if (payment.amount > due && !cash) return { ok: false, code: "overpaid" };
  const applied = Math.min(payment.amount, due);
  if (!cash) return { ok: true, applied, change: 0, tendered: null };
  const handed = payment.tendered ?? payment.amount + payment.tip;
  if (handed < applied + payment.tip) return { ok: false, code: "tendered_short" };
  return { ok: true, applied, change: handed - applied - payment.tip, tendered: handed };
}
