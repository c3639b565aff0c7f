/**
 * Where SQLite and PostgreSQL must differ, one named helper each, so that repositories and services
 * stay written once against `Db` (see database.ts). A repository that needs something the common
 * query surface lacks adds a helper here, with a test on both databases, rather than branching itself.
 */
import type Database from "better-sqlite3";
import { is, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { PgDatabase, PgTransaction } from "drizzle-orm/pg-core";
import { notificationKey, runningTransaction } from "./after-commit";
import type { Db, Dialect, Tables } from "./types";
import * as pgSchema from "./schema-pg";
import * as sqliteSchema from "./schema-sqlite";

// Advisory lock keys are (scope, key) pairs of int4. The scope values are this application's own
// ("LBG" + n), so that another application sharing the database is unlikely to collide with them.
const APP_LOCKS = 0x4c424700;

export const LOCK_SCOPES = {
  /** Session lock around migrations and the first-run seed at start-up. */
  migrate: APP_LOCKS + 1,
  /** Event appends, so event ids become visible in increasing order (the SSE resume point). */
  eventAppend: APP_LOCKS + 2,
  /** One dining table's orders: the per-table limit counts and inserts under it. The key is "station", as running instances share it. */
  station: APP_LOCKS + 3,
  /** One branch's order numbers: the next number is read and used under it. */
  branchOrderNumbers: APP_LOCKS + 4,
  /** One Idempotency-Key: the second request with it waits, then finds the first one's answer. */
  idempotencyKey: APP_LOCKS + 5,
  /** One order: its bumps and status change read-then-write under it (two boards bumping at once). */
  order: APP_LOCKS + 10,
  /** Session lock held by the one instance that takes the scheduled backups. */
  backups: APP_LOCKS + 11,
  /** Staff accounts' roles and activity: the last active owner is counted and changed under it. */
  staffAccounts: APP_LOCKS + 12,
  /** One audited thing (`branch:1`, `printer:3`): read and changed under it, so its audit entries' before → after follow each other. */
  auditTarget: APP_LOCKS + 13,
  /**
   * Dish photos: linking a stored image to a product and deleting the images no product shows happen
   * under it, so a deletion never removes an image another transaction is linking (a foreign-key failure).
   */
  photos: APP_LOCKS + 14,
} as const;

export type TransactionLockScope = Exclude<keyof typeof LOCK_SCOPES, "migrate" | "backups">;

const sqliteWriters = new WeakMap<object, Database.Database>();

/** Called by database.ts for the connection its SQLite transactions run on. */
export function registerSqliteWriter(db: Db, connection: Database.Database): void {
  sqliteWriters.set(db, connection);
}

const dialects = new WeakMap<object, Dialect>();

/** Asked on every query a repository builds: remembered per connection or transaction object. */
export function dialectOf(db: Db): Dialect {
  let dialect = dialects.get(db);
  if (!dialect) {
    dialect = is(db, PgDatabase) ? "postgres" : "sqlite";
    dialects.set(db, dialect);
  }
  return dialect;
}

/**
 * The tables to build queries with on this `db` (or tx): a repository needs only the `db` it is given.
 * Typed as the PostgreSQL schema for both (see database.ts); SQLite's builders need SQLite's tables.
 */
export function tablesOf(db: Db): Tables {
  return dialectOf(db) === "postgres" ? pgSchema : sqliteSchema;
}

/**
 * Serialises transactions that take the same (scope, key) until they commit or roll back: what a
 * read-then-write decision (a count against a limit, the next order number) needs under
 * PostgreSQL's READ COMMITTED. PostgreSQL: `pg_advisory_xact_lock` (string keys hashed; a collision
 * only makes two keys wait for each other). SQLite: nothing to do, because every write transaction
 * already holds the database's only write lock from BEGIN IMMEDIATE on.
 */
export async function lockInTransaction(tx: Db, scope: TransactionLockScope, key: string | number = 0): Promise<void> {
  await lockAllInTransaction(tx, [[scope, key]]);
}

/**
 * Several locks in one statement, taken in the order given (every service takes them in one order:
 * see order-service.ts), before anything the transaction reads after them: a statement sees what was
 * committed when it began, so the reads a lock protects come in later statements.
 */
export async function lockAllInTransaction(tx: Db, locks: readonly (readonly [TransactionLockScope, string | number])[]): Promise<void> {
  const writer = sqliteWriters.get(tx);
  if (writer?.inTransaction) return;
  if (!writer && is(tx, PgTransaction)) {
    const calls = locks.map(([scope, key]) => advisoryLock(scope, key));
    await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
    return;
  }
  // Outside a transaction the lock would be released at once (PostgreSQL) or mean nothing (SQLite).
  throw new Error("lockInTransaction() needs the tx of a running transaction");
}

const advisoryLock = (scope: TransactionLockScope, key: string | number = 0) =>
  sql`pg_advisory_xact_lock(${LOCK_SCOPES[scope]}::int4, hashtext(${String(key)}))`;

/**
 * A query built and prepared once per connection, then run with `sql.placeholder` values: on a hot
 * path, building and compiling the SQL costs more than running it. SQLite keeps one compiled
 * statement per connection (the reader, and the writer every transaction runs on). PostgreSQL
 * prepares the statement under `name` once per pooled connection; a transaction's `tx` is a new
 * object each time, so there only the SQL text is rebuilt.
 */
export function preparedQuery<Q>(name: string, build: (db: Db, t: Tables) => { prepare(name: string): Q }): (db: Db) => Q {
  const byConnection = new WeakMap<Db, Q>();
  return (db) => {
    let query = byConnection.get(db);
    if (!query) {
      query = build(db, tablesOf(db)).prepare(name);
      byConnection.set(db, query);
    }
    return query;
  };
}

/**
 * A constant of the code (a status, an event type, a cap) written into a prepared statement's text
 * rather than bound: SQLite plans a subquery whose LIMIT or compared value is a parameter for any value
 * it might be, and on the order path such subqueries cost several times what they cost with the
 * value written in (docs/performance/api-benchmarks.md, "Where time goes"). Only for the code's own
 * constants: a value from a request is always bound.
 */
export function constant(value: string | number): SQL {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`constant() takes whole numbers, not ${value}`);
    return sql.raw(String(value));
  }
  if (!/^[\w.-]+$/.test(value)) throw new Error(`constant() takes plain words, not ${JSON.stringify(value)}`);
  return sql.raw(`'${value}'`);
}

