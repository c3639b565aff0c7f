/**
 * Where SQLite and PostgreSQL must differ, one named helper each, so that repositories and services
 * stay written once against `Db` (see database.ts). A repository that needs something the common
 * query surface lacks adds a helper here, with a test on both databases, rather than branching itself.
 */
import type Database from "better-sqlite3";
import { is, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { PgDatabase, PgTransaction } from "drizzle-orm/pg-core";
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
  const writer = sqliteWriters.get(tx);
  if (writer?.inTransaction) return;
  if (!writer && is(tx, PgTransaction)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SCOPES[scope]}::int4, hashtext(${String(key)}))`);
    return;
  }
  // Outside a transaction the lock would be released at once (PostgreSQL) or mean nothing (SQLite).
  throw new Error("lockInTransaction() needs the tx of a running transaction");
}

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
 * `column IN (the ids in a JSON array)`, with the array as one placeholder value
 * (`JSON.stringify(ids)`): one prepared statement then serves any number of ids.
 */
export function inJsonIdList(db: Db, column: SQLWrapper, placeholder: string): SQL {
  const list = sql.placeholder(placeholder);
  return dialectOf(db) === "postgres"
    ? sql`${column} in (select jsonb_array_elements_text(${list}::jsonb)::int)`
    : sql`${column} in (select value from json_each(${list}))`;
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

/**
 * Tells every instance listening on `channel` (PostgreSQL LISTEN/NOTIFY), when and only when the
 * transaction commits: a change rolled back is never announced. SQLite has one process and needs no
 * message: nothing to do.
 */
export async function notifyOnCommit(tx: Db, channel: NotifyChannel, payload: string): Promise<void> {
  if (dialectOf(tx) === "postgres")
    await (tx as PgTransaction<NodePgQueryResultHKT>).execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** What instances tell each other (api/db/listener.ts). */
export type NotifyChannel = "events" | "menu" | "printers" | "sessions";

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
