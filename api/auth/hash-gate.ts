/**
 * Lets at most `concurrency` password hashes run at once, with a bounded line of waiters behind them.
 * A scrypt check takes 128 MiB and a few hundred milliseconds of a core; without a cap, a burst of
 * sign-ins runs them all at once and the process runs out of memory or starves every other request.
 * A full line is refused at once (the caller answers 503 with Retry-After) rather than queued without
 * bound, so a flood cannot hold requests open indefinitely.
 */
export class HashGateFull extends Error {
  constructor() {
    super("too many password checks are waiting");
  }
}

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new Error("HashGate needs a concurrency of at least 1");
  }

  /** Runs `task` when a slot is free; throws HashGateFull (without running it) when the line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new HashGateFull();
      // The finishing task hands its slot straight to us, so `running` never dips and lets a newcomer jump the line.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Checks in flight and waiting, for logs and tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
