/**
 * Wires the outbox to the cart: Submit writes the order to IndexedDB with a fresh Idempotency-Key
 * and sends it; the answer (now or after any number of retries) lands in the cart store.
 * Retries run on app start, when the phone comes back online or to the foreground, and on a timer.
 */
import { createStore, del, entries, set } from "idb-keyval";
import { useCart, type SubmitProblem } from "../cart/cart-store";
import { toOrderRequest } from "../cart/cart-logic";
import { rememberOrder } from "../history/order-history";
import { api } from "../../shared/api";
import type { ApiError } from "../../shared/api-client";
import { randomUuid } from "../../shared/random-uuid";
import { createOutbox, type Outbox, type OutboxEntry, type OutboxStorage, type SendOutcome } from "./outbox";

const RETRY_EVERY_MS = 15_000;

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
    put: (entry) => withFallback(() => set(entry.key, entry, store), () => void memory.set(entry.key, entry)),
    remove: (key) => withFallback(() => del(key, store), () => void memory.delete(String(key))),
    all: () => withFallback(() => entries<IDBValidKey, unknown>(store), () => [...memory.entries()]),
  };
}

export function toProblem(error: ApiError): SubmitProblem {
  return { status: error.status, code: error.code, message: error.message, details: error.details };
}

function onOutcome(entry: OutboxEntry, outcome: SendOutcome): void {
  // Every order the server placed for this phone is one it may want to order again.
  if (outcome.kind === "delivered") rememberOrder(outcome.order);
  const { submission, cart, station, setSubmission, setProblem, adoptOrder } = useCart.getState();
  if (submission?.key !== entry.key) {
    // The stored cart was lost or unreadable while its order waited here: show the order that went through.
    if (outcome.kind === "delivered" && submission === null && Object.keys(cart).length === 0 && (!station || station.id === outcome.order.station_id)) {
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
    setProblem(toProblem(outcome.error));
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
  outbox ??= createOutbox(outboxStorage(), api.placeOrder, onOutcome, {
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
  const { cart, station, submission, setSubmission, setProblem } = useCart.getState();
  if (submission || !station || Object.keys(cart).length === 0) return;
  const key = randomUuid();
  setProblem(null);
  setSubmission({ state: "sending", key });
  await getOutbox().enqueue(key, toOrderRequest(cart, station.id, station.branchId));
}

/** "Try now" on the waiting message. */
export function retryNow(): Promise<void> {
  return getOutbox().flush();
}

let started = false;

/** Starts the background retries (once per page load) and sends anything left from a previous visit. */
export function startOutbox(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  const box = getOutbox();
  const flush = () => void box.flush();
  void reconcile(box).then(flush);
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
  setInterval(flush, RETRY_EVERY_MS);
}

/**
 * The cart says an order is on its way but the outbox has no entry (IndexedDB was unavailable and
 * the page reloaded): put it back with the SAME key — the locked cart rebuilds the same body, so the
 * server replays its answer if the first request got through. With no cart left to rebuild it from
 * (its storage was unreadable), the phone cannot know whether it arrived, and says so.
 */
async function reconcile(box: Outbox): Promise<void> {
  const { submission, cart, station, setSubmission, setProblem } = useCart.getState();
  if (!submission || submission.state === "submitted") return;
  const pending = await box.pending();
  if (pending.some((entry) => entry.key === submission.key)) return;
  if (!station || Object.keys(cart).length === 0) {
    setSubmission(null);
    setProblem(UNCONFIRMED);
    return;
  }
  await box.enqueue(submission.key, toOrderRequest(cart, station.id, station.branchId));
}

