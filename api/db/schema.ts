/**
 * The database schema (Drizzle, SQLite). Money is integer cents; times are ISO-8601 UTC strings.
 * Orders keep a snapshot of names and prices, so editing or re-importing the menu never rewrites history.
 */
import { sql } from "drizzle-orm";
import { CALL_KINDS, PAYMENT_METHODS, PREP_STATIONS, type Allergen, type Diet, type PrepStation, type TranslationLanguage } from "../../contract/menu";
import type { ServerEvents, Translation } from "../../contract/schemas";
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
    allergens: text("allergens", { mode: "json" }).$type<Allergen[]>().notNull().default(sql`'[]'`),
    diet: text("diet", { mode: "json" }).$type<Diet[]>().notNull().default(sql`'[]'`),
    prepStation: text("prep_station", { enum: PREP_STATIONS }).notNull().default("kitchen"),
    prepMinutes: integer("prep_minutes").notNull().default(10),
    /** null = not counted; an accepted order counts it down, and at 0 the product sells out. */
    stock: integer("stock"),
    translations: text("translations", { mode: "json" }).$type<ProductTranslations>().notNull().default(sql`'{}'`),
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
    /** When a kitchen board first showed the order. */
    seenAt: text("seen_at"),
    /** When the last "no board has seen it" alarm went out, so that only one instance raises each. */
    unseenAlertedAt: text("unseen_alerted_at"),
    /** The prep stations that have bumped the order. */
    bumped: text("bumped", { mode: "json" }).$type<PrepStation[]>().notNull().default(sql`'[]'`),
    estimatedReadyAt: text("estimated_ready_at"),
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

export type ProductTranslations = Partial<Record<TranslationLanguage, Translation>>;

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
    note: text("note").notNull().default(""),
    prepStation: text("prep_station", { enum: PREP_STATIONS }).notNull().default("kitchen"),
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

/** "Call a server" / "Ask for the bill": at most one open call of each kind per table. */
export const calls = sqliteTable(
  "calls",
  {
    id: text("id").primaryKey(),
    branchId: integer("branch_id").notNull(),
    stationId: text("station_id").notNull(),
    kind: text("kind", { enum: CALL_KINDS }).notNull(),
    status: text("status", { enum: ["open", "done"] }).notNull(),
    createdAt: text("created_at").notNull(),
    doneAt: text("done_at"),
  },
  (table) => [
    uniqueIndex("calls_open_per_kind")
      .on(table.stationId, table.kind)
      .where(sql`status = 'open'`),
    index("calls_branch_status").on(table.branchId, table.status),
  ],
);

/** A table's closed tab: its orders carry its id (`orders.tab_id`). Payments are recorded, not charged. */
export const tabs = sqliteTable(
  "tabs",
  {
    id: text("id").primaryKey(),
    branchId: integer("branch_id").notNull(),
    stationId: text("station_id").notNull(),
    paidWith: text("paid_with", { enum: PAYMENT_METHODS }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    closedAt: text("closed_at").notNull(),
  },
  (table) => [index("tabs_station").on(table.stationId, table.closedAt), index("tabs_branch_closed").on(table.branchId, table.closedAt)],
);

/** The kitchen boards on screen: each says so every ~20 s, so any instance knows which are online. */
export const kitchenBoards = sqliteTable(
  "kitchen_boards",
  {
    boardId: text("board_id").primaryKey(),
    branchId: integer("branch_id").notNull(),
    station: text("station", { enum: PREP_STATIONS }).notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
  },
  (table) => [index("kitchen_boards_branch").on(table.branchId, table.lastSeenAt)],
);

/** A phone at a table's shared cart: numbered in the order the server first heard from it. */
export interface CartPhone {
  phoneId: string;
  number: number;
  /** null: shown as "Phone <number>". */
  name: string | null;
  /** The `(at, op_id)` stamp of the operation that set the name (docs/decisions/0010). */
  stamp: string;
}

/** A table's shared cart: one per table, its version counting every change (for `cart.updated`). */
export const carts = sqliteTable("carts", {
  stationId: text("station_id").primaryKey(),
  branchId: integer("branch_id").notNull(),
  version: integer("version").notNull().default(0),
  updatedAt: text("updated_at").notNull(),
  phones: text("phones", { mode: "json" }).$type<CartPhone[]>().notNull().default(sql`'[]'`),
  /** The order the last submit made ("sent"); null after the cart is emptied. */
  lastOrderId: text("last_order_id"),
  /** The version whose lines the last submit sent. */
  submittedVersion: integer("submitted_version"),
  /** A submit in progress holds this lease: the cart is frozen at that version until it finishes or lapses. */
  submittingVersion: integer("submitting_version"),
  submittingAt: text("submitting_at"),
});

/** A line of a table's shared cart; its id is made by the phone that added it. */
export const cartLines = sqliteTable(
  "cart_lines",
  {
    stationId: text("station_id").notNull(),
    lineId: text("line_id").notNull(),
    phoneId: text("phone_id").notNull(),
    phoneName: text("phone_name").notNull(),
    productId: integer("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    options: text("options", { mode: "json" }).$type<number[]>().notNull(),
    note: text("note").notNull().default(""),
    addedAt: text("added_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Removed and submitted lines stay as tombstones, so a late change to them is a no-op. */
    status: text("status", { enum: ["open", "removed", "submitted"] }).notNull().default("open"),
    /** `<at>|<op_id>` of the operation that set the quantity: the last writer by this stamp wins. */
    stamp: text("stamp").notNull().default(""),
  },
  (table) => [primaryKey({ columns: [table.stationId, table.lineId] })],
);

/** Every cart operation applied, by the id its phone gave it, so a replayed operation applies once. */
export const cartOperations = sqliteTable(
  "cart_operations",
  {
    opId: text("op_id").primaryKey(),
    stationId: text("station_id").notNull(),
    appliedAt: text("applied_at").notNull(),
  },
  (table) => [index("cart_operations_station").on(table.stationId, table.appliedAt)],
);
