/**
 * Wires the outbox to the cart: Submit writes the order to IndexedDB with a fresh Idempotency-Key
 * and sends it; the answer (now or after any number of retries) lands in the cart store. A table's
 * cart is shared (docs/decisions/0010): its submit first sends this phone's queued changes, then
 * submits the table's cart at the version the diner saw, as one order for every phone.
 * Retries run on app start, when the phone comes back online or to the foreground, and on a timer.
 */
import { createStore, del, entries, set } from "idb-keyval";
import { sharedLines, useCart, type SubmitProblem } from "../cart/cart-store";
import { toOrderRequest } from "../cart/cart-logic";
import { flushOperations, isTableCart, loadCart } from "../cart/cart-sync";
import { sameLines } from "../cart/shared-cart";
import { rememberOrder } from "../history/order-history";
import { api } from "../../shared/api";
import type { ApiError } from "../../shared/api-client";
import { randomUuid } from "../../shared/random-uuid";
import { createOutbox, type Outbox, type OutboxEntry, type OutboxStorage, type Send, type SendOutcome, type SharedSubmit } from "./outbox";

/** IndexedDB, or memory when the browser refuses IndexedDB (some private modes): still sent, not kept. */
function outboxStorage(): OutboxStorage {
  const store = createStore("limitless-ordering", "outbox");
  const memory = new Map<string, OutboxEntry>();
  let idbWorks = true;
  async function withFallback<T>(idb: () => Promise<T>, fallback: () => T): Promise<T> {
    if (idbWorks) {
      try {
        return await idb();
      } catch {
        idbWorks = false;
      }
    }
    return fallback();
  }
  return {
    put: (entry) =>
      withFallback(
        () => set(entry.key, entry, store),
        () => void memory.set(entry.key, entry),
      ),
    remove: (key) =>
      withFallback(
        () => del(key, store),
        () => void memory.delete(String(key)),
      ),
    all: () =>
      withFallback(
        () => entries<IDBValidKey, unknown>(store),
        () => [...memory.entries()],
      ),
  };
}

export function toProblem(error: ApiError): SubmitProblem {
  return { status: error.status, code: error.code, message: error.message, details: error.details };
}

/**
 * Where versions of the app before the outbox kept a shared submit's chosen version in its own entry
 * had it (localStorage, `{key, version}`): read once for the order it names, so an order queued
 * across the upgrade keeps its body, then moved into that order's entry.
 */
const LEGACY_CHOSEN_KEY = "cart.submit";

function legacyChosenVersion(key: string): number | null {
  try {
    const chosen = JSON.parse(localStorage.getItem(LEGACY_CHOSEN_KEY) ?? "null") as { key?: unknown; version?: unknown } | null;
    return chosen?.key === key && typeof chosen.version === "number" ? chosen.version : null;
  } catch {
    return null;
  }
}

