/**
 * The database schema for PostgreSQL: the mirror of `schema.ts` (SQLite) with the same table names,
 * column names, JavaScript property names and value types, indexes and foreign keys, so one
 * repository works on either (`schema-parity.test.ts` checks the two stay alike).
 *
 * Per column, what PostgreSQL stores:
 * - money: `integer` cents, as on SQLite;
 * - times: `timestamp(3) with time zone`, read and written as ISO-8601 UTC strings (`iso-timestamp.ts`);
 * - ids that SQLite autoincrements: identity columns ("by default", so an explicit id is still
 *   accepted, as SQLite accepts one); `events.id` is a bigint (read as a JS number), the SSE event id;
 * - booleans: `boolean`; a structured column (`order_lines.options`): `jsonb`.
 * `events.payload` and `idempotency_keys.response_body` stay `text`: they are served byte for byte
 * (an SSE data line, a replayed answer), and jsonb would reorder keys and drop whitespace.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { ServerEvents } from "../../contract/schemas";
import { isoTimestamp } from "./iso-timestamp";
import type { OrderLineOptionSnapshot } from "./schema";

const now = sql`now()`;

export const branches = pgTable("branches", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  address: text("address").notNull(),
});

export const categories = pgTable("categories", {
  key: text("key").primaryKey(),
  title: text("title").notNull(),
  position: integer("position").notNull(),
});

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id),
    categoryKey: text("category_key")
      .notNull()
      .references(() => categories.key),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    available: boolean("available").notNull().default(true),
    weekday: integer("weekday"),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("products_branch_category_name").on(table.branchId, table.categoryKey, table.name)],
);

export const optionGroups = pgTable(
  "option_groups",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    exclusive: boolean("exclusive").notNull(),
    required: boolean("required").notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("option_groups_product_name").on(table.productId, table.name)],
);

export const options = pgTable(
  "options",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer("group_id")
      .notNull()
      .references(() => optionGroups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (table) => [uniqueIndex("options_group_name").on(table.groupId, table.name)],
);

export const stations = pgTable(
  "stations",
  {
    id: text("id").primaryKey(),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branches.id),
    codename: text("codename").notNull(),
    capacity: integer("capacity").notNull(),
    createdAt: isoTimestamp("created_at").notNull().default(now),
  },
  (table) => [index("stations_branch").on(table.branchId)],
);

export const orders = pgTable(
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
    createdAt: isoTimestamp("created_at").notNull(),
    updatedAt: isoTimestamp("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("orders_branch_number").on(table.branchId, table.number),
    index("orders_branch_status").on(table.branchId, table.status),
    // The per-table order limit counts a table's recent orders; the staff list filters by table.
    index("orders_station_created").on(table.stationId, table.createdAt),
  ],
);

export const orderLines = pgTable(
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
    options: jsonb("options").$type<OrderLineOptionSnapshot[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] })],
);

export const staffUsers = pgTable("staff_users", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: isoTimestamp("created_at").notNull().default(now),
});

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the token: a stolen database does not yield usable tokens.
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: isoTimestamp("created_at").notNull(),
    expiresAt: isoTimestamp("expires_at").notNull(),
  },
  (table) => [index("sessions_user").on(table.userId)],
);

export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  requestHash: text("request_hash").notNull(),
  statusCode: integer("status_code").notNull(),
  responseBody: text("response_body").notNull(),
  createdAt: isoTimestamp("created_at").notNull(),
});

/**
 * The append-only change log behind the live streams; its id is the SSE event id. On PostgreSQL an
 * id is drawn when the row is inserted, not when its transaction commits, so appends are serialised
 * (`lockInTransaction(tx, "eventAppend")`) for ids to become visible in increasing order.
 */
export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    branchId: integer("branch_id").notNull(),
    type: text("type").$type<keyof ServerEvents>().notNull(),
    orderId: text("order_id"),
    /** The table an event concerns (its orders, its calls), for the diner's station stream. */
    stationId: text("station_id"),
    payload: text("payload").notNull(),
    createdAt: isoTimestamp("created_at").notNull(),
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
 * Failed sign-in attempts per (e-mail, client address), in fixed windows, counted with one atomic
 * upsert before the password hash runs. The key is a hash: the table never holds a typed e-mail.
 */
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  /** Epoch milliseconds at which this window's count is forgotten (beyond int4, hence bigint). */
  windowEndsAt: bigint("window_ends_at", { mode: "number" }).notNull(),
});
