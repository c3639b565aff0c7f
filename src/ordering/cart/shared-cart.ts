/**
 * The phone's side of the shared table cart (docs/decisions/0010), as plain data and pure functions:
 * the server's cart is the truth, this phone's unanswered operations are re-applied on top of it, and
 * the result is shown in the cart's usual shape. The server's merge rules (api/carts/cart-merge.ts)
 * decide for good; here only their effect on the lines this phone can see is needed: an add shows its
 * line, a quantity change or removal of a line the phone sees applies to it.
 */
import type { CartOperation, CartOperationResult, TableCart } from "../../../contract/schemas";
import { cents, lineKey, type Cart, type CartLine, type SelectedOption } from "./cart-logic";

/** How the phone shows a line it added but the server has not confirmed yet (the op carries ids only). */
export interface PendingDisplay {
  name: string;
  description: string;
  price: string;
  customizedPrice: string;
  options: SelectedOption[];
}

/** An operation waiting for the server's answer; `display` stays on the phone. */
export type PendingOp = CartOperation & { display?: PendingDisplay };

/** A line of the shared cart as the phone shows it: the cart's line plus who added it. */
export interface SharedLine extends CartLine {
  lineId: string;
  phoneId: string;
  /** "Phone 2", or the name that phone's diner set; "" for this phone's unconfirmed lines. */
  phoneName: string;
  /** Sold out or gone since it was added (from the server). */
  unavailable?: boolean;
}

export const OPS_PER_REQUEST = 50;
/** The server keeps operation ids 24 hours; an older op could apply twice, so it is dropped. */
export const OP_LIFETIME_MS = 24 * 3_600_000;

/**
 * The stamp for a new operation: the phone's clock, but always later than every stamp it has seen
 * (its own previous operations, and every line's `changed_at` in the server's cart), so a phone whose
 * clock runs slow still overrides what it sees and its own quick taps keep their order.
 */
export function nextStamp(now: number, seen: string | null): string {
  const floor = seen ? Date.parse(seen) : Number.NaN;
  return new Date(Number.isFinite(floor) && floor >= now ? floor + 1 : now).toISOString();
}

/** The latest stamp among `stamps` (ISO strings; null when none). */
export function latestStamp(...stamps: (string | null | undefined)[]): string | null {
  let latest: string | null = null;
  let latestMs = -Infinity;
  for (const stamp of stamps) {
    const ms = stamp ? Date.parse(stamp) : Number.NaN;
    if (Number.isFinite(ms) && ms > latestMs) {
      latest = stamp!;
      latestMs = ms;
    }
  }
  return latest;
}

/** The stamp a cart's lines carry at most. */
export function cartStamp(cart: Pick<TableCart, "lines"> | null): string | null {
  return cart ? latestStamp(...cart.lines.map((line) => line.changed_at)) : null;
}

function fromServer(line: TableCart["lines"][number]): SharedLine {
  const selectedCustomizations: Record<string, SelectedOption> = {};
  for (const option of line.options) selectedCustomizations[option.id] = { ...option, group: "" };
  const optionCents = line.options.reduce((sum, option) => sum + cents(option.price), 0);
  return {
    id: line.product_id,
    name: line.name,
    description: "",
    quantity: line.quantity,
    price: ((cents(line.unit_price) - optionCents) / 100).toFixed(2),
    customizedPrice: line.unit_price,
    selectedCustomizations,
    ...(line.note ? { note: line.note } : {}),
    lineId: line.line_id,
    phoneId: line.phone_id,
    phoneName: line.phone_name,
    ...(line.available ? {} : { unavailable: true }),
  };
}

/** The lines the phone shows: the server's cart with this phone's pending operations applied in order. */
export function localView(server: Pick<TableCart, "lines"> | null, pending: readonly PendingOp[], phoneId: string): SharedLine[] {
  const lines = (server?.lines ?? []).map(fromServer);
  for (const op of pending) {
    const index = op.type === "add_line" || op.type === "set_name" ? -1 : lines.findIndex((line) => line.lineId === op.line_id);
    if (op.type === "add_line") {
      if (!op.display || lines.some((line) => line.lineId === op.line_id)) continue;
      const selectedCustomizations: Record<string, SelectedOption> = {};
      for (const option of op.display.options) selectedCustomizations[option.id] = option;
      lines.push({
        id: op.product_id,
        name: op.display.name,
        description: op.display.description,
        quantity: op.quantity,
        price: op.display.price,
        customizedPrice: op.display.customizedPrice,
        selectedCustomizations,
        ...(op.note ? { note: op.note } : {}),
        lineId: op.line_id,
        phoneId,
        phoneName: "",
      });
    } else if (op.type === "set_quantity" && index >= 0) {
      lines[index] = { ...lines[index]!, quantity: op.quantity };
    } else if (op.type === "remove_line" && index >= 0) {
      lines.splice(index, 1);
    }
  }
  return lines;
}

/** The lines in the cart's usual shape (keyed by product), so every screen reading the cart keeps working. */
export function toCart(lines: readonly SharedLine[]): Cart {
  const cart: Cart = {};
  for (const line of lines) (cart[line.id] ??= []).push(line);
  return cart;
}

/** This phone's open line of the same product, options and note, which one more tap raises. */
export function ownTwin(
  lines: readonly SharedLine[],
  phoneId: string,
  candidate: Pick<CartLine, "id" | "selectedCustomizations" | "note">,
): SharedLine | undefined {
  const key = lineKey(candidate);
  return lines.find((line) => line.phoneId === phoneId && line.id === candidate.id && lineKey(line) === key);
}

/** The next request's operations, in the order the diner made them, without what only the phone needs. */
export function nextBatch(pending: readonly PendingOp[]): CartOperation[] {
  return pending.slice(0, OPS_PER_REQUEST).map(({ display: _display, ...op }) => op as CartOperation);
}

/** Drops every operation the server answered (applied, duplicate or ignored): it is never sent again. */
export function dropAnswered(pending: readonly PendingOp[], results: readonly Pick<CartOperationResult, "op_id">[]): PendingOp[] {
  const answered = new Set(results.map((result) => result.op_id));
  return pending.filter((op) => !answered.has(op.op_id));
}

/** Drops operations too old for the server to recognise as replays. */
export function dropExpired(pending: readonly PendingOp[], now: number): PendingOp[] {
  return pending.filter((op) => !(now - Date.parse(op.at) > OP_LIFETIME_MS));
}

/**
 * True when `held` is a later state of the table's cart than `received`: a higher version, or the same
 * version priced later — a happy hour can begin or end between two answers of one version, and an
 * answer can arrive after one sent later. A cart kept by an older app has no `priced_at`: the earliest.
 */
export function isNewer(held: { version: number; priced_at?: string }, received: Pick<TableCart, "version" | "priced_at">): boolean {
  if (held.version !== received.version) return held.version > received.version;
  return Date.parse(held.priced_at ?? "") > Date.parse(received.priced_at);
}

/** True when the server's cart holds exactly the lines (and quantities) the diner saw: safe to submit its version. */
export function sameLines(cart: Pick<TableCart, "lines">, seen: readonly { lineId: string; quantity: number }[]): boolean {
  if (cart.lines.length !== seen.length) return false;
  const quantities = new Map(seen.map((line) => [line.lineId, line.quantity]));
  return cart.lines.every((line) => quantities.get(line.line_id) === line.quantity);
}
