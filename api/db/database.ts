/**
 * One database handle, two databases: `DATABASE_URL=postgres://…` opens PostgreSQL (a pg.Pool under
 * Drizzle's node-postgres driver); otherwise `DATABASE_PATH` (default `data/limitless.db`) opens SQLite.
 *
 * Repositories are written once, against `Db` and `tables`. Both are typed as the PostgreSQL side;
 * on SQLite the better-sqlite3 Drizzle database and the SQLite schema stand behind the same names.
 * That is sound because repositories use only the surface both dialects implement alike, always
 * awaited: select / selectDistinct / $count / insert / update / delete with where, orderBy, limit,
 * offset, joins, returning, onConflictDoNothing / onConflictDoUpdate, and `sql` fragments that both
 * dialects parse. Anything else — row locks, NOTIFY, affected-row counts, error codes — goes through
 * a named helper in `api/db/dialect.ts`. (docs/decisions/0006-one-data-layer-two-databases.md)
 *
 * Writes go through `transaction()`. On SQLite the handle's `db` is a read-only connection that
 * sees committed data only, so a write outside a transaction fails at once instead of slipping into
 * whichever transaction happens to be open on the writing connection.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase } from "drizzle-orm/pg-core";
import pg from "pg";
import { createLogger, type Logger } from "../lib/logger";
import { collectAfterCommit, runAfterCommit, type AfterCommitStep } from "./after-commit";
import { registerConnection } from "./announce";
import { Announcements } from "./announcements";
import { startCheckpointer } from "./checkpointer";
import { walSync } from "./wal-sync";
import { hasErrorCode, LOCK_SCOPES, registerSqliteWriter, tablesOf } from "./dialect";
import type { Db, Tables } from "./types";
import * as pgSchema from "./schema-pg";

export type { Db, Dialect, Tables } from "./types";

export interface DatabaseHandleBase {
  readonly db: Db;
  readonly tables: Tables;
  /** Who hears what committed transactions announce, here and on the other instances (api/db/announce.ts). */
  readonly announcements: Announcements;
  /**
   * Runs `fn` in one transaction: committed when its promise resolves, rolled back when it rejects.
   * Await every query inside; do slow work that needs no database (hashing, rendering) before it.
   * Not re-entrant: pass `tx` down instead of calling `transaction` again inside. What `fn` registers
   * with `afterCommit(tx, …)` runs once the commit succeeded, before this promise resolves.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Fails when the database does not answer (the health check): SQLite answers at once, throwing if
   * it cannot, so a health check waits for no promise; PostgreSQL's answer is a promise that rejects.
   */
  ping(): void | Promise<void>;
  close(): Promise<void>;
  /**
   * Tells `listener` the text of every statement run on this handle's connections from now on, until
   * the function returned is called (the order's statement budget test). Only on a handle opened with
   * `traceStatements`: otherwise the drivers are not asked to report statements, which costs nothing.
   */
  traceStatements(listener: (statement: string) => void): () => void;
}

export interface SqliteHandle extends DatabaseHandleBase {
  readonly dialect: "sqlite";
  /** The file in use (a private temporary file for `:memory:`). */
  readonly path: string;
  /** Transactions waiting for the next group commit (read by GET /metrics). */
  readonly queuedTransactions: number;
  /** FULL: how many times the WAL was fsync'ed off the event loop (wal-sync.ts); null at NORMAL. */
  readonly walSyncs: number | null;
}

export interface PostgresHandle extends DatabaseHandleBase {
  readonly dialect: "postgres";
  /** For what is not a query (a LISTENing client, pool statistics); queries go through `db`. */
  readonly pool: pg.Pool;
  /**
   * The server processes of this instance's pooled connections: a NOTIFY one of them sent is this
   * instance's own, already heard after its commit (api/db/listener.ts leaves it out).
   */
  readonly ownBackends: ReadonlySet<number>;
}

export type DatabaseHandle = SqliteHandle | PostgresHandle;

export interface DatabaseConfig {
  /** A `postgres://` or `postgresql://` URL selects PostgreSQL. */
  url?: string;
  /** The SQLite file when there is no URL; `:memory:` for a throwaway database. */
  path: string;
  /** PostgreSQL connections per instance. */
  poolSize?: number;
  /** SQLite's `synchronous` (SQLITE_SYNCHRONOUS): FULL makes every commit durable (docs/decisions/0019). */
  synchronous?: SqliteSynchronous;
  /** SQLite's group commit: how long one batch may keep taking transactions (default MAX_BATCH_MS). */
  maxBatchMs?: number;
}

