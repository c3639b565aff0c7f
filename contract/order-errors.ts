/**
 * Reading the details of the POST /orders refusals a client acts on (`price_changed`, `sold_out`; their
 * shapes are in schemas.ts). Details come from the network, so a client reads them through these
 * zod-free guards rather than trusting their shape.
 */
import type { PriceChangedDetail } from "./schemas";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function isPriceChangedDetail(value: unknown): value is PriceChangedDetail {
  return isRecord(value) && typeof value.index === "number" && typeof value.price === "string";
}

/** The product names a refusal's details mention (sold out, changed), each once. */
export function namesIn(details: readonly unknown[]): string[] {
  return [...new Set(details.flatMap((detail) => (isRecord(detail) && typeof detail.name === "string" ? [detail.name] : [])))];
}
