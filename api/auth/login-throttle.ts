/**
 * Slows down password guessing: after too many failures for one account, or from one address,
 * within the window, further attempts get 429 until the oldest failure leaves the window.
 * In memory: it protects one instance; several instances each enforce their own limit.
 */
export interface ThrottleLimits {
  windowMs: number;
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds to wait before another attempt, or 0 when an attempt is allowed. */
  retryAfterMs(account: string, address: string): number {
    return Math.max(
      this.waitFor(`account:${account}`, this.limits.perAccount),
      this.waitFor(`address:${address}`, this.limits.perAddress),
    );
  }

  recordFailure(account: string, address: string): void {
    for (const key of [`account:${account}`, `address:${address}`]) {
      const recent = this.recent(key);
      recent.push(this.now());
      this.failures.set(key, recent);
    }
    if (this.failures.size > 50_000) this.prune();
  }

  recordSuccess(account: string): void {
    this.failures.delete(`account:${account}`);
  }

  private waitFor(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    const oldest = recent[recent.length - limit] ?? this.now();
    return Math.max(0, oldest + this.limits.windowMs - this.now());
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > cutoff);
  }

  private prune(): void {
    for (const key of this.failures.keys()) {
      const recent = this.recent(key);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}
