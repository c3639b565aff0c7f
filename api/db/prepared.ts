/**
 * Statements prepared once per database handle instead of built and compiled on every call: on a hot
 * path (placing an order) building the SQL and compiling it cost more than running it.
 *
 * They belong to the handle's one better-sqlite3 connection, so they also run inside a transaction
 * opened with `db.transaction(…)` on that handle: pass the handle (`db`), not the transaction (`tx`).
 */
import type { Db } from "./client";

export function preparedFor<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = prepare(db);
      byDatabase.set(db, statements);
    }
    return statements;
  };
}
