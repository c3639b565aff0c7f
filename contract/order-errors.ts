/**
 * Reading the details of the POST /orders refusals a client acts on (`price_changed`, `sold_out`, `not_available_today`; their
 * shapes are in schemas.ts). Details come from the network, so a client reads them through these
 * zod-free guards rather than trusting their shape.
 */
import type { NotTodayDetail, PriceChangedDetail } from "./schemas";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function isPriceChangedDetail(value: unknown): value is PriceChangedDetail {
  return isRecord(value) && typeof value.index === "number" && typeof value.price === "string";
}

/** A `not_available_today` line: the special's name and its day. */
export function isNotTodayDetail(value: unknown): value is NotTodayDetail {
  return isRecord(value) && typeof value.name === "string" && Number.isInteger(value.weekday) && (value.weekday as number) >= 1 && (value.weekday as number) <= 7;
}

/** The product names a refusal's details mention (sold out, changed), each once. */
export function namesIn(details: readonly unknown[]): string[] {
  return [...new Set(details.flatMap((detail) => (isRecord(detail) && typeof detail.name === "string" ? [detail.name] : [])))];
}
