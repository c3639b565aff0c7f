/**
 * Reading the details of the POST /orders refusals a client acts on (`price_changed`, `sold_out`,
 * `not_available_today`; their shapes are in schemas.ts). Details come from the network, so a client reads them through these
 * zod-free guards rather than trusting their shape.
 */
import { WEEKDAY_NAMES } from "./menu";
import type { NotTodayDetail, PriceChangedDetail, SoldOutDetail } from "./schemas";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function isPriceChangedDetail(value: unknown): value is PriceChangedDetail {
  return isRecord(value) && typeof value.index === "number" && typeof value.price === "string";
}

/** What every refusal's line detail has: the line's index into `products`, its product and a sentence. */
function isLineDetail(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) &&
    typeof value.index === "number" &&
    typeof value.product_id === "number" &&
    typeof value.name === "string" &&
    typeof value.message === "string"
  );
}

/** A `sold_out` detail: the line's index and product; `left` when the product's stock is counted. */
export function isSoldOutDetail(value: unknown): value is SoldOutDetail {
  return isLineDetail(value) && (value.left === undefined || (Number.isInteger(value.left) && (value.left as number) >= 0));
}

/** A `not_available_today` detail: a daily special ordered on another day; `weekday` is its day (1 = Monday … 7 = Sunday). */
export function isNotTodayDetail(value: unknown): value is NotTodayDetail {
  return (
    isLineDetail(value) &&
    Number.isInteger(value.weekday) &&
    (value.weekday as number) >= 1 &&
    (value.weekday as number) <= WEEKDAY_NAMES.length
  );
}

/** The product names a refusal's details mention (sold out, changed), each once. */
export function namesIn(details: readonly unknown[]): string[] {
  return [...new Set(details.flatMap((detail) => (isRecord(detail) && typeof detail.name === "string" ? [detail.name] : [])))];
}