/**
 * The whole hours from 1970 to a timestamp column's value (UTC), as an integer: what a report groups
 * by before turning each hour into the restaurant's local hour. SQLite stores ISO-8601 text,
 * PostgreSQL a timestamptz.
 */
export function epochHour(db: Db, column: SQLWrapper): SQL<number> {
  return (
    dialectOf(db) === "postgres"
      ? sql`cast(floor(extract(epoch from ${column}) / 3600) as integer)`
      : sql`cast(strftime('%s', ${column}) as integer) / 3600`
  ).mapWith(Number);
}

/** An event as appended to the log (api/events/event-log-service.ts). */
export interface EventAppend {
  branchId: number;
  type: string;
  orderId: string | null;
  tableId: string | null;
  /** JSON, stored as sent. */
  payload: string;
  createdAt: string;
}

// SQLite: one prepared INSERT per number of rows (an order appends one or two).
const sqliteEventInserts = new Map<number, (db: Db) => { execute(values: Record<string, unknown>): Promise<{ id: number }[]> }>();

function sqliteEventInsert(count: number) {
  let insert = sqliteEventInserts.get(count);
  if (!insert) {
    insert = preparedQuery(`insert_events_${count}`, (db, t) =>
      db
        .insert(t.events)
        .values(
          Array.from({ length: count }, (_, i) => ({
            branchId: sql.placeholder(`branchId${i}`),
            type: sql.placeholder(`type${i}`),
            orderId: sql.placeholder(`orderId${i}`),
            tableId: sql.placeholder(`tableId${i}`),
            payload: sql.placeholder(`payload${i}`),
            createdAt: sql.placeholder(`createdAt${i}`),
          })),
        )
        .returning({ id: t.events.id }),
    );
    sqliteEventInserts.set(count, insert);
  }
  return insert;
}

/**
 * Appends `events` to the log in one statement, their ids in the order given, and answers the last id.
 * PostgreSQL draws an id when the row is inserted, not when it commits, so appends are serialised
 * from the insert to the commit (the eventAppend lock, taken in the same statement) for ids to become
 * visible in increasing order; the statement also sends the `events` NOTIFY with that id, so the
 * `announce` that follows has nothing more to send. SQLite's one writer orders them already.
 */
export async function appendEvents(tx: Db, events: readonly EventAppend[]): Promise<number> {
  if (dialectOf(tx) === "sqlite") {
    const values: Record<string, unknown> = {};
    events.forEach((event, i) => {
      values[`branchId${i}`] = event.branchId;
      values[`type${i}`] = event.type;
      values[`orderId${i}`] = event.orderId;
      values[`tableId${i}`] = event.tableId;
      values[`payload${i}`] = event.payload;
      values[`createdAt${i}`] = event.createdAt;
    });
    const rows = await sqliteEventInsert(events.length)(tx).execute(values);
    return Math.max(...rows.map((row) => row.id));
  }
  const result = await (tx as PgTransaction<NodePgQueryResultHKT>).execute<{ id: string }>(sql`
    with appended as (
      insert into events (branch_id, type, order_id, station_id, payload, created_at)
      select (e.value->>'branchId')::int, e.value->>'type', e.value->>'orderId', e.value->>'tableId', e.value->>'payload',
             (e.value->>'createdAt')::timestamptz
      from (select ${advisoryLock("eventAppend")}) as append_lock,
           jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as e(value, position)
      order by e.position
      returning id)
    select max(id) as id, pg_notify('events', max(id)::text) from appended`);
  const lastId = Number(result.rows[0]!.id);
  runningTransaction(tx)?.notified.add(notificationKey("events", String(lastId)));
  return lastId;
}

/** How many rows an insert, update or delete (without `.returning()`) touched. */
export function affectedRows(result: object): number {
  if ("rowCount" in result && typeof result.rowCount === "number") return result.rowCount; // node-postgres
  if ("changes" in result && typeof result.changes === "number") return result.changes; // better-sqlite3
  throw new Error("affectedRows() takes the result of an insert, update or delete without returning()");
}

/** Whether the error, or one it wraps (Drizzle wraps the driver's as `cause`), carries one of these codes. */
export function hasErrorCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (
    let cause = error, depth = 0;
    cause && typeof cause === "object" && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth++
  ) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && codes.has(code)) return true;
  }
  return false;
}

const UNIQUE_VIOLATION = new Set(["23505", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"]);

/** Whether a query failed on a unique or primary-key constraint. */
export function isUniqueViolation(error: unknown): boolean {
  return hasErrorCode(error, UNIQUE_VIOLATION);
}
