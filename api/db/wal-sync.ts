/**
 * SQLITE_SYNCHRONOUS=FULL without the fsync on the event loop (docs/decisions/0032). SQLite's FULL
 * calls fsync() on the WAL inside COMMIT, and better-sqlite3 runs COMMIT on the JavaScript thread, so
 * every request waited for the disk. Instead the writer runs at synchronous=NORMAL (a COMMIT writes
 * its WAL frames without syncing them) and, before the callers of a committed batch hear of it, the
 * WAL file is fsync'ed in libuv's thread pool. A request is answered only once its commit is on the
 * disk, as with FULL; meanwhile the event loop serves other requests and the writer runs the next batch.
 *
 * One fsync at a time: a batch that commits while one is running waits for the next, which covers
 * every frame written before it starts (fsync flushes the whole file, whichever descriptor asks).
 */
import { open } from "node:fs/promises";

export interface WalSync {
  /** Resolves once everything committed before the call is on the disk. */
  sync(): Promise<void>;
  /** How many fsyncs ran (for tests and the bench). */
  readonly syncs: number;
}

export function walSync(databasePath: string): WalSync {
  const walPath = `${databasePath}-wal`;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let syncs = 0;

  // Opened afresh each time: a checkpoint may truncate the WAL, and a restart recreate it.
  const fsyncWal = async () => {
    const file = await open(walPath, "r+");
    try {
      await file.sync();
      syncs += 1;
    } finally {
      await file.close();
    }
  };

  const start = (): Promise<void> => {
    const current = fsyncWal().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };

  return {
    sync() {
      if (!running) return start();
      // One is under way and may have started before this commit's frames were written: the next one.
      next ??= running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          next = null;
          return start();
        });
      return next;
    },
    get syncs() {
      return syncs;
    },
  };
}
