import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { constant } from "./dialect";

describe("constant()", () => {
  it("writes a whole number or a plain word into the statement's text, binding nothing, on both dialects", () => {
    const statement = sql`select 1 where status in (${constant("received")}, ${constant("visit.started")}) limit ${constant(20)} offset ${0}`;
    expect(new SQLiteSyncDialect().sqlToQuery(statement)).toMatchObject({
      sql: "select 1 where status in ('received', 'visit.started') limit 20 offset ?",
      params: [0],
    });
    expect(new PgDialect().sqlToQuery(statement)).toMatchObject({
      sql: "select 1 where status in ('received', 'visit.started') limit 20 offset $1",
      params: [0],
    });
  });

  it("refuses what would need escaping or is not a whole number", () => {
    for (const value of ["it's", "a b", "x'); drop table orders; --", ""]) expect(() => constant(value)).toThrow(/plain words/);
    for (const value of [1.5, Number.NaN, 2 ** 60]) expect(() => constant(value)).toThrow(/whole numbers/);
  });
});
