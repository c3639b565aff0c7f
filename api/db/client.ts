/** Opens the SQLite database (WAL mode) and applies the committed migrations. */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { startCheckpointer } from "./checkpointer";
import * as schema from "./schema";

/** Drizzle, plus `$client` (the better-sqlite3 connection) for statements prepared once and run per request. */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** What a transaction callback receives; the repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export function openDatabase(path: string): DatabaseHandle {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  const stopCheckpointer = startCheckpointer(sqlite);
  return {
    db,
    sqlite,
    close: () => {
      stopCheckpointer();
      sqlite.close();
    },
  };
}
