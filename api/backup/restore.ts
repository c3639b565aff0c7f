/**
 * `npm run restore -- <file> [--force]`: a backup back into the database configured as usual
 * (DATABASE_URL, else DATABASE_PATH). The target must not be in use (the server stopped), and a
 * target that holds orders is refused unless `--force`: a restore replaces everything in it.
 *
 * The file's kind is read from its first bytes, not its name: a SQLite database file or a pg_dump
 * custom-format archive. Either way the database is replaced whole or not at all: SQLite's is written
 * beside the target and renamed over it; PostgreSQL's old tables are dropped and the dump loaded in one
 * transaction.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { DatabaseConfig } from "../db/database";
import { pgDumpContents, pgRestoreAtomically, ToolError } from "./postgres-tools";
import { backupSqliteFile } from "./sqlite-backup";

/** A restore that was refused or failed, with the message for the operator. */
export class RestoreError extends Error {}

export interface RestoreResult {
  dialect: "sqlite" | "postgres";
  /** The orders in the database after the restore. */
  orders: number;
}

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
const PGDUMP_MAGIC = Buffer.from("PGDMP", "latin1");

/** What the file is, by its first bytes. */
export function backupKind(file: string): "sqlite" | "postgres" {
  if (!existsSync(file)) throw new RestoreError(`${file}: no such file`);
  if (!statSync(file).isFile()) throw new RestoreError(`${file} is not a file`);
  const head = Buffer.alloc(16);
  const fd = openSync(file, "r");
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 16 && head.equals(SQLITE_MAGIC)) return "sqlite";
  if (read >= 5 && head.subarray(0, 5).equals(PGDUMP_MAGIC)) return "postgres";
  throw new RestoreError(`${file} is not a backup: neither a SQLite database nor a pg_dump custom-format (-Fc) archive`);
}

