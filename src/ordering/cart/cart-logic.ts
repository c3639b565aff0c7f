/**
 * The diner's cart as plain data and pure functions (the store in cart-store.ts only wires them up).
 * Shape (kept stable: it is what phones have stored): an object keyed by product id, each a list of lines; a line's
 * selectedCustomizations is an object keyed by option id. Prices stay decimal strings as on the wire
 * and every sum is done in integer cents (contract/money.ts).
 */
import { LINE_NOTE_MAX } from "../../../contract/menu";
import { formatCents, parsePriceToCents } from "../../../contract/money";
import type { OrderCreate, Product } from "../../../contract/schemas";

export interface SelectedOption {
  id: number;
  name: string;
  price: string;
  /** The option's group name, so the cart can show "Side: Onion Rings". */
  group: string;
}

export interface CartLine {
  /** The product id (the order payload's `id`). */
  id: number;
  name: string;
  description: string;
  quantity: number;
  /** Base price, e.g. "13.99". */
  price: string;
  /** Base price plus the chosen options, e.g. "15.99". */
  customizedPrice: string;
  selectedCustomizations: Record<string, SelectedOption>;
  /** For the kitchen ("no onions"); absent when the diner wrote none. */
  note?: string;
  /** The product's names in other languages, so the cart shows the dish as the menu did. */
  translations?: Product["translations"];
}

export type Cart = Record<string, CartLine[]>;

export const MAX_QUANTITY = 99;

/** Cents of a wire price; a malformed price counts as 0 rather than poisoning every total with NaN. */
export function cents(price: string): number {
  return parsePriceToCents(price) ?? 0;
}

/**
 * Identifies a line within its product: the sorted ids of its chosen options, then its note if any
 * (a burger "no onions" and a plain one are two lines for the kitchen). The ids hold no "|", so the
 * first one splits the key unambiguously, and a line without a note keeps the key it always had.
 */
export function lineKey(line: Pick<CartLine, "selectedCustomizations" | "note">): string {
  const ids = optionIdsOf(line).join(",");
  return line.note ? `${ids}|${line.note}` : ids;
}

/** A note as the cart keeps it: trimmed, at most LINE_NOTE_MAX characters, none when blank. */
export function cleanNote(note: string | undefined): string | undefined {
  const trimmed = note?.trim().slice(0, LINE_NOTE_MAX).trim();
  return trimmed ? trimmed : undefined;
}

export function optionIdsOf(line: Pick<CartLine, "selectedCustomizations">): number[] {
  return Object.values(line.selectedCustomizations)
    .map((option) => option.id)
    .sort((a, b) => a - b);
}

/** Base price plus options, in cents. */
export function unitPriceCents(basePrice: string, options: readonly SelectedOption[]): number {
  return options.reduce((sum, option) => sum + cents(option.price), cents(basePrice));
}

/** A unit price with its options, as the wire writes prices ("15.99"). */
export function formatUnitPrice(basePrice: string, options: readonly SelectedOption[]): string {
  return formatCents(unitPriceCents(basePrice, options));
}

/**
 * Adds `quantity` units (one tap adds one): an identical product with identical choices and the same
 * note raises that line's quantity; otherwise a new line. Prices are the product's as given.
 */
export function addToCart(cart: Cart, product: Product, options: readonly SelectedOption[], note?: string, quantity = 1): Cart {
  const selectedCustomizations: Record<string, SelectedOption> = {};
  for (const option of options) selectedCustomizations[option.id] = option;
  const cleaned = cleanNote(note);
  const count = Math.max(1, Math.min(MAX_QUANTITY, Math.floor(quantity)));
  const candidate: CartLine = {
    id: product.id,
    name: product.name,
    description: product.description,
    quantity: count,
    price: product.price,
    customizedPrice: formatCents(unitPriceCents(product.price, options)),
    selectedCustomizations,
    ...(cleaned ? { note: cleaned } : {}),
    ...(product.translations ? { translations: product.translations } : {}),
  };
  const key = lineKey(candidate);
  const lines = cart[product.id] ?? [];
  const existing = lines.find((line) => lineKey(line) === key);
  const nextLines = existing
    ? lines.map((line) => (line === existing ? { ...line, quantity: Math.min(MAX_QUANTITY, line.quantity + count) } : line))
    : [...lines, candidate];
  return { ...cart, [product.id]: nextLines };
}