export const SQLITE_SYNCHRONOUS = ["NORMAL", "FULL"] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];
/** FULL: an order answered 201 survives a power cut; the group commit keeps its cost small under load (docs/performance/durability.md). */
export const DEFAULT_SQLITE_SYNCHRONOUS: SqliteSynchronous = "FULL";

export interface OpenOptions {
  /**
   * First-run data. Runs after the migrations on every start; on PostgreSQL while holding the same
   * advisory lock, so instances starting together never seed twice: the callback decides from the
   * data whether there is anything to do.
   */
  seed?: (handle: DatabaseHandle) => Promise<void>;
  /** Where errors of idle PostgreSQL connections (a restarted server, a dropped link) and of after-commit steps are reported. */
  logger?: Pick<Logger, "error">;
  /**
   * Refuse transaction() inside a transaction callback (see NestingGuard). Default: on when
   * TRANSACTION_NESTING_GUARD=1, as the test set-up sets it; off in a normal start.
   */
  guardNesting?: boolean;
  /** Lets `traceStatements` report every statement (tests). */
  traceStatements?: boolean;
}

export const DEFAULT_POOL_SIZE = 10;

const here = dirname(fileURLToPath(import.meta.url));
export const SQLITE_MIGRATIONS = resolve(here, "migrations");
export const PG_MIGRATIONS = resolve(here, "migrations-pg");

/** DATABASE_URL, DATABASE_PATH and DATABASE_POOL_SIZE (see ../shared/API.md "Running"). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const url = env.DATABASE_URL?.trim() || undefined;
  if (url && !/^postgres(ql)?:\/\//i.test(url)) throw new Error(`DATABASE_URL must be a postgres:// URL, got "${url.split("@").pop()}"`);
  const rawPool = env.DATABASE_POOL_SIZE?.trim();
  const poolSize = rawPool ? Number(rawPool) : DEFAULT_POOL_SIZE;
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 1000)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000, got "${rawPool}"`);
  return { url, path: env.DATABASE_PATH ?? resolve("data", "limitless.db"), poolSize };
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const guard = (options.guardNesting ?? nestingGuardFromEnv()) ? NESTING_GUARD : NO_GUARD;
  const report = (error: unknown) => (options.logger ?? createLogger()).error("a step after a commit failed", { error: String(error) });
  const committed = (steps: readonly AfterCommitStep[]) => runAfterCommit(steps, report);
  const tracer = new StatementTracer(options.traceStatements ?? false);
  const announcements = new Announcements(report);
  const run: TransactionRunner = { guard, committed, tracer, announcements };
  const handle = config.url
    ? await openPostgres(config.url, config.poolSize ?? DEFAULT_POOL_SIZE, options.logger ?? createLogger(), options.seed, run)
    : openSqlite(config.path, run, config.synchronous ?? DEFAULT_SQLITE_SYNCHRONOUS, config.maxBatchMs ?? MAX_BATCH_MS);
  if (handle.dialect === "sqlite" && options.seed) {
    try {
      await options.seed(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

// Marks the async context of a running transaction callback: calling transaction() again from inside
// would wait for itself on SQLite, and on PostgreSQL silently run outside the outer transaction.
// A guard for the tests only: on Node 20, AsyncLocalStorage turns on a hook for every promise in the
// process once it is first used, which cost about a tenth of an order's time and a tenth of health's
// under load (measured with `npm run bench`); the tests run every transaction path with it on.
const insideTransaction = new AsyncLocalStorage<true>();

/** Runs a committed transaction's after-commit steps (reporting a step that throws). */
type RunCommitted = (steps: readonly AfterCommitStep[]) => void;

/** What both dialects' transactions share: the nesting guard, the after-commit steps, the statement trace and the announcements. */
interface TransactionRunner {
  guard: NestingGuard;
  committed: RunCommitted;
  tracer: StatementTracer;
  announcements: Announcements;
}

interface NestingGuard {
  /** Throws when called from inside a transaction callback. */
  refuse(): void;
  /** Runs a transaction's callback marked as inside one. */
  run<T>(callback: () => Promise<T>): Promise<T>;
}

const NO_GUARD: NestingGuard = { refuse: () => {}, run: (callback) => callback() };
const NESTING_GUARD: NestingGuard = {
  refuse() {
    if (insideTransaction.getStore())
      throw new Error("transaction() called inside a transaction callback: pass its tx to the code instead");
  },
  run: (callback) => insideTransaction.run(true, callback),
};

