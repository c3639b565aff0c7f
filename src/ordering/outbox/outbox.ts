/**
 * The order outbox: every submission is written here (IndexedDB) BEFORE it is sent, with its
 * Idempotency-Key, and stays until the server gives a definite answer. Retries reuse the key, so an
 * order whose answer was lost on flaky Wi-Fi is replayed by the server, never placed twice.
 *
 * "Delivered" means one thing only: the server answered with the order it placed for this request
 * (a 2xx JSON order with an id and a status, for the table and branch that were sent). Anything else
 * — a Wi-Fi sign-in page answering 200, a redirect, a proxy's error page, a malformed body — leaves
 * the order queued: the phone never says "sent" before the server has it.
 */
import { ORDER_STATUSES } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import { IDEMPOTENCY_KEY_PATTERN, isUuid } from "../../../contract/ids";
import type { OrderCreate } from "../../../contract/schemas";
import { ApiError } from "../../shared/api-client";
import { createRetryingSender, isRetryable, type RetryOptions } from "../../shared/retrying-sender";

export interface OutboxEntry {
  /** The Idempotency-Key: made once at Submit, sent with every retry of this order. */
  key: string;
  body: OrderCreate;
  /** The table's shared cart as the diner saw it at Submit: sent as that cart's one submit (absent: a plain order). */
  shared?: SharedSubmit;
  createdAt: number;
  /**
   * Requests that left the phone (each may have reached the server). Passes skipped while the phone
   * is offline don't count: nothing gives up on a count of attempts, and the expiry message uses it
   * to tell "never sent" from "may have reached the kitchen".
   */
  attempts: number;
}

export interface OutboxStorage {
  put(entry: OutboxEntry): Promise<void>;
  remove(storageKey: IDBValidKey): Promise<void>;
  /** Every stored record as [storage key, value], unchecked: storage can hold anything (old versions, corruption). */
  all(): Promise<[IDBValidKey, unknown][]>;
}

export interface SharedSubmit {
  /** The cart's version the phone showed. */
  version: number;
  /** Its lines as shown (ids and quantities). */
  lines: { lineId: string; quantity: number }[];
  /** The view included changes of this phone's that the server had not answered: the version to submit is found after sending them. */
  unsent?: boolean;
  /**
   * The version this submit names, chosen at its first attempt (after sending the unsent changes) and
   * kept here: a retry after a lost answer must send the same body, or the server refuses the key as reused.
   */
  chosen?: number;
}

export type SendOutcome =
  | { kind: "delivered"; order: Order }
  /** A definite refusal by the server: retrying the same request cannot succeed. */
  | { kind: "rejected"; error: ApiError }
  /** No definite answer (offline, timeout, 5xx, 429, a page that is not the server's): try again later with the same key. */
  | { kind: "retry"; error: ApiError }
  /** Waited longer than a meal lasts: dropped, never sent to the kitchen hours late. */
  | { kind: "expired" };

/**
 * Sends one order; resolves with the server's answer as parsed JSON (checked by the outbox, not
 * trusted). `keep` stores what the sender decided for this entry (a shared submit's chosen version)
 * in the entry itself, before the request that depends on it leaves.
 */
export type Send = (entry: OutboxEntry, keep: (shared: SharedSubmit) => Promise<void>) => Promise<unknown>;
export type OutcomeListener = (entry: OutboxEntry, outcome: SendOutcome) => void;

const STATUSES: readonly string[] = ORDER_STATUSES;

/** True when `answer` is the order the server placed for `sent`: an id, a status, the same table and branch. */
export function isOrderFor(answer: unknown, sent: Pick<OrderCreate, "station_id" | "branch_id">): answer is Order {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return false;
  const order = answer as Partial<Record<keyof Order, unknown>>;
  return (
    typeof order.id === "string" &&
    isUuid(order.id) &&
    typeof order.status === "string" &&
    STATUSES.includes(order.status) &&
    typeof order.station_id === "string" &&
    order.station_id.toLowerCase() === sent.station_id.toLowerCase() &&
    order.branch_id === sent.branch_id
  );
}

function isOrderRequest(value: unknown): value is OrderCreate {
  if (!value || typeof value !== "object") return false;
  const body = value as Partial<Record<keyof OrderCreate, unknown>>;
  return (
    typeof body.station_id === "string" &&
    body.station_id !== "" &&
    Number.isInteger(body.branch_id) &&
    Array.isArray(body.products) &&
    body.products.length > 0 &&
    body.products.every(
      (line: Partial<Record<string, unknown>> | null) =>
        !!line &&
        Number.isInteger(line.id) &&
        Number.isInteger(line.quantity) &&
        Array.isArray(line.selectedCustomizations) &&
        line.selectedCustomizations.every((id) => Number.isInteger(id)) &&
        (line.customizedPrice === undefined || typeof line.customizedPrice === "string") &&
        (line.note === undefined || typeof line.note === "string"),
    )
  );
}

function isSharedSubmit(value: unknown): value is SharedSubmit {
  if (!value || typeof value !== "object") return false;
  const shared = value as Partial<Record<keyof SharedSubmit, unknown>>;
  return (
    Number.isInteger(shared.version) &&
    Array.isArray(shared.lines) &&
    shared.lines.every(
      (line: Partial<Record<string, unknown>> | null) => !!line && typeof line.lineId === "string" && Number.isInteger(line.quantity),
    ) &&
    (shared.unsent === undefined || typeof shared.unsent === "boolean") &&
    (shared.chosen === undefined || Number.isInteger(shared.chosen))
  );
}

/**
 * A stored record as an entry, repaired where a safe default exists, or null when it cannot be sent
 * (no usable key or body). An unknown age counts from now, so the order is still sent rather than
 * lost; an unknown attempt count is taken as one, so an expiry never claims it was never sent.
 */
