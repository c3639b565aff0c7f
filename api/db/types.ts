/** The types repositories are written against (see database.ts), apart so that dialect.ts needs nothing of database.ts. */
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import type * as pgSchema from "./schema-pg";

export type Dialect = "sqlite" | "postgres";

/** The tables repositories query: the PostgreSQL schema's types, the running dialect's tables (`tablesOf(db)`). */
export type Tables = typeof pgSchema;

/**
 * What a repository receives, outside or inside a transaction: the query builders both dialects
 * share. `execute`, `transaction` and relational queries are left out on purpose (see database.ts).
 */
export type Db = Pick<PgDatabase<NodePgQueryResultHKT>, "select" | "selectDistinct" | "$count" | "insert" | "update" | "delete">;