export async function restoreBackup(file: string, target: DatabaseConfig, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const path = resolve(file);
  const kind = backupKind(path);
  const wanted = target.url ? "postgres" : "sqlite";
  if (kind !== wanted) {
    throw new RestoreError(
      kind === "sqlite"
        ? `${file} is a SQLite backup, but DATABASE_URL selects PostgreSQL: unset DATABASE_URL (and set DATABASE_PATH) to restore it into a SQLite file`
        : `${file} is a PostgreSQL backup (pg_dump), but no DATABASE_URL is set: set DATABASE_URL=postgres://… to the (empty) database to restore it into`,
    );
  }
  try {
    return target.url
      ? await restorePostgres(path, target.url, options.force ?? false)
      : await restoreSqlite(path, target.path, options.force ?? false);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    if (error instanceof ToolError) throw new RestoreError(error.message);
    throw new RestoreError(`the restore failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function refuseOrders(where: string, orders: number): never {
  throw new RestoreError(
    `${where} already holds ${orders} order${orders === 1 ? "" : "s"}: a restore would replace them. ` +
      "Restore into an empty database, or run again with --force to replace everything in it.",
  );
}

// ---------- SQLite ----------

function sqliteOrders(db: Database.Database): number | null {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'orders'").get();
  return table ? (db.prepare("SELECT count(*) AS n FROM orders").get() as { n: number }).n : null;
}

async function restoreSqlite(file: string, targetPath: string, force: boolean): Promise<RestoreResult> {
  if (targetPath === ":memory:") throw new RestoreError("DATABASE_PATH is :memory:; set it to the file to restore into");
  const target = resolve(targetPath);
  if (target === file) throw new RestoreError(`${file} is the database itself (DATABASE_PATH): restore into another file`);

  // The backup is checked whole before the target is touched.
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    const check = source.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new RestoreError(`${file} is damaged (SQLite quick_check: ${String(check)})`);
    if (sqliteOrders(source) === null)
      throw new RestoreError(`${file} is a SQLite database but not one of Limitless Bar & Grill (no orders table)`);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`${file} is damaged: ${(error as Error).message}`);
  } finally {
    source.close();
  }

  if (existsSync(target)) {
    const existing = new Database(target, { fileMustExist: true });
    let orders: number | null;
    try {
      existing.pragma("busy_timeout = 5000");
      try {
        orders = sqliteOrders(existing);
      } catch (error) {
        throw new RestoreError(
          `${target} (DATABASE_PATH) cannot be read as a database (${(error as Error).message}): move it away or name a new file`,
        );
      }
      // Folds the WAL into the file; closing the last connection then deletes it.
      existing.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      existing.close();
    }
    // Another process still has the database open (its WAL outlives our connection): renaming a new file
    // over it would leave that process writing to the old one, and the restore silently lost.
    if (existsSync(`${target}-wal`)) {
      throw new RestoreError(`${target} is in use (a server running on it?): stop the server, then restore`);
    }
    if (orders && !force) refuseOrders(target, orders);
  }

  const incoming = `${target}.restoring`;
  mkdirSync(dirname(target), { recursive: true });
  try {
    await backupSqliteFile(file, incoming);
    const fd = openSync(incoming, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(incoming, target);
    rmSync(`${target}-shm`, { force: true });
    const dir = openSync(dirname(target), "r");
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  }
  const restored = new Database(target, { readonly: true, fileMustExist: true });
  try {
    return { dialect: "sqlite", orders: sqliteOrders(restored) ?? 0 };
  } finally {
    restored.close();
  }
}

// ---------- PostgreSQL ----------

/**
 * Empties the database before the dump is loaded (in the same transaction): the migrations' schema
 * `drizzle` and every table, view, sequence and type in `public` (the schema itself stays, with the
 * owner and rights the server gave it).
 */
const EMPTY_DATABASE = `
DROP SCHEMA IF EXISTS drizzle CASCADE;
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') LOOP
    EXECUTE format(CASE r.relkind WHEN 'v' THEN 'DROP VIEW IF EXISTS public.%I CASCADE'
                                  WHEN 'm' THEN 'DROP MATERIALIZED VIEW IF EXISTS public.%I CASCADE'
                                  WHEN 'f' THEN 'DROP FOREIGN TABLE IF EXISTS public.%I CASCADE'
                                  ELSE 'DROP TABLE IF EXISTS public.%I CASCADE' END, r.relname);
  END LOOP;
  FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'S' LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', r.relname);
  END LOOP;
  FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
           WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'm') LOOP
    EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', r.typname);
  END LOOP;
END $$;
`;

async function postgresOrders(client: pg.Client): Promise<number | null> {
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('public.orders') IS NOT NULL AS present");
  if (!rows[0]?.present) return null;
  const counted = await client.query<{ n: string }>("SELECT count(*) AS n FROM public.orders");
  return Number(counted.rows[0]!.n);
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new RestoreError(`cannot connect to the database (DATABASE_URL): ${(error as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function restorePostgres(file: string, url: string, force: boolean): Promise<RestoreResult> {
  try {
    const contents = await pgDumpContents(file);
    if (!/TABLE DATA public orders\b/.test(contents)) {
      throw new RestoreError(`${file} is a pg_dump archive but not of a Limitless Bar & Grill database (no orders table)`);
    }
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`${file} cannot be read: ${(error as Error).message}`);
  }

  const where = describeUrl(url);
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    const others = Number(rows[0]!.n);
    if (others > 0) {
      throw new RestoreError(
        `${where} is in use (${others} other connection${others === 1 ? "" : "s"}): stop the instances (and close other sessions), then restore`,
      );
    }
    const orders = await postgresOrders(client);
    if (orders && !force) refuseOrders(where, orders);
  });

  try {
    await pgRestoreAtomically(url, file, EMPTY_DATABASE);
  } catch (error) {
    throw new RestoreError(`${file} could not be restored, and ${where} is as it was: ${(error as Error).message}`);
  }
  const orders = await withClient(url, postgresOrders);
  return { dialect: "postgres", orders: orders ?? 0 };
}

function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `postgres://${parsed.host}${parsed.pathname}`;
}