function forgetLegacyChosenVersion(): void {
  try {
    localStorage.removeItem(LEGACY_CHOSEN_KEY);
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

/**
 * The table's cart as one order. When the diner saw the server's cart as it is, its version is
 * submitted at once. When the diner's view held changes not yet sent (made offline), they go first;
 * then, if the server's cart is exactly what the diner saw, its new version is submitted, otherwise the
 * version the diner saw, which the server refuses (cart_changed: check again) unless it is a replay.
 * That choice is made once, at the first attempt, and kept in the order's outbox entry: a retry after
 * a lost answer must send the same body, or the server refuses the key as reused.
 */
async function sendShared({ key, body }: OutboxEntry, shared: SharedSubmit, keep: (shared: SharedSubmit) => Promise<void>) {
  let version = shared.unsent ? (shared.chosen ?? legacyChosenVersion(key)) : shared.version;
  if (version === null) {
    await flushOperations();
    const cart = await api.tableCart(body.station_id);
    if (!isTableCart(cart)) return cart; // not the server: the outbox keeps the order queued
    version = sameLines(cart, shared.lines) ? cart.version : shared.version;
  }
  if (shared.unsent && shared.chosen !== version) {
    await keep({ ...shared, chosen: version });
    forgetLegacyChosenVersion();
  }
  return api.submitTableCart(body.station_id, key, version);
}

export const send: Send = (entry, keep) => (entry.shared ? sendShared(entry, entry.shared, keep) : api.placeOrder(entry.key, entry.body));

function onOutcome(entry: OutboxEntry, outcome: SendOutcome): void {
  // Every order the server placed for this phone is one it may want to order again.
  if (outcome.kind === "delivered") rememberOrder(outcome.order);
  const { submission, cart, table, setSubmission, setProblem, adoptOrder } = useCart.getState();
  if (submission?.key !== entry.key) {
    // The stored cart was lost or unreadable while its order waited here: show the order that went through.
    if (
      outcome.kind === "delivered" &&
      submission === null &&
      Object.keys(cart).length === 0 &&
      (!table || table.id === outcome.order.station_id)
    ) {
      adoptOrder(entry.key, outcome.order);
    }
    return; // otherwise the cart moved on (emptied, other branch)
  }
  if (outcome.kind === "delivered") {
    setSubmission({ state: "submitted", key: entry.key, order: outcome.order });
  } else if (outcome.kind === "expired") {
    setSubmission(null);
    // After an attempt whose answer was lost the kitchen may have it: say so rather than invite a double order.
    setProblem(entry.attempts > 0 ? UNCONFIRMED : NEVER_SENT);
  } else if (outcome.kind === "rejected") {
    // Unlock the cart so the diner can fix it (remove a sold-out item, confirm new prices).
    setSubmission(null);
    const { code } = outcome.error;
    // Another phone sent this very cart: it shows as sent from the table's cart, not as a problem.
    if (code === "cart_already_submitted") return;
    setProblem(toProblem(outcome.error));
    if (code === "cart_changed" && table) void loadCart(table.id);
  } else if (submission.state === "sending") {
    setSubmission({ state: "queued", key: entry.key });
  }
}

// The screen words these by code, in the diner's language (order-problem.tsx); the messages are for logs.
const UNCONFIRMED: SubmitProblem = {
  status: 0,
  code: "order_unconfirmed",
  message: "We couldn't confirm that your order reached the kitchen. Please ask your server before ordering again.",
  details: [],
};
const NEVER_SENT: SubmitProblem = {
  status: 0,
  code: "order_expired",
  message: "Your order was never sent: there was no connection for too long. Please submit it again.",
  details: [],
};

let outbox: Outbox | null = null;

function getOutbox(): Outbox {
  outbox ??= createOutbox(outboxStorage(), send, onOutcome, {
    isOnline: () => navigator.onLine !== false,
    exclusive: async (pass) => {
      if (navigator.locks) await navigator.locks.request("limitless-order-outbox", pass);
      else await pass();
    },
  });
  return outbox;
}

/** Submit Order: one new key per submission attempt; the outbox reuses it on every retry. */
export async function submitCart(): Promise<void> {
  const { cart, table, submission, setSubmission, setProblem } = useCart.getState();
  if (submission || !table || Object.keys(cart).length === 0) return;
  const key = randomUuid();
  setProblem(null);
  setSubmission({ state: "sending", key });
  await getOutbox().enqueue(key, toOrderRequest(cart, table.id, table.branchId), sharedSubmit());
}

/** "Try now" on the waiting message. */
export function retryNow(): Promise<void> {
  return getOutbox().flush();
}

let started = false;

/**
 * Sends anything left from a previous visit (once per page load), and again whenever the phone comes
 * back to the foreground; between those, the outbox's sender retries what waits (on a growing timer,
 * and when the phone is back online).
 */
export function startOutbox(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  const box = getOutbox();
  const flush = () => void box.flush();
  void reconcile(box).then(flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
}

/**
 * The cart says an order is on its way but the outbox has no entry (IndexedDB was unavailable and
 * the page reloaded): put it back with the SAME key — the locked cart rebuilds the same body, so the
 * server replays its answer if the first request got through. With no cart left to rebuild it from
 * (its storage was unreadable), the phone cannot know whether it arrived, and says so.
 */
async function reconcile(box: Outbox): Promise<void> {
  const { submission, cart, table, setSubmission, setProblem } = useCart.getState();
  if (!submission || submission.state === "submitted") return;
  const pending = await box.pending();
  if (pending.some((entry) => entry.key === submission.key)) return;
  if (!table || Object.keys(cart).length === 0) {
    setSubmission(null);
    setProblem(UNCONFIRMED);
    return;
  }
  await box.enqueue(submission.key, toOrderRequest(cart, table.id, table.branchId), sharedSubmit());
}

/** What the diner sees of the table's cart at Submit (undefined for a cart that is not a table's). */
function sharedSubmit(): SharedSubmit | undefined {
  const state = useCart.getState();
  if (!state.table || state.shared.tableId !== state.table.id) return undefined;
  const unsent = state.shared.pending.some((op) => op.type !== "set_name");
  return {
    version: state.shared.server?.version ?? 0,
    lines: sharedLines(state).map(({ lineId, quantity }) => ({ lineId, quantity })),
    ...(unsent ? { unsent } : {}),
  };
}
