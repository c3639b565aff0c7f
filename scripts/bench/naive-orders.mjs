/**
 * The yardstick for `POST /api/orders` in `npm run bench`: the order server a competent developer would
 * write in an afternoon with the project's own installed libraries — Hono on @hono/node-server,
 * better-sqlite3, zod — and nothing else. One synchronous transaction per order on the event loop
 * (better-sqlite3's `db.transaction`), statements prepared once, WAL mode, `synchronous` as
 * SQLITE_SYNCHRONOUS says (FULL by default, as ours), so "the same durability" is the same setting.
 *
 * Per order it does the work a plain order needs of any server: validate the JSON body, replay a known
 * Idempotency-Key, read the table and each product's price, take the branch's next order number,
 * insert the order (the columns and unique number index of ours), its lines and its key, answer 201
 * with the order. What it leaves out is what the product adds: no event log (live streams), no visit,
 * no happy hour or specials, no printers, no per-table limit, no metrics or request log.
 *
 * NAIVE_SEED_FILE: JSON `{ branchId, tables: [{ id, codename }], products: [{ id, name, priceCents }] }`,
 * the bench's copy of our server's tables and products, so one request body fits both servers.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import Database from "better-sqlite3";
import { Hono } from "hono";
import { z } from "zod";

const db = new Database(process.env.DATABASE_PATH);
db.pragma("journal_mode = WAL");
db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === "NORMAL" ? "NORMAL" : "FULL"}`);
db.exec(`
  CREATE TABLE IF NOT EXISTS stations (id TEXT PRIMARY KEY, branch_id INTEGER NOT NULL, codename TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS products (id INTEGER PRIMARY KEY, branch_id INTEGER NOT NULL, name TEXT NOT NULL,
    price_cents INTEGER NOT NULL, available INTEGER NOT NULL DEFAULT 1);
  CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, branch_id INTEGER NOT NULL, number INTEGER NOT NULL,
    station_id TEXT NOT NULL, station_codename TEXT NOT NULL, status TEXT NOT NULL, subtotal_cents INTEGER NOT NULL,
    tax_cents INTEGER NOT NULL, total_cents INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE UNIQUE INDEX IF NOT EXISTS orders_branch_number ON orders (branch_id, number);
  CREATE TABLE IF NOT EXISTS order_lines (order_id TEXT NOT NULL REFERENCES orders(id), position INTEGER NOT NULL,
    product_id INTEGER NOT NULL, name TEXT NOT NULL, quantity INTEGER NOT NULL, unit_price_cents INTEGER NOT NULL,
    line_total_cents INTEGER NOT NULL, options TEXT NOT NULL, PRIMARY KEY (order_id, position));
  CREATE TABLE IF NOT EXISTS idempotency_keys (key TEXT PRIMARY KEY, status_code INTEGER NOT NULL,
    response_body TEXT NOT NULL, created_at TEXT NOT NULL);
`);

if (process.env.NAIVE_SEED_FILE) {
  const seed = JSON.parse(readFileSync(process.env.NAIVE_SEED_FILE, "utf8"));
  const addTable = db.prepare("INSERT OR IGNORE INTO stations (id, branch_id, codename) VALUES (?, ?, ?)");
  const addProduct = db.prepare("INSERT OR IGNORE INTO products (id, branch_id, name, price_cents) VALUES (?, ?, ?, ?)");
  db.transaction(() => {
    for (const table of seed.tables) addTable.run(table.id, seed.branchId, table.codename);
    for (const product of seed.products) addProduct.run(product.id, seed.branchId, product.name, product.priceCents);
  })();
}

const findKey = db.prepare("SELECT status_code, response_body FROM idempotency_keys WHERE key = ?");
const findStation = db.prepare("SELECT id, branch_id, codename FROM stations WHERE id = ?");
const findProduct = db.prepare("SELECT id, name, price_cents, available FROM products WHERE id = ? AND branch_id = ?");
const lastNumber = db.prepare("SELECT max(number) AS n FROM orders WHERE branch_id = ?");
const insertOrder = db.prepare(
  `INSERT INTO orders (id, branch_id, number, station_id, station_codename, status, subtotal_cents, tax_cents, total_cents,
   created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'received', ?, ?, ?, ?, ?)`,
);
const insertLine = db.prepare(
  `INSERT INTO order_lines (order_id, position, product_id, name, quantity, unit_price_cents, line_total_cents, options)
   VALUES (?, ?, ?, ?, ?, ?, ?, '[]')`,
);
const insertKey = db.prepare("INSERT INTO idempotency_keys (key, status_code, response_body, created_at) VALUES (?, ?, ?, ?)");

const OrderCreate = z.object({
  products: z
    .array(
      z.object({
        id: z.number().int().positive(),
        quantity: z.number().int().min(1).max(99),
        selectedCustomizations: z.array(z.number().int()).max(20).default([]),
        note: z.string().max(200).optional(),
      }),
    )
    .min(1)
    .max(50),
  station_id: z.string().min(1).max(64),
  branch_id: z.number().int().positive(),
});

class Refused extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const placeOrder = db.transaction((input, key) => {
  if (key) {
    const stored = findKey.get(key);
    if (stored) return { status: stored.status_code, json: stored.response_body };
  }
  const station = findStation.get(input.station_id);
  if (!station) throw new Refused(404, "unknown_station", "This table's code is not known.");
  if (station.branch_id !== input.branch_id) throw new Refused(400, "branch_mismatch", "This table belongs to another branch.");
  const lines = input.products.map((line, position) => {
    const product = findProduct.get(line.id, input.branch_id);
    if (!product || !product.available) throw new Refused(422, "unavailable", `Product ${line.id} cannot be ordered.`);
    return { position, product, quantity: line.quantity, total: product.price_cents * line.quantity };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const tax = Math.round(subtotal * 0.13);
  const now = new Date().toISOString();
  const order = {
    id: randomUUID(),
    branch_id: input.branch_id,
    number: (lastNumber.get(input.branch_id).n ?? 0) + 1,
    station_id: station.id,
    station_codename: station.codename,
    status: "received",
    subtotal,
    tax,
    total: subtotal + tax,
    created_at: now,
    lines: lines.map((line) => ({
      product_id: line.product.id,
      name: line.product.name,
      quantity: line.quantity,
      unit_price: line.product.price_cents,
      line_total: line.total,
    })),
  };
  insertOrder.run(order.id, order.branch_id, order.number, station.id, station.codename, subtotal, tax, order.total, now, now);
  for (const line of lines) {
    insertLine.run(order.id, line.position, line.product.id, line.product.name, line.quantity, line.product.price_cents, line.total);
  }
  const json = JSON.stringify(order);
  if (key) insertKey.run(key, 201, json, now);
  return { status: 201, json };
});

const app = new Hono();
app.get("/", (c) => c.text("naive order server"));
app.post("/api/orders", async (c) => {
  const parsed = OrderCreate.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return c.json({ error: { code: "validation_failed", message: parsed.error.message } }, 400);
  try {
    const placed = placeOrder(parsed.data, c.req.header("idempotency-key"));
    return c.body(placed.json, placed.status, { "content-type": "application/json; charset=utf-8" });
  } catch (error) {
    if (error instanceof Refused) return c.json({ error: { code: error.code, message: error.message } }, error.status);
    throw error;
  }
});

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
process.on("SIGTERM", () => process.exit(0));
process.on("SIGINT", () => process.exit(0));
