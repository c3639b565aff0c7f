/**
 * The database schema (Drizzle, SQLite). Money is integer cents; times are ISO-8601 UTC strings.
 * Orders keep a snapshot of names and prices, so editing or re-importing the menu never rewrites history.
 */
import { sql } from "drizzle-orm";
import type { ServerEvents } from "../../contract/schemas";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const branches = sqliteTable("branches", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  address: text("address").notNull(),
});

export const categories = sqliteTable("categories", {
  key: text("key").primaryKey(),
  title: text("title").notNull(),
  position: integer("position").notNull(),
});

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id),
    categoryKey: text("category_key")
      .notNull()
      .references(() => categories.key),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    available: integer("available", { mode: "boolean" }).notNull().default(true),
    weekday: integer("weekday"),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("products_branch_category_name").on(table.branchId, table.categoryKey, table.name)],
);

export const optionGroups = sqliteTable(
  "option_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    exclusive: integer("exclusive", { mode: "boolean" }).notNull(),
    required: integer("required", { mode: "boolean" }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("option_groups_product_name").on(table.productId, table.name)],
);

export const options = sqliteTable(
  "options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    groupId: integer("group_id")
      .notNull()
      .references(() => optionGroups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("options_group_name").on(table.groupId, table.name)],
);

export const stations = sqliteTable(
  "stations",
  {
    id: text("id").primaryKey(),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id),
    codename: text("codename").notNull(),
    capacity: integer("capacity").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (table) => [index("stations_branch").on(table.branchId)],
);

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id),
    number: integer("number").notNull(),
    // No foreign key: a deleted station's past orders are kept.
    stationId: text("station_id").notNull(),
    stationCodename: text("station_codename").notNull(),
    status: text("status", { enum: ["received", "preparing", "ready", "served", "cancelled"] }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("orders_branch_number").on(table.branchId, table.number),
    index("orders_branch_status").on(table.branchId, table.status),
    // The per-table order limit counts a table's recent orders; the staff list filters by table.
    index("orders_station_created").on(table.stationId, table.createdAt),
  ],
);

export interface OrderLineOptionSnapshot {
  id: number;
  name: string;
  priceCents: number;
}

export const orderLines = sqliteTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    // No foreign key: the line is a snapshot that survives menu edits.
    productId: integer("product_id").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    options: text("options", { mode: "json" }).$type<OrderLineOptionSnapshot[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] })],
);

export const staffUsers = sqliteTable("staff_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: text("created_at").notNull().default(now),
});

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the token: a stolen database does not yield usable tokens.
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("sessions_user").on(table.userId)],
);

export const idempotencyKeys = sqliteTable("idempotency_keys", {
  key: text("key").primaryKey(),
  requestHash: text("request_hash").notNull(),
  statusCode: integer("status_code").notNull(),
  responseBody: text("response_body").notNull(),
  createdAt: text("created_at").notNull(),
});

/**
 * An append-only log of what changed, for the live streams: its autoincrement id is the SSE event id,
 * so a client that reconnects with Last-Event-ID gets exactly what it missed.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    branchId: integer("branch_id").notNull(),
    type: text("type").$type<keyof ServerEvents>().notNull(),
    orderId: text("order_id"),
    /** The table an event concerns (its orders, its calls), for the diner's station stream. */
    stationId: text("station_id"),
    payload: text("payload").notNull(),
    createdAt: text("created_at").notNull(),
  },
  // One index per stream's catch-up query (Last-Event-ID), and one for pruning by age.
  (table) => [
    index("events_branch").on(table.branchId, table.id),
    index("events_branch_type").on(table.branchId, table.type, table.id),
    index("events_order").on(table.orderId, table.id),
    index("events_station").on(table.stationId, table.id),
    index("events_created").on(table.createdAt),
  ],
);

/**
 * Failed sign-in attempts per (e-mail, client address), in fixed windows. Counted with one atomic
 * upsert before the password hash runs, so concurrent guesses cannot race past the limit, and shared
 * by every instance on the database. The key is a hash: the table never holds a typed e-mail.
 */
export const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  /** Epoch milliseconds at which this window's count is forgotten. */
  windowEndsAt: integer("window_ends_at").notNull(),
});