/** Who hears of each statement run (traceStatements); the drivers report to it only when it is enabled. */
class StatementTracer {
  private readonly listeners = new Set<(statement: string) => void>();
  constructor(readonly enabled: boolean) {}
  readonly report = (statement: string): void => {
    for (const listener of this.listeners) listener(statement);
  };
  subscribe(listener: (statement: string) => void): () => void {
    if (!this.enabled) throw new Error("traceStatements() needs a database opened with { traceStatements: true }");
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

export const nestingGuardFromEnv = (env: NodeJS.ProcessEnv = process.env) => env.TRANSACTION_NESTING_GUARD === "1";

function applyPragmas(connection: Database.Database, synchronous: SqliteSynchronous): void {
  connection.pragma("journal_mode = WAL");
  connection.pragma(`synchronous = ${synchronous}`);
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  // Grouped transactions take a savepoint each; their statement journals then stay in memory instead
  // of temp files written and read back for every order (measured: about a third more orders a second).
  connection.pragma("temp_store = MEMORY");
}

/**
 * SQLite through better-sqlite3, whose own transactions cannot span an await. Two connections:
 * - the writer, used only inside `transaction()`: an in-process FIFO queue lets one transaction at a
 *   time run `BEGIN IMMEDIATE` … `COMMIT` / `ROLLBACK` on it, so while one awaits, no other request's
 *   statement can land inside it (the connection is not shared, it is handed over);
 * - the reader (`query_only`), for everything else: in WAL mode it reads the last committed state,
 *   never an open transaction's writes — what PostgreSQL's READ COMMITTED gives outside a transaction.
 */
function openSqlite(
  requestedPath: string,
  { guard, committed, tracer, announcements }: TransactionRunner,
  synchronous: SqliteSynchronous,
  maxBatchMs: number,
): SqliteHandle {
  // Two connections to ":memory:" would be two databases; a private file removed on close is not.
  const scratchDir = requestedPath === ":memory:" ? mkdtempSync(join(tmpdir(), "limitless-memory-")) : null;
  const path = scratchDir ? join(scratchDir, "database.sqlite") : resolve(requestedPath);
  mkdirSync(dirname(path), { recursive: true });

  // better-sqlite3 calls `verbose` with every statement it runs, BEGIN and COMMIT included.
  const connectionOptions: Database.Options = tracer.enabled ? { verbose: (statement) => tracer.report(String(statement)) } : {};
  const writer = new Database(path, connectionOptions);
  let reader: Database.Database | undefined;
  // FULL's fsync is done off the event loop (wal-sync.ts): the connection commits at NORMAL, and a
  // batch's callers hear of it only once its WAL is synced.
  const durable = synchronous === "FULL" ? walSync(path) : null;
  try {
    applyPragmas(writer, durable ? "NORMAL" : synchronous);
    migrateSqlite(drizzleSqlite(writer), { migrationsFolder: SQLITE_MIGRATIONS });
    reader = new Database(path, connectionOptions);
    applyPragmas(reader, synchronous);
    reader.pragma("query_only = ON");
  } catch (error) {
    reader?.close();
    writer.close();
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
    throw error;
  }

  // The runtime objects behind the PostgreSQL-typed names (see the module comment).
  const writerDb = drizzleSqlite(writer) as unknown as Db;
  const readerDb = drizzleSqlite(reader) as unknown as Db;
  registerSqliteWriter(writerDb, writer);
  // What is kept in memory is read on the reader: committed data only, never a batch's uncommitted writes.
  registerConnection(writerDb, { announcements, committed: readerDb });
  registerConnection(readerDb, { announcements });
  const stopCheckpointer = startCheckpointer(writer);
  const statement = (text: string) => writer.prepare(text);
  const [begin, commit, rollback, savepoint, release, rollbackTo] = [
    "BEGIN IMMEDIATE",
    "COMMIT",
    "ROLLBACK",
    "SAVEPOINT grouped",
    "RELEASE grouped",
    "ROLLBACK TO grouped",
  ].map(statement) as [
    Database.Statement,
    Database.Statement,
    Database.Statement,
    Database.Statement,
    Database.Statement,
    Database.Statement,
  ];

  /**
   * Group commit. Committing is most of what a small write costs (every page it touched goes to the
   * WAL again), so the transactions that queued up while the previous batch ran share ONE
   * `BEGIN IMMEDIATE` … `COMMIT`, each inside its own savepoint: one callback's error rolls back that
   * callback alone, and every caller learns its outcome only after the shared COMMIT. Under no load a
   * batch holds one transaction and is a plain one: no savepoint, two statements fewer.
   */
  let pending: PendingTransaction[] = [];
  let draining: Promise<void> | null = null;
  /** FULL: committed batches whose fsync is still under way (close waits for them). */
  const syncing = new Set<Promise<void>>();
  let closed = false;

  const runBatch = async (queued: PendingTransaction[]): Promise<void> => {
    if (closed) {
      for (const entry of queued) entry.reject(new Error("The database is closed"));
      return;
    }
    const outcomes: Array<{ ok: true; value: unknown; steps: AfterCommitStep[] } | { ok: false; error: unknown }> = [];
    const alone = queued.length === 1;
    // The transactions this batch took; the rest go back to the front of the queue (its time is up).
    let batch = queued;
    const startedAt = performance.now();
    try {
      begin.run();
      for (const [index, entry] of queued.entries()) {
        if (index > 0 && performance.now() - startedAt > maxBatchMs) {
          batch = queued.slice(0, index);
          pending = [...queued.slice(index), ...pending];
          break;
        }
        if (!alone) savepoint.run();
        try {
          const { value, steps } = await guard.run(() => collectAfterCommit(writerDb, announcements, () => entry.fn(writerDb)));
          if (!alone) release.run();
          outcomes.push({ ok: true, value, steps });
        } catch (error) {
          // Alone, its error rolls back the whole transaction (below). SQLite ends the whole transaction
          // itself after some errors (a full disk): then nothing is left to undo here either.
          if (alone || !writer.inTransaction) throw error;
          rollbackTo.run();
          release.run();
          outcomes.push({ ok: false, error });
        }
      }
      commit.run();
    } catch (error) {
      if (writer.inTransaction) rollback.run();
      // Nothing of this batch was committed: every caller hears so, including those whose own part went
      // well, and nothing of it is announced.
      for (const entry of batch) entry.reject(error);
      return;
    }
    const settle = () =>
      batch.forEach((entry, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) {
          committed(durable ? outcome.steps.filter((step) => !step.onceVisible) : outcome.steps);
          entry.resolve(outcome.value);
        } else entry.reject(outcome.error);
      });
    if (!durable) return settle();
    // The batch is readable now: what it makes stale in memory goes before anything can read it through
    // a cache (DROPPING_CHANNELS); the rest waits for the fsync with the callers.
    for (const outcome of outcomes) if (outcome.ok) committed(outcome.steps.filter((step) => step.onceVisible));
    // FULL: on the disk before anyone hears of it. The writer does not wait for the disk: the next
    // batch runs while this one's fsync does, and a later batch's fsync starts after this one's ends
    // (wal-sync.ts), so callers and announcements still hear of batches in commit order. Should the
    // fsync fail, the batch is committed but not known to be durable: its callers get the error (an
    // order's retry with its Idempotency-Key then answers what was stored).
    const synced = durable.sync().then(settle, (error: unknown) => {
      for (const entry of batch) entry.reject(error);
    });
    syncing.add(synced);
    void synced.finally(() => syncing.delete(synced));
  };

  const drain = async (): Promise<void> => {
    // Let the current turn of the event loop queue its transactions, so they share the first batch too.
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      await runBatch(batch);
    }
    draining = null;
  };

