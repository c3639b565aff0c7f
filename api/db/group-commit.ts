/**
 * Group commit for SQLite writes that arrive together. Committing is most of what a small write costs
 * (every B-tree page it touched is written to the WAL again), so the writes queued during one turn of
 * the event loop run in ONE transaction, each inside its own savepoint: one write's error rolls back
 * that write alone, and every caller learns its outcome only once the shared COMMIT has succeeded.
 * Under no load a batch holds one write and behaves like a plain IMMEDIATE transaction.
 */
import type Database from "better-sqlite3";

interface QueuedWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  private queue: QueuedWrite[] = [];
  private readonly savepoint: Database.Statement;
  private readonly release: Database.Statement;
  private readonly rollbackTo: Database.Statement;

  constructor(private readonly sqlite: Database.Database) {
    this.savepoint = sqlite.prepare("SAVEPOINT group_write");
    this.release = sqlite.prepare("RELEASE group_write");
    this.rollbackTo = sqlite.prepare("ROLLBACK TO group_write");
  }

  /**
   * Runs `work` (synchronous, may throw) in the next batch, inside its own savepoint; resolves after
   * its batch has committed. `work` must not open a transaction of its own: it is already in one.
   */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.sqlite
        .transaction(() => {
          for (const { work } of batch) {
            this.savepoint.run();
            try {
              outcomes.push({ ok: true, value: work() });
              this.release.run();
            } catch (error) {
              // Undo this write alone; the batch's other writes stay.
              this.rollbackTo.run();
              this.release.run();
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    });
  }
}
