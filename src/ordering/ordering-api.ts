/** The diner's calls to the server (API.md), all through the app's one client. */
import { apiFetch } from "../lib/api-client";
import type { Menu, Order, PublicStation } from "../../contract/schemas";
import type { OrderRequest } from "./cart/cart-logic";

/** A slow phone network must not leave "Sending…" up forever; a timeout is retried with the same key. */
const SUBMIT_TIMEOUT_MS = 20_000;

export function fetchStation(stationId: string): Promise<PublicStation> {
  return apiFetch<PublicStation>(`/stations/${encodeURIComponent(stationId)}`);
}

export function fetchMenu(branchId: number): Promise<Menu> {
  return apiFetch<Menu>(`/products_by_category?branch_id=${branchId}`);
}

export function fetchOrder(orderId: string): Promise<Order> {
  return apiFetch<Order>(`/orders/${encodeURIComponent(orderId)}`);
}

export function postOrder(idempotencyKey: string, body: OrderRequest): Promise<Order> {
  return apiFetch<Order>("/orders", {
    method: "POST",
    body,
    headers: { "Idempotency-Key": idempotencyKey },
    signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A random v4 UUID (crypto.randomUUID needs a secure context; the fallback covers plain-http LAN tests). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
