/**
 * A small read-only look into the server's database, from outside the server process, for the
 * reliability checks: the same SQL on SQLite (a read-only better-sqlite3 connection to the file the
 * server uses) and on PostgreSQL (one pg client). The checks read the tables the schema defines and
 * nothing of the server's code, so they judge whatever the server wrote, not what it meant to write.
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";

export interface DbProbe {
  readonly dialect: "sqlite" | "postgres";
  /** Rows of a SELECT both dialects understand; bigint counts come back as JS numbers. */
  query<T extends Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** Integer-looking columns (counts, sums) come back from pg as strings; the checks want numbers. */
function numbersOf<T extends Record<string, unknown>>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[key] = typeof value === "string" && /^(n|sum_\w+|count_\w+)$/.test(key) && /^-?\d+$/.test(value) ? Number(value) : value;
  return out as T;
}

export function sqliteProbe(path: string): DbProbe {
  const connection = new Database(path, { readonly: true, fileMustExist: true });
  connection.pragma("busy_timeout = 5000");
  return {
    dialect: "sqlite",
    query: async <T extends Record<string, unknown>>(text: string) => connection.prepare(text).all() as T[],
    close: async () => void connection.close(),
  };
}

export async function postgresProbe(url: string): Promise<DbProbe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A database dropped while the probe is still open ends its connection: not an error of the run.
  client.on("error", () => undefined);
  await client.connect();
  return {
    dialect: "postgres",
    query: async <T extends Record<string, unknown>>(text: string) =>
      (await client.query(text)).rows.map((row: Record<string, unknown>) => numbersOf<T>(row)),
    close: () => client.end(),
  };
}

/** HST 13 % half-up (PRODUCT.md "Money"), written out rather than imported from the code under test. */
export function hstCents(subtotalCents: number): number {
  const times13 = subtotalCents * 13;
  return Math.floor(times13 / 100) + (times13 % 100 >= 50 ? 1 : 0);
}

/**
 * What is wrong with the stored data, whoever wrote it: database corruption, dangling references,
 * orders whose totals do not follow from their lines, and idempotency keys that answer an order
 * that does not exist. Empty = nothing found.
 */
