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
import { CALL_KINDS, PAYMENT_METHODS, PREP_STATIONS, type Allergen, type Diet, type PrepStation } from "../../contract/menu";
import type { ServerEvents } from "../../contract/schemas";
import { isoTimestamp } from "./iso-timestamp";
import type { CartPhone, OrderLineOptionSnapshot, ProductTranslations } from "./schema";

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
    allergens: jsonb("allergens").$type<Allergen[]>().notNull().default(sql`'[]'`),
    diet: jsonb("diet").$type<Diet[]>().notNull().default(sql`'[]'`),
    prepStation: text("prep_station", { enum: PREP_STATIONS }).notNull().default("kitchen"),
    prepMinutes: integer("prep_minutes").notNull().default(10),
    /** null = not counted; an accepted order counts it down, and at 0 the product sells out. */
    stock: integer("stock"),
    translations: jsonb("translations").$type<ProductTranslations>().notNull().default(sql`'{}'`),
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
    /** When a kitchen board first showed the order. */
    seenAt: isoTimestamp("seen_at"),
    /** When the last "no board has seen it" alarm went out, so that only one instance raises each. */
    unseenAlertedAt: isoTimestamp("unseen_alerted_at"),
    /** The prep stations that have bumped the order. */
    bumped: jsonb("bumped").$type<PrepStation[]>().notNull().default(sql`'[]'`),
    estimatedReadyAt: isoTimestamp("estimated_ready_at"),
    /** null while on the table's open tab; the closed tab's id after. */
    tabId: text("tab_id"),
  },
  (table) => [
    uniqueIndex("orders_branch_number").on(table.branchId, table.number),
    index("orders_branch_status").on(table.branchId, table.status),
    // The per-table order limit counts a table's recent orders; the staff list filters by table.
    index("orders_station_created").on(table.stationId, table.createdAt),
    index("orders_branch_created").on(table.branchId, table.createdAt),
    index("orders_station_tab").on(table.stationId, table.tabId),
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
    note: text("note").notNull().default(""),
    prepStation: text("prep_station", { enum: PREP_STATIONS }).notNull().default("kitchen"),
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

/** "Call a server" / "Ask for the bill": at most one open call of each kind per table. */
export const calls = pgTable(
  "calls",
  {
    id: text("id").primaryKey(),
    branchId: integer("branch_id").notNull(),
    stationId: text("station_id").notNull(),
    kind: text("kind", { enum: CALL_KINDS }).notNull(),
    status: text("status", { enum: ["open", "done"] }).notNull(),
    createdAt: isoTimestamp("created_at").notNull(),
    doneAt: isoTimestamp("done_at"),
  },
  (table) => [
    uniqueIndex("calls_open_per_kind")
      .on(table.stationId, table.kind)
      .where(sql`status = 'open'`),
    index("calls_branch_status").on(table.branchId, table.status),
  ],
);

/** A table's closed tab: its orders carry its id (`orders.tab_id`). Payments are recorded, not charged. */
export const tabs = pgTable(
  "tabs",
  {
    id: text("id").primaryKey(),
    branchId: integer("branch_id").notNull(),
    stationId: text("station_id").notNull(),
    paidWith: text("paid_with", { enum: PAYMENT_METHODS }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    closedAt: isoTimestamp("closed_at").notNull(),
  },
  (table) => [index("tabs_station").on(table.stationId, table.closedAt), index("tabs_branch_closed").on(table.branchId, table.closedAt)],
);

/** The kitchen boards on screen: each says so every ~20 s, so any instance knows which are online. */
export const kitchenBoards = pgTable(
  "kitchen_boards",
  {
    boardId: text("board_id").primaryKey(),
    branchId: integer("branch_id").notNull(),
    station: text("station", { enum: PREP_STATIONS }).notNull(),
    lastSeenAt: isoTimestamp("last_seen_at").notNull(),
  },
  (table) => [index("kitchen_boards_branch").on(table.branchId, table.lastSeenAt)],
);

/** A table's shared cart: one per table, its version counting every change (for `cart.updated`). */
export const carts = pgTable("carts", {
  stationId: text("station_id").primaryKey(),
  branchId: integer("branch_id").notNull(),
  version: integer("version").notNull().default(0),
  updatedAt: isoTimestamp("updated_at").notNull(),
  phones: jsonb("phones").$type<CartPhone[]>().notNull().default(sql`'[]'`),
  lastOrderId: text("last_order_id"),
  submittedVersion: integer("submitted_version"),
  submittingVersion: integer("submitting_version"),
  submittingAt: isoTimestamp("submitting_at"),
});

/** A line of a table's shared cart; its id is made by the phone that added it. */
export const cartLines = pgTable(
  "cart_lines",
  {
    stationId: text("station_id").notNull(),
    lineId: text("line_id").notNull(),
    phoneId: text("phone_id").notNull(),
    phoneName: text("phone_name").notNull(),
    productId: integer("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    options: jsonb("options").$type<number[]>().notNull(),
    note: text("note").notNull().default(""),
    addedAt: isoTimestamp("added_at").notNull(),
    updatedAt: isoTimestamp("updated_at").notNull(),
    status: text("status", { enum: ["open", "removed", "submitted"] }).notNull().default("open"),
    stamp: text("stamp").notNull().default(""),
  },
  (table) => [primaryKey({ columns: [table.stationId, table.lineId] })],
);

/** Every cart operation applied, by the id its phone gave it, so a replayed operation applies once. */
export const cartOperations = pgTable(
  "cart_operations",
  {
    opId: text("op_id").primaryKey(),
    stationId: text("station_id").notNull(),
    appliedAt: isoTimestamp("applied_at").notNull(),
  },
  (table) => [index("cart_operations_station").on(table.stationId, table.appliedAt)],
);
