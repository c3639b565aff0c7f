/**
 * Money is integer cents everywhere; the wire format is a decimal string ("13.99").
 * Shared by the server (authoritative pricing) and the web app (display, cart).
 */

export const HST_RATE_PERCENT = 13;

/** A plain non-negative price as the wire writes it: "13.99", "2", "0.5". */
export const DECIMAL_PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** "13.99" → 1399. Returns null for anything that is not a plain non-negative price. */
export function parsePriceToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL_PRICE.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 1399 → "13.99" */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1399 → "$13.99" */
export function formatDollars(cents: number): string {
  return `$${formatCents(cents)}`;
}

/** 13 % HST on a subtotal, rounded half-up to the cent. */
export function hstCents(subtotalCents: number): number {
  return Math.floor((subtotalCents * HST_RATE_PERCENT + 50) / 100);
}

export interface Totals {
  subtotal: number;
  tax: number;
  total: number;
}

export function totalsFromSubtotal(subtotalCents: number): Totals {
  const tax = hstCents(subtotalCents);
  return { subtotal: subtotalCents, tax, total: subtotalCents + tax };
}