  const select1 = reader.prepare("SELECT 1");
  return {
    dialect: "sqlite",
    path,
    get queuedTransactions() {
      return pending.length;
    },
    get walSyncs() {
      return durable ? durable.syncs : null;
    },
    db: readerDb,
    announcements,
    ping: () => void select1.get(),
    traceStatements: (listener) => tracer.subscribe(listener),
    tables: tablesOf(readerDb),
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      guard.refuse();
      return new Promise<T>((resolve, reject) => {
        pending.push({ fn, resolve: resolve as (value: unknown) => void, reject });
        draining ??= drain();
      });
    },
    // After the running and queued transactions, so none is cut off half-way.
    close: async () => {
      while (draining) await draining;
      await Promise.all(syncing);
      if (closed) return;
      closed = true;
      stopCheckpointer();
      reader.close();
      writer.close();
      if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

/**
 * A batch takes no more transactions once it has run this long: one commit then never holds back more
 * than a few milliseconds of orders, and the fsync that follows covers them all.
 */
const MAX_BATCH_MS = 4;

interface PendingTransaction {
  fn: (tx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Deadlock (40P01) and serialization failure (40001): PostgreSQL ended the whole transaction so that
 * another could go on, and its documentation's answer is to run it again. Two writers that lock the
 * same rows in opposite orders (an order taking stock while a CSV import rewrites the products) then
 * both succeed instead of one answering 500. Every callback is a pure function of the database (its
 * events and notifications are rows and NOTIFYs of the same transaction, its in-process effects
 * after-commit steps that a failed attempt drops), so running it again is safe.
 */
const RETRIED_SQLSTATES = new Set(["40P01", "40001"]);
const TRANSACTION_ATTEMPTS = 3;

function postgresHandle(
  db: PgDatabase<NodePgQueryResultHKT>,
  pool: pg.Pool,
  close: () => Promise<void>,
  ownBackends: ReadonlySet<number>,
  { guard, committed, tracer, announcements }: TransactionRunner,
): PostgresHandle {
  registerConnection(db, { announcements });
  return {
    dialect: "postgres",
    pool,
    ownBackends,
    db,
    announcements,
    ping: async () => void (await pool.query("select 1")),
    traceStatements: (listener) => tracer.subscribe(listener),
    tables: pgSchema,
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      guard.refuse();
      // READ COMMITTED (PostgreSQL's default): a service that reads, decides and writes takes a lock
      // first (lockInTransaction, or a unique constraint that makes the loser fail).
      const run = async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            // Only the callback runs marked as inside a transaction: the steps after the commit may
            // start transactions of their own (a printer woken by an order), as on SQLite.
            const { value, steps } = await guard.run(() => db.transaction((tx) => collectAfterCommit(tx, announcements, () => fn(tx))));
            committed(steps);
            return value;
          } catch (error) {
            if (attempt >= TRANSACTION_ATTEMPTS || !hasErrorCode(error, RETRIED_SQLSTATES)) throw error;
            // A short random wait, so that the two transactions do not meet again at the same step.
            await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
          }
        }
      };
      return run();
    },
    close,
  };
}