export async function storageProblems(probe: DbProbe): Promise<string[]> {
  const problems: string[] = [];
  if (probe.dialect === "sqlite") {
    const integrity = await probe.query<{ integrity_check: string }>("PRAGMA integrity_check");
    if (integrity.map((r) => r.integrity_check).join() !== "ok") problems.push(`integrity_check: ${JSON.stringify(integrity.slice(0, 5))}`);
    const foreign = await probe.query("PRAGMA foreign_key_check");
    if (foreign.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 5))}`);
  }
  // Dangling rows, asked the same way on both databases (PostgreSQL enforces these itself; asking costs nothing).
  const orphans: [string, string][] = [
    [
      "order lines without their order",
      "SELECT count(*) AS n FROM order_lines l LEFT JOIN orders o ON o.id = l.order_id WHERE o.id IS NULL",
    ],
    [
      "options without their group",
      "SELECT count(*) AS n FROM options x LEFT JOIN option_groups g ON g.id = x.group_id WHERE g.id IS NULL",
    ],
    [
      "option groups without their product",
      "SELECT count(*) AS n FROM option_groups g LEFT JOIN products p ON p.id = g.product_id WHERE p.id IS NULL",
    ],
    [
      "sessions without their staff account",
      "SELECT count(*) AS n FROM sessions s LEFT JOIN staff_users u ON u.id = s.user_id WHERE u.id IS NULL",
    ],
    [
      "product photos without their stored image",
      "SELECT count(*) AS n FROM product_photos p LEFT JOIN photo_variants v ON v.hash = p.variant_hash WHERE v.hash IS NULL",
    ],
    // Every change that stops showing an image deletes it in the same transaction (docs/decisions/0025).
    [
      "stored photo images no product shows",
      "SELECT count(*) AS n FROM photo_variants v WHERE NOT EXISTS (SELECT 1 FROM product_photos p WHERE p.variant_hash = v.hash)",
    ],
  ];
  for (const [what, sql] of orphans) {
    const [row] = await probe.query<{ n: number }>(sql);
    if (Number(row?.n) > 0) problems.push(`${row!.n} ${what}`);
  }

  const badLines = await probe.query<{ order_id: string; position: number }>(
    "SELECT order_id, position FROM order_lines WHERE line_total_cents <> unit_price_cents * quantity OR quantity < 1 OR quantity > 99 OR unit_price_cents < 0",
  );
  if (badLines.length > 0)
    problems.push(`order lines whose total is not unit price × quantity (1–99): ${JSON.stringify(badLines.slice(0, 5))}`);

  const totals = await probe.query<{
    id: string;
    subtotal_cents: number;
    tax_cents: number;
    total_cents: number;
    sum_lines: number;
    count_lines: number;
  }>(
    `SELECT o.id, o.subtotal_cents, o.tax_cents, o.total_cents, COALESCE(SUM(l.line_total_cents), 0) AS sum_lines, COUNT(l.order_id) AS count_lines
       FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id
      GROUP BY o.id, o.subtotal_cents, o.tax_cents, o.total_cents`,
  );
  for (const o of totals) {
    const sum = Number(o.sum_lines);
    if (Number(o.count_lines) === 0) problems.push(`order ${o.id} has no lines`);
    else if (o.subtotal_cents !== sum || o.tax_cents !== hstCents(sum) || o.total_cents !== o.subtotal_cents + o.tax_cents) {
      problems.push(
        `order ${o.id}: subtotal ${o.subtotal_cents}, tax ${o.tax_cents}, total ${o.total_cents} do not follow from its lines (Σ ${sum})`,
      );
    }
  }

  const orderIds = new Set(totals.map((o) => o.id));
  for (const { key, order_id } of await storedAnswers(probe)) {
    if (order_id === undefined) problems.push(`idempotency key ${key} stores a 201 that is not an order`);
    else if (!orderIds.has(order_id)) problems.push(`idempotency key ${key} answers order ${order_id}, which is not stored`);
  }
  return problems;
}

/** The order each stored 201 answer names (the body is the order as first answered). */
export async function storedAnswers(probe: DbProbe): Promise<{ key: string; order_id: string | undefined }[]> {
  const rows = await probe.query<{ key: string; response_body: string }>(
    "SELECT key, response_body FROM idempotency_keys WHERE status_code = 201",
  );
  return rows.map(({ key, response_body }) => {
    try {
      const id = (JSON.parse(response_body) as { id?: unknown }).id;
      return { key, order_id: typeof id === "string" ? id : undefined };
    } catch {
      return { key, order_id: undefined };
    }
  });
}

/**
 * A fingerprint of the business data: changes whenever a row of these tables is added, removed or
 * edited. Sign-in bookkeeping (sessions, failed-attempt counters) is left out: a refused sign-in
 * is allowed to count.
 */
export const BUSINESS_TABLES = [
  "branches",
  "categories",
  "products",
  "option_groups",
  "options",
  "photo_variants",
  "product_photos",
  "stations",
  "orders",
  "order_lines",
  "idempotency_keys",
  "events",
  "staff_users",
  "carts",
  "cart_lines",
  "cart_operations",
] as const;

export async function businessDigest(probe: DbProbe): Promise<string> {
  const hash = createHash("sha256");
  for (const table of BUSINESS_TABLES) {
    // Every row in a stable order: row order is not part of the data.
    const rows = await probe.query(`SELECT * FROM ${table}`);
    const lines = rows
      .map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)))
      .sort();
    hash.update(`${table}\u0000${lines.join("\n")}\u0001`);
  }
  return hash.digest("hex");
}
