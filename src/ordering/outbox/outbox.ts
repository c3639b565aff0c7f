/**
 * The order outbox: every submission is written here (IndexedDB) BEFORE it is sent, with its
 * Idempotency-Key, and stays until the server gives a definite answer. Retries reuse the key, so an
 * order whose answer was lost on flaky Wi-Fi is replayed by the server, never placed twice.
 */
import type { Order } from "../../../contract/schemas";
import { ApiError } from "../../lib/api-client";
import type { OrderRequest } from "../cart/cart-logic";

export interface OutboxEntry {
  key: string;
  body: OrderRequest;
  createdAt: number;
  attempts: number;
}

export interface OutboxStorage {
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
  all(): Promise<OutboxEntry[]>;
}

export type SendOutcome =
  | { kind: "delivered"; order: Order }
  /** A definite refusal: retrying the same request cannot succeed. */
  | { kind: "rejected"; error: ApiError }
  /** No definite answer (offline, timeout, 5xx, 429): try again later with the same key. */
  | { kind: "retry"; error: ApiError }
  /** Waited longer than a meal lasts: dropped, never sent to the kitchen hours late. */
  | { kind: "expired" };

export type Send = (key: string, body: OrderRequest) => Promise<Order>;
export type OutcomeListener = (entry: OutboxEntry, outcome: SendOutcome) => void;

/** 408 (timeout), 425 (too early) and 429 (slow down) may succeed later; 5xx too. Other 4xx never will. */
export function isRetryable(error: Pick<ApiError, "status">): boolean {
  return error.status === 0 || error.status >= 500 || [408, 425, 429].includes(error.status);
}

export interface Outbox {
  /** Stores the entry durably, then tries to send everything pending. */
  enqueue(key: string, body: OrderRequest): Promise<void>;
  /** Sends every pending entry once; concurrent calls share one pass (so one request per key at a time). */
  flush(): Promise<void>;
  pending(): Promise<OutboxEntry[]>;
}

/**
 * An order still unsent after this long is dropped instead of reaching the kitchen when the diner has
 * long gone (a phone that reopens the app the next day must not place yesterday's order).
 */
export const MAX_PENDING_MS = 2 * 60 * 60 * 1000;

export interface OutboxOptions {
  isOnline?: () => boolean;
  now?: () => number;
  maxPendingMs?: number;
  /** Runs a pass exclusively across tabs (Web Locks), so two tabs never send the same key at once. */
  exclusive?: (pass: () => Promise<void>) => Promise<void>;
}

export function createOutbox(
  storage: OutboxStorage,
  send: Send,
  onOutcome: OutcomeListener,
  { isOnline = () => true, exclusive = (run) => run(), now = Date.now, maxPendingMs = MAX_PENDING_MS }: OutboxOptions = {},
): Outbox {
  let running: Promise<void> | null = null;
  let again = false;

  async function pass(): Promise<void> {
    const entries = (await storage.all()).sort((a, b) => a.createdAt - b.createdAt);
    for (const entry of entries) {
      if (now() - entry.createdAt > maxPendingMs) {
        await storage.remove(entry.key);
        onOutcome(entry, { kind: "expired" });
        continue;
      }
      const outcome = await attempt(entry);
      if (outcome.kind === "retry") await storage.put({ ...entry, attempts: entry.attempts + 1 });
      else await storage.remove(entry.key);
      onOutcome(entry, outcome);
    }
  }

  async function attempt(entry: OutboxEntry): Promise<SendOutcome> {
    if (!isOnline()) {
      return { kind: "retry", error: offlineError() };
    }
    try {
      return { kind: "delivered", order: await send(entry.key, entry.body) };
    } catch (cause) {
      const error = toApiError(cause);
      return isRetryable(error) ? { kind: "retry", error } : { kind: "rejected", error };
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await exclusive(pass);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    async enqueue(key, body) {
      await storage.put({ key, body, createdAt: now(), attempts: 0 });
      await flush();
    },
    flush,
    pending: () => storage.all(),
  };
}

function offlineError(): ApiError {
  return new ApiError(0, "offline", "You're offline.");
}

/** Anything thrown that is not an ApiError (a bug, an abort) is treated as "no answer": keep the entry. */
function toApiError(cause: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  return new ApiError(0, "network_error", cause instanceof Error ? cause.message : String(cause));
}