/**
 * PostgreSQL through a pg.Pool. Instances may start at the same moment on an empty database: each
 * takes one session-level advisory lock before migrating and seeding, so the first does the work and
 * the others wait, then find the migrations applied and the seed's data present.
 */
async function openPostgres(
  url: string,
  poolSize: number,
  logger: Pick<Logger, "error">,
  seed: OpenOptions["seed"],
  run: TransactionRunner,
): Promise<PostgresHandle> {
  const { tracer } = run;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  if (tracer.enabled) pool.on("connect", (client) => traceClient(client, tracer.report));
  const ownBackends = new Set<number>();
  // node-postgres sets a connected client's `processID` (its types leave it out).
  const backendOf = (client: pg.PoolClient) => (client as pg.PoolClient & { processID: number }).processID;
  pool.on("connect", (client) => void ownBackends.add(backendOf(client)));
  pool.on("remove", (client) => void ownBackends.delete(backendOf(client)));
  // Without a listener, an idle connection's error (the server restarting) would crash the process.
  pool.on("error", (error) => logger.error("PostgreSQL connection error", { error: error.message }));
  let ended = false;
  const close = async () => {
    if (ended) return;
    ended = true;
    await pool.end();
  };

  try {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("SELECT pg_advisory_lock($1, 0)", [LOCK_SCOPES.migrate]);
      try {
        // Migrating and seeding on the lock's own connection: a pool of one cannot deadlock on itself.
        const locked = drizzlePg({ client });
        await migratePg(locked, { migrationsFolder: PG_MIGRATIONS });
        if (seed) {
          const refuseClose = () => Promise.reject(new Error("The seed runs during start-up and must not close the database"));
          await seed(postgresHandle(locked, pool, refuseClose, ownBackends, run));
        }
      } finally {
        await client.query("SELECT pg_advisory_unlock($1, 0)", [LOCK_SCOPES.migrate]).catch((error: Error) => {
          broken = error;
        });
      }
    } finally {
      // A connection that could not unlock is discarded: closing it releases the lock.
      client.release(broken);
    }
  } catch (error) {
    await close();
    throw error;
  }

  return postgresHandle(drizzlePg({ client: pool }), pool, close, ownBackends, run);
}

/** Reports every query a pooled connection sends (node-postgres has no hook of its own for it). */
function traceClient(client: pg.PoolClient, report: (statement: string) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    report(typeof first === "string" ? first : String((first as { text?: unknown }).text));
    return query(...args);
  }) as typeof client.query;
}
