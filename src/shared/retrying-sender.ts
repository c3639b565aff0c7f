/**
 * The phone's one way to send what it keeps queued (the order outbox, the shared cart's operations;
 * docs/decisions/0030): one pass at a time, a pass that fails is tried again later, and only a
 * refusal the server itself gave is final.
 */
import type { ApiError } from "./api-client";

/**
 * Only a refusal the server itself gave is final. 408 (timeout), 425 (too early), 429 (slow down) and
 * 5xx may succeed later; so may no answer at all, and any answer that is not the server's own (a
 * captive portal's 403 page).
 */
export function isRetryable(error: Pick<ApiError, "status" | "fromServer">): boolean {
  return !error.fromServer || error.status === 0 || error.status >= 500 || [408, 425, 429].includes(error.status);
}

export interface RetryOptions {
  /** The wait before the first retry; each failure in a row doubles it, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** False while the browser knows it has no network: the next try then waits for `online`, not a timer. */
  isOnline?: () => boolean;
  /** Where `online` is announced (the window; absent outside a browser). */
  connectivity?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  random?: () => number;
}

export interface RetryingSender {
  /**
   * Runs a pass now, or — while one runs — one more right after it, sharing its promise (so one
   * request per queued item is in flight at a time). Rejects with the pass's error; a retry is
   * already scheduled by then.
   */
  run(): Promise<void>;
  /** Failed passes in a row (0 after a pass that succeeded). */
  readonly failures: number;
}

/**
 * The wait before retry number `failures` (1, 2, …): growing, capped, and randomised to 50–100 % so
 * phones that lost the network together don't all come back at the same moment.
 */
export function retryDelay(failures: number, { firstDelayMs = 1_000, maxDelayMs = 30_000, random = Math.random }: RetryOptions = {}) {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, failures - 1)) * (0.5 + random() / 2);
}

/** `pass` sends what is queued and throws when something is left to send later. */
export function createRetryingSender(pass: () => Promise<void>, options: RetryOptions = {}): RetryingSender {
  const {
    isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false,
    connectivity = typeof window === "undefined" ? undefined : window,
  } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let cancelRetry = () => {};

  const retryLater = () => void run().catch(() => undefined);

  /** The next try: on a timer, or as soon as the browser says it is back online; offline, only then. */
  function scheduleRetry(): void {
    const onOnline = () => retryLater();
    connectivity?.addEventListener("online", onOnline, { once: true });
    const timer = isOnline() || !connectivity ? setTimeout(retryLater, retryDelay(failures, options)) : undefined;
    cancelRetry = () => {
      connectivity?.removeEventListener("online", onOnline);
      clearTimeout(timer);
    };
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    cancelRetry();
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
        failures = 0;
      } catch (error) {
        failures += 1;
        scheduleRetry();
        throw error;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    run,
    get failures() {
      return failures;
    },
  };
}