export function repairEntry(value: unknown, now: number): OutboxEntry | null {
  if (!value || typeof value !== "object") return null;
  const stored = value as Partial<Record<keyof OutboxEntry, unknown>>;
  if (typeof stored.key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(stored.key) || !isOrderRequest(stored.body)) return null;
  const createdAt =
    typeof stored.createdAt === "number" && Number.isFinite(stored.createdAt) && stored.createdAt <= now ? stored.createdAt : now;
  const attempts = Number.isInteger(stored.attempts) && (stored.attempts as number) >= 0 ? (stored.attempts as number) : 1;
  const shared = isSharedSubmit(stored.shared) ? { shared: stored.shared } : {};
  return { key: stored.key, body: stored.body, ...shared, createdAt, attempts };
}

export interface Outbox {
  /** Stores the entry durably, then tries to send everything pending. */
  enqueue(key: string, body: OrderCreate, shared?: SharedSubmit): Promise<void>;
  /**
   * Sends every pending entry once; concurrent calls share one pass (so one request per key at a
   * time). Never rejects: what is still waiting is tried again later (the shared retrying sender).
   */
  flush(): Promise<void>;
  /** The entries waiting to be sent (unreadable records are dropped on the way). */
  pending(): Promise<OutboxEntry[]>;
}

/**
 * An order still unsent after this long is dropped instead of reaching the kitchen when the diner has
 * long gone (a phone that reopens the app the next day must not place yesterday's order).
 */
export const MAX_PENDING_MS = 2 * 60 * 60 * 1000;

/** The longest wait between two automatic tries of a waiting order. */
const MAX_RETRY_MS = 15_000;

export interface OutboxOptions extends RetryOptions {
  now?: () => number;
  maxPendingMs?: number;
  /** Runs a pass exclusively across tabs (Web Locks), so two tabs never send the same key at once. */
  exclusive?: (pass: () => Promise<void>) => Promise<void>;
}

export function createOutbox(
  storage: OutboxStorage,
  send: Send,
  onOutcome: OutcomeListener,
  { exclusive = (run) => run(), now = Date.now, maxPendingMs = MAX_PENDING_MS, ...retry }: OutboxOptions = {},
): Outbox {
  const isOnline = retry.isOnline ?? (() => true);

  /** Reads every record, dropping the ones that cannot be sent and writing back repaired ones. */
  async function readEntries(): Promise<OutboxEntry[]> {
    const entries: OutboxEntry[] = [];
    for (const [storageKey, value] of await storage.all()) {
      const entry = repairEntry(value, now());
      if (!entry) {
        await storage.remove(storageKey);
        continue;
      }
      const stored = value as Partial<OutboxEntry>;
      if (storageKey !== entry.key) await storage.remove(storageKey);
      if (storageKey !== entry.key || stored.createdAt !== entry.createdAt || stored.attempts !== entry.attempts) await storage.put(entry);
      entries.push(entry);
    }
    return entries;
  }

  /** One pass over every entry; throws the last failure when an entry is left waiting, so the sender tries again later. */
  async function pass(): Promise<void> {
    let waiting: ApiError | null = null;
    const entries = (await readEntries()).sort((a, b) => a.createdAt - b.createdAt);
    for (const entry of entries) {
      if (now() - entry.createdAt > maxPendingMs) {
        await storage.remove(entry.key);
        onOutcome(entry, { kind: "expired" });
        continue;
      }
      const { outcome, requestLeft, sent } = await attempt(entry);
      if (outcome.kind !== "retry") await storage.remove(entry.key);
      else if (requestLeft) await storage.put({ ...sent, attempts: sent.attempts + 1 });
      if (outcome.kind === "retry") waiting = outcome.error;
      onOutcome(sent, outcome);
    }
    if (waiting) throw waiting;
  }

  async function attempt(entry: OutboxEntry): Promise<{ outcome: SendOutcome; requestLeft: boolean; sent: OutboxEntry }> {
    if (!isOnline()) {
      return { outcome: { kind: "retry", error: offlineError() }, requestLeft: false, sent: entry };
    }
    let sent = entry;
    const keep = async (shared: SharedSubmit) => {
      sent = { ...sent, shared };
      await storage.put(sent);
    };
    try {
      const answer = await send(entry, keep);
      const outcome: SendOutcome = isOrderFor(answer, entry.body)
        ? { kind: "delivered", order: answer }
        : { kind: "retry", error: notTheOrderError() };
      return { outcome, requestLeft: true, sent };
    } catch (cause) {
      const error = toApiError(cause);
      return { outcome: isRetryable(error) ? { kind: "retry", error } : { kind: "rejected", error }, requestLeft: true, sent };
    }
  }

  const sender = createRetryingSender(() => exclusive(pass), { maxDelayMs: MAX_RETRY_MS, ...retry });
  // What is left waiting is the sender's to retry; callers only wait for the pass.
  const flush = () => sender.run().catch(() => undefined);

  return {
    async enqueue(key, body, shared) {
      await storage.put({ key, body, ...(shared ? { shared } : {}), createdAt: now(), attempts: 0 });
      await flush();
    },
    flush,
    pending: readEntries,
  };
}

function offlineError(): ApiError {
  return new ApiError(0, "offline", "You're offline.");
}

function notTheOrderError(): ApiError {
  return new ApiError(0, "unexpected_answer", "The answer was not the order that was sent.");
}

/** Anything thrown that is not an ApiError (a bug, an abort) is treated as "no answer": keep the entry. */
function toApiError(cause: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  return new ApiError(0, "network_error", cause instanceof Error ? cause.message : String(cause));
}
