/**
 * How each kind of column is stored on each database, so that `schema.ts` defines every table once.
 *
 * On PostgreSQL:
 * - times: `timestamp(3) with time zone`, read and written as ISO-8601 UTC strings (`iso-timestamp.ts`);
 * - ids the database numbers: identity columns ("by default", so an explicit id is still accepted, as
 *   SQLite accepts one); the SSE event id is a bigint read as a JS number;
 * - booleans: `boolean`; structured values: `jsonb`. Text served byte for byte (an SSE data line, a
 *   replayed answer) stays `text`, since jsonb would reorder keys and drop whitespace;
 * - bytes (a photo): `bytea`.
 * On SQLite: times are ISO-8601 text, booleans 0/1 integers, structured values JSON text, bytes a blob.
 *
 * Both give repositories the same JavaScript values, so the SQLite builders are typed as the
 * PostgreSQL ones: repositories are written once against those types (docs/decisions/0006).
 */
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import * as sqlite from "drizzle-orm/sqlite-core";
import { isoTimestamp } from "./iso-timestamp";

export const postgresColumns = {
  table: pg.pgTable,
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  primaryKey: pg.primaryKey,
  integer: pg.integer,
  text: pg.text,
  boolean: pg.boolean,
  json: pg.jsonb,
  time: isoTimestamp,
  /** Epoch milliseconds: beyond int4, hence bigint. */
  epochMs: (name: string) => pg.bigint(name, { mode: "number" }),
  /** A primary key the database numbers. */
  serial: (name: string) => pg.integer(name).primaryKey().generatedByDefaultAsIdentity(),
  bigSerial: (name: string) => pg.bigint(name, { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  now: sql`now()`,
  /** Read and written as a Buffer. */
  bytes: pg.customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" }),
};

export type Columns = typeof postgresColumns;

export const sqliteColumns = {
  table: sqlite.sqliteTable,
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  primaryKey: sqlite.primaryKey,
  integer: sqlite.integer,
  text: sqlite.text,
  boolean: (name: string) => sqlite.integer(name, { mode: "boolean" }),
  json: (name: string) => sqlite.text(name, { mode: "json" }),
  time: (name: string) => sqlite.text(name),
  epochMs: (name: string) => sqlite.integer(name),
  serial: (name: string) => sqlite.integer(name).primaryKey({ autoIncrement: true }),
  bigSerial: (name: string) => sqlite.integer(name).primaryKey({ autoIncrement: true }),
  now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  bytes: (name: string) => sqlite.blob(name, { mode: "buffer" }),
} as unknown as Columns;
