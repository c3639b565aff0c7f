/**
 * Sends this phone's queued cart operations to the table's shared cart and keeps the server's cart
 * current (docs/decisions/0010). An operation leaves the queue only when an answer names it; no
 * answer (offline, timeout, 5xx, 429, 409 cart_submitting, a captive portal's page) leaves it queued
 * and tries again later with the same ids, so a replay never applies twice.
 */
import { useEffect } from "react";
import type { CartOperationsAnswer, TableCart } from "../../../contract/schemas";
import { api, diningTableEventsPath } from "../../shared/api";
import { useFollowedTable } from "../visit-ended";
import { ApiError } from "../../shared/api-client";
import { createRetryingSender, isRetryable } from "../../shared/retrying-sender";
import { useServerData, type ServerDataOptions } from "../../shared/use-server-data";
import { onQueued, useCart } from "./cart-store";
import { dropExpired, nextBatch } from "./shared-cart";

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** Enough of a cart to show: only the server's own answer is taken (a portal's JSON is not a cart). */
export function isTableCart(value: unknown): value is TableCart {
  return (
    isRecord(value) &&
    typeof value.station_id === "string" &&
    typeof value.version === "number" &&
    Array.isArray(value.lines) &&
    typeof value.total === "string"
  );
}

function isAnswer(value: unknown): value is CartOperationsAnswer {
  return (
    isRecord(value) &&
    isTableCart(value.cart) &&
    Array.isArray(value.results) &&
    value.results.every((result) => isRecord(result) && typeof result.op_id === "string")
  );
}

const unexpected = () => new ApiError(0, "unexpected_answer", "The answer was not the table's cart.");

/** Sends every queued operation, a batch at a time; throws (and schedules a retry) when the server could not be reached. */
async function sendAll(): Promise<void> {
  for (;;) {
    const state = useCart.getState();
    const { tableId, pending } = state.shared;
    const live = dropExpired(pending, Date.now());
    if (live.length < pending.length) state.answered(pending.filter((op) => !live.includes(op)).map((op) => op.op_id));
    if (!tableId || live.length === 0) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) throw new ApiError(0, "offline", "You're offline.");
    const batch = nextBatch(live);
    let answer: unknown;
    try {
      answer = await api.applyCartOperations(tableId, { phone_id: state.phoneId, operations: batch });
    } catch (cause) {
      const error = cause instanceof ApiError ? cause : new ApiError(0, "network_error", String(cause));
      // A table that is gone (or not yet back) keeps the diner's lines: the submit says why it cannot go.
      if (isRetryable(error) || error.code === "cart_submitting" || error.code === "station_not_found") throw error;
      // Refused as a whole: the named operations can never apply (sold out, not on the menu); the rest go again.
      const named = error.details.flatMap((detail) => (isRecord(detail) && typeof detail.op_id === "string" ? [detail.op_id] : []));
      useCart.getState().answered(named.length > 0 ? named : batch.map((op) => op.op_id));
      useCart.getState().setProblem({ status: error.status, code: error.code, message: error.message, details: error.details });
      continue;
    }
    if (!isAnswer(answer)) throw unexpected();
    useCart.getState().answered(
      answer.results.map((result) => result.op_id),
      answer.cart,
    );
    if (answer.results.some((result) => result.reason === "cart_full")) {
      useCart.getState().setProblem({ status: 0, code: "cart_full", message: "The table's cart is full.", details: [] });
    }
  }
}

/** The phone's one sender (src/shared/retrying-sender.ts), as the order outbox has its own. */
export const operationsSender = createRetryingSender(sendAll);

/**
 * Sends the queue now (one pass at a time); resolves once it is empty, rejects when the server could
 * not take it (the sender has then scheduled the next try: sooner or later, or on `online`).
 */
export const flushOperations = (): Promise<void> => operationsSender.run();

/** Reads the table's cart (on load and after a reconnect, when events may have been missed). */
export async function loadCart(tableId: string): Promise<void> {
  try {
    const cart = await api.tableCart(tableId);
    if (isTableCart(cart)) useCart.getState().receiveCart(cart);
  } catch {
    // Offline: the phone shows its own copy and catches up on the next event or reconnect.
  }
}

const flushQuietly = () => void flushOperations().catch(() => undefined);
onQueued(flushQuietly);

/** The table's cart, by the one way (useServerData): each answer and event goes to the cart store. */
export function sharedCartData(tableId: string | null): Omit<ServerDataOptions<string, TableCart>, "key"> {
  return {
    stream: tableId ? diningTableEventsPath(tableId) : null,
    load: async (id, signal) => {
      const cart = await api.tableCart(id, { signal });
      if (!isTableCart(cart)) throw unexpected();
      return cart;
    },
    reduce: (_cart, event) => (event.type === "cart.updated" && isTableCart(event.data) ? event.data : undefined),
    // Offline, the phone shows its own copy and catches up on the next event or reconnect.
    onData: (cart) => useCart.getState().receiveCart(cart),
    onOpen: flushQuietly,
  };
}

/** Keeps this screen's copy of the table's cart live while mounted (not after the visit ended: the next party's). */
export function useSharedCart(table: string | null): void {
  const tableId = useFollowedTable(table);
  useServerData({ key: tableId, ...sharedCartData(tableId) });
  useEffect(() => {
    if (tableId) flushQuietly();
  }, [tableId]);
}
