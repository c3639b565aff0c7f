/**
 * SQLite's online backup API (better-sqlite3's `db.backup(file)`), run on a worker thread with its own
 * read-only connection, so a backup taken inside the server never stops its event loop.
 *
 * The backup copies every page in ONE step: SQLite restarts a stepwise backup whenever another
 * connection writes in between two steps, which under a steady stream of orders could go on for ever;
 * one step holds a single read transaction instead, which in WAL mode never blocks the writer and
 * sees exactly the transactions committed when it began.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** "Copy every remaining page now" for better-sqlite3's progress callback (its largest step). */
const ALL_PAGES = 0x7fffffff;

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.module);
let db;
try {
  db = new Database(workerData.source, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error && error.message || error) });
  db = null;
}
if (db) {
  db.backup(workerData.destination, { progress: () => ${ALL_PAGES} }).then(
    (progress) => {
      db.close();
      try {
        // The copy carries the source's WAL mode in its header: reading it would then leave -wal and
        // -shm files beside it. A plain rollback-journal file is one self-contained file.
        const copy = new Database(workerData.destination, { fileMustExist: true });
        copy.pragma("journal_mode = DELETE");
        copy.close();
        parentPort.postMessage({ ok: true, pages: progress.totalPages });
      } catch (error) {
        parentPort.postMessage({ ok: false, error: String(error && error.message || error) });
      }
    },
    (error) => { db.close(); parentPort.postMessage({ ok: false, error: String(error && error.message || error) }); },
  );
}
`;

/** Writes a consistent copy of the SQLite database at `source` to `destination` (created or overwritten). */
export function backupSqliteFile(source: string, destination: string): Promise<{ pages: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { source, destination, module: createRequire(import.meta.url).resolve("better-sqlite3") },
    });
    let settled = false;
    worker.once("message", (message: { ok: true; pages: number } | { ok: false; error: string }) => {
      settled = true;
      void worker.terminate();
      if (message.ok) resolve({ pages: message.pages });
      else reject(new Error(message.error));
    });
    worker.once("error", (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`the backup thread stopped (exit code ${code})`));
      settled = true;
    });
  });
}
