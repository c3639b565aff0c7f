import { getTableColumns, getTableName, type InferInsertModel, type InferSelectModel, type Table } from "drizzle-orm";
import { getTableConfig as pgTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as sqlite from "./schema";
import * as pg from "./schema-pg";

type TableName = keyof typeof sqlite;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** What a repository can observe of a table, as plain data comparable across the dialects. */
function shape(table: Table, config: ReturnType<typeof pgTableConfig> | ReturnType<typeof sqliteTableConfig>) {
  const columnName = (column: unknown) => (column as { name: string }).name;
  return {
    name: getTableName(table),
    columns: Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      name: column.name,
      notNull: column.notNull,
      primary: column.primary,
      unique: column.isUnique,
      enumValues: column.enumValues,
    })),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map(columnName)),
    indexes: config.indexes
      .map((index) => ({ name: index.config.name, unique: index.config.unique, columns: index.config.columns.map(columnName) }))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return { columns: ref.columns.map(columnName), table: getTableName(ref.foreignTable), foreignColumns: ref.foreignColumns.map(columnName), onDelete: fk.onDelete ?? "no action" };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

describe("the PostgreSQL schema mirrors the SQLite schema", () => {
  it("has the same tables", () => {
    expectTypeOf<keyof typeof pg>().toEqualTypeOf<TableName>();
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
  });

  // Repositories are typed against the PostgreSQL schema: every row they read must look the same on
  // both, and every row they may write must be one SQLite accepts too.
  it("gives repositories the same rows to read, and only rows both accept to write", () => {
    expectTypeOf<{ [K in TableName]: Same<InferSelectModel<(typeof sqlite)[K]>, InferSelectModel<(typeof pg)[K]>> }>().toEqualTypeOf<{ [K in TableName]: true }>();
    expectTypeOf<{ [K in TableName]: InferInsertModel<(typeof pg)[K]> extends InferInsertModel<(typeof sqlite)[K]> ? true : false }>().toEqualTypeOf<{ [K in TableName]: true }>();
  });

  it("fills in a value the insert leaves out only where both do", () => {
    const differences: string[] = [];
    for (const name of Object.keys(sqlite) as TableName[]) {
      const pgColumns = getTableColumns(pg[name] as Table);
      for (const [key, column] of Object.entries(getTableColumns(sqlite[name] as Table))) {
        if (column.hasDefault !== pgColumns[key]?.hasDefault) differences.push(`${name}.${key}`);
      }
    }
    // SQLite numbers an INTEGER PRIMARY KEY row itself; branches are always created with their id, so
    // PostgreSQL insists on one (the PostgreSQL types, which repositories use, require it).
    expect(differences).toEqual(["branches.id"]);
    expect(getTableColumns(pg.branches).id.hasDefault).toBe(false);
  });

  it.each(Object.keys(sqlite) as TableName[])("%s: same columns, keys, indexes and foreign keys", (name) => {
    const sqliteTable: SQLiteTable = sqlite[name];
    const pgTable: PgTable = pg[name];
    expect(shape(pgTable, pgTableConfig(pgTable))).toEqual(shape(sqliteTable, sqliteTableConfig(sqliteTable)));
  });
});
