/**
 * The details of the POST /orders refusals a client acts on (`error.details`, one per order line;
 * `index` points into the request's `products`). Details come from the network, so a client reads
 * them through the guards below rather than trusting their shape.
 */
export interface OrderLineDetail {
  index: number;
  product_id: number;
  message: string;
}

/** 409 `sold_out`: the line's product is switched off. */
export interface SoldOutDetail extends OrderLineDetail {
  name: string;
}

/** 409 `price_changed`: the line's customizedPrice is not the server's unit price any more. */
export interface PriceChangedDetail extends OrderLineDetail {
  name: string;
  /** The unit price the client sent. */
  sent_price: string;
  /** The server's unit price now, e.g. "15.99". */
  price: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function isPriceChangedDetail(value: unknown): value is PriceChangedDetail {
  return isRecord(value) && typeof value.index === "number" && typeof value.price === "string";
}

/** The product names a refusal's details mention (sold out, changed), each once. */
export function namesIn(details: readonly unknown[]): string[] {
  return [...new Set(details.flatMap((detail) => (isRecord(detail) && typeof detail.name === "string" ? [detail.name] : [])))];
}