/** Removes ONE unit of one line (a diner with two burgers taps "Remove 1" to keep one); an emptied product leaves the cart. */
export function removeOne(cart: Cart, productId: number, key: string): Cart {
  const lines = cart[productId];
  if (!lines) return cart;
  const nextLines = lines.flatMap((line) => {
    if (lineKey(line) !== key) return [line];
    return line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : [];
  });
  const next = { ...cart };
  if (nextLines.length > 0) next[productId] = nextLines;
  else delete next[productId];
  return next;
}

export function cartLines(cart: Cart): CartLine[] {
  return Object.values(cart).flat();
}

export function quantityOfProduct(cart: Cart, productId: number): number {
  return (cart[productId] ?? []).reduce((sum, line) => sum + line.quantity, 0);
}

export function itemCount(cart: Cart): number {
  return cartLines(cart).reduce((sum, line) => sum + line.quantity, 0);
}

export function lineTotalCents(line: CartLine): number {
  return cents(line.customizedPrice) * line.quantity;
}

/** The untaxed total (the floating "View cart" link and the Subtotal row). */
export function subtotalCents(cart: Cart): number {
  return cartLines(cart).reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** The POST /orders body: the flat list of lines, each with its option ids as a list. */
export function toOrderRequest(cart: Cart, tableId: string, branchId: number): OrderCreate {
  return {
    products: cartLines(cart).map((line) => ({
      id: line.id,
      quantity: line.quantity,
      selectedCustomizations: optionIdsOf(line),
      customizedPrice: line.customizedPrice,
      ...(line.note ? { note: line.note } : {}),
    })),
    station_id: tableId,
    branch_id: branchId,
  };
}

/** A line's current unit price, as the server reported it in a `price_changed` answer. */
export interface PriceUpdate {
  /** Index into the order's `products` (the flat cart lines, in order). */
  index: number;
  price: string;
}

/** Applies the server's current unit prices to the lines it named (in toOrderRequest's order). */
export function applyPriceUpdates(cart: Cart, updates: readonly PriceUpdate[]): Cart {
  const byIndex = new Map(updates.map((update) => [update.index, update.price]));
  let index = 0;
  const next: Cart = {};
  for (const [productId, lines] of Object.entries(cart)) {
    next[productId] = lines.map((line) => {
      const price = byIndex.get(index++);
      return price === undefined ? line : { ...line, customizedPrice: formatCents(cents(price)) };
    });
  }
  return next;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

function isSelectedOption(value: unknown): value is SelectedOption {
  return (
    isRecord(value) &&
    Number.isInteger(value.id) &&
    typeof value.name === "string" &&
    typeof value.price === "string" &&
    typeof value.group === "string"
  );
}

function isCartLine(value: unknown): value is CartLine {
  return (
    isRecord(value) &&
    Number.isInteger(value.id) &&
    typeof value.name === "string" &&
    (value.description === undefined || typeof value.description === "string") &&
    Number.isInteger(value.quantity) &&
    (value.quantity as number) >= 1 &&
    (value.quantity as number) <= MAX_QUANTITY &&
    typeof value.price === "string" &&
    typeof value.customizedPrice === "string" &&
    (value.note === undefined || (typeof value.note === "string" && value.note.length <= LINE_NOTE_MAX)) &&
    (value.translations === undefined || isRecord(value.translations)) &&
    isRecord(value.selectedCustomizations) &&
    Object.values(value.selectedCustomizations).every(isSelectedOption)
  );
}

/**
 * True for a cart this app can show and send: every line as addToCart makes it. Storage read back
 * from a phone can hold anything, and one unreadable line (a name that is an object, an option that
 * is null) would break the page; all or nothing, so a cart is never sent with lines silently missing.
 */
export function isCartShape(value: unknown): value is Cart {
  return isRecord(value) && Object.values(value).every((lines) => Array.isArray(lines) && lines.every(isCartLine));
}
