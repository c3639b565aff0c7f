/**
 * The database schema, defined once for both databases (`columns.ts` says how each kind of column is
 * stored on each; `schema-sqlite.ts` and `schema-pg.ts` are the two instances). Money is integer
 * cents; times are ISO-8601 UTC strings. Orders keep a snapshot of names and prices, so editing or
 * re-importing the menu never rewrites history.
 */
import { sql } from "drizzle-orm";
import {
  CALL_KINDS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PREP_AREAS,
  type Allergen,
  type Diet,
  type PrepArea,
  type TranslationLanguage,
} from "../../contract/menu";
import type { HappyHourWindow } from "../../contract/happy-hour";
import { ADJUSTMENT_KINDS, ADJUSTMENT_STATUSES } from "../../contract/check";
import { STAFF_ROLES } from "../../contract/roles";
import type { ServerEvents, Translation } from "../../contract/schemas";
import { PRINTER_STATUSES } from "../../contract/printers";
import type { Columns } from "./columns";

/** A kitchen or bar ticket, a ticket printed again from a board, a closed tab's bill, or a day's report. */
export const PRINT_JOB_KINDS = ["ticket", "reprint", "bill", "day_report"] as const;
export const PRINT_JOB_STATUSES = ["queued", "sending", "printed"] as const;

export type ProductTranslations = Partial<Record<TranslationLanguage, Translation>>;
/** An option group's or an option's name in the other languages. */
export type NameTranslations = Partial<Record<TranslationLanguage, { name: string }>>;

export interface OrderLineOptionSnapshot {
  id: number;
  name: string;
  priceCents: number;
}

/** A phone at a table's shared cart: numbered in the order the server first heard from it. */
export interface CartPhone {
  phoneId: string;
  number: number;
  /** null: shown as "Phone <number>". */
  name: string | null;
  /** The `(at, op_id)` stamp of the operation that set the name (docs/decisions/0010). */
  stamp: string;
}

export function defineTables(c: Columns) {
  const branches = c.table("branches", {
    id: c.integer("id").primaryKey(),
    name: c.text("name").notNull(),
    address: c.text("address").notNull(),
    /** Replaced whole by a PUT (api/branches); contract/happy-hour.ts reads them. */
    happyHours: c
      .json("happy_hours")
      .$type<HappyHourWindow[]>()
      .notNull()
      .default(sql`'[]'`),
    timeZone: c.text("time_zone").notNull().default("America/Toronto"),
    /** The HST registration number printed on receipts ("" = none on file: the line is left out). */
    hstNumber: c.text("hst_number").notNull().default(""),
  });

  const categories = c.table("categories", {
    key: c.text("key").primaryKey(),
    title: c.text("title").notNull(),
    position: c.integer("position").notNull(),
  });

  const products = c.table(
    "products",
    {
      id: c.serial("id"),
      branchId: c
        .integer("branch_id")
        .notNull()
        .references(() => branches.id),
      categoryKey: c
        .text("category_key")
        .notNull()
        .references(() => categories.key),
      name: c.text("name").notNull(),
      description: c.text("description").notNull().default(""),
      priceCents: c.integer("price_cents").notNull(),
      /** The price in the branch's happy hours; null: the regular price all day. */
      happyHourPriceCents: c.integer("happy_hour_price_cents"),
      available: c.boolean("available").notNull().default(true),
      weekday: c.integer("weekday"),
      position: c.integer("position").notNull().default(0),
      allergens: c
        .json("allergens")
        .$type<Allergen[]>()
        .notNull()
        .default(sql`'[]'`),
      diet: c
        .json("diet")
        .$type<Diet[]>()
        .notNull()
        .default(sql`'[]'`),
      prepArea: c.text("prep_station", { enum: PREP_AREAS }).notNull().default("kitchen"),
      prepMinutes: c.integer("prep_minutes").notNull().default(10),
      /** null = not counted; an accepted order counts it down, and at 0 the product sells out. */
      stock: c.integer("stock"),
      translations: c
        .json("translations")
        .$type<ProductTranslations>()
        .notNull()
        .default(sql`'{}'`),
    },
    (table) => [c.uniqueIndex("products_branch_category_name").on(table.branchId, table.categoryKey, table.name)],
  );

  const optionGroups = c.table(
    "option_groups",
    {
      id: c.serial("id"),
      productId: c
        .integer("product_id")
        .notNull()
        .references(() => products.id, { onDelete: "cascade" }),
      name: c.text("name").notNull(),
      exclusive: c.boolean("exclusive").notNull(),
      required: c.boolean("required").notNull(),
      position: c.integer("position").notNull().default(0),
      translations: c
        .json("translations")
        .$type<NameTranslations>()
        .notNull()
        .default(sql`'{}'`),
    },
    (table) => [c.uniqueIndex("option_groups_product_name").on(table.productId, table.name)],
  );

  const options = c.table(
    "options",
    {
      id: c.serial("id"),
      groupId: c
        .integer("group_id")
        .notNull()
        .references(() => optionGroups.id, { onDelete: "cascade" }),
      name: c.text("name").notNull(),
      priceCents: c.integer("price_cents").notNull().default(0),
      position: c.integer("position").notNull().default(0),
      translations: c
        .json("translations")
        .$type<NameTranslations>()
        .notNull()
        .default(sql`'{}'`),
    },
    (table) => [c.uniqueIndex("options_group_name").on(table.groupId, table.name)],
  );

  /**
   * One stored image of a dish photo (docs/decisions/0025-dish-photos.md): a WebP of one width, named
   * by the hash of its bytes, which `/api/photos/<hash>` serves with immutable caching. Shared by every
   * product that shows it; the transaction that leaves one shown by no product deletes it.
   */
  const photoVariants = c.table("photo_variants", {
    hash: c.text("hash").primaryKey(),
    contentType: c.text("content_type").notNull(),
    width: c.integer("width").notNull(),
    height: c.integer("height").notNull(),
    bytes: c.bytes("bytes").notNull(),
  });

  /** A product's photo: the stored widths it is shown in (none: no photo). They go with the product. */
  const productPhotos = c.table(
    "product_photos",
    {
      productId: c
        .integer("product_id")
        .notNull()
        .references(() => products.id, { onDelete: "cascade" }),
      variantHash: c
        .text("variant_hash")
        .notNull()
        .references(() => photoVariants.hash),
    },
    // The second index finds whether any product still shows a stored image.
    (table) => [c.primaryKey({ columns: [table.productId, table.variantHash] }), c.index("product_photos_variant").on(table.variantHash)],
  );

  // The tables parties sit at (decision 0015: "station" on the wire and in SQL, diningTable in code).
  const diningTables = c.table(
    "stations",
    {
      id: c.text("id").primaryKey(),
      branchId: c
        .integer("branch_id")
        .notNull()
        .references(() => branches.id),
      codename: c.text("codename").notNull(),
      capacity: c.integer("capacity").notNull(),
      createdAt: c.time("created_at").notNull().default(c.now),
      /** Where the table stands on the floor plan: its area ("Main", "Patio"…) and place in it, 0–1000 each way (null until placed). */
      area: c.text("area").notNull().default("Main"),
      positionX: c.integer("position_x"),
      positionY: c.integer("position_y"),
    },
    (table) => [c.index("stations_branch").on(table.branchId)],
  );

  const orders = c.table(
    "orders",
    {
      id: c.text("id").primaryKey(),
      branchId: c
        .integer("branch_id")
        .notNull()
        .references(() => branches.id),
      number: c.integer("number").notNull(),
      // No foreign key: a deleted station's past orders are kept.
      tableId: c.text("station_id").notNull(),
      tableCodename: c.text("station_codename").notNull(),
      status: c.text("status", { enum: ORDER_STATUSES }).notNull(),
      subtotalCents: c.integer("subtotal_cents").notNull(),
      taxCents: c.integer("tax_cents").notNull(),
      totalCents: c.integer("total_cents").notNull(),
      createdAt: c.time("created_at").notNull(),
      updatedAt: c.time("updated_at").notNull(),
      /** When a kitchen board first showed the order. */
      seenAt: c.time("seen_at"),
      /** When the last "no board has seen it" alarm went out, so that only one instance raises each. */
      unseenAlertedAt: c.time("unseen_alerted_at"),
      /**
       * For an order held past its table's limit: when staff released it (the kitchen's clocks, such as
       * the unseen alarm, start then) or turned it down. null for an order never held, or still held.
       */
      heldUntil: c.time("held_until"),
      /** The prep stations that have bumped the order. */
      bumped: c
        .json("bumped")
        .$type<PrepArea[]>()
        .notNull()
        .default(sql`'[]'`),
      estimatedReadyAt: c.time("estimated_ready_at"),
      /** null while on the table's open tab; the closed tab's id after. */
      tabId: c.text("tab_id"),
    },
    (table) => [
      c.uniqueIndex("orders_branch_number").on(table.branchId, table.number),
      c.index("orders_branch_status").on(table.branchId, table.status),
      // The per-table order limit counts a table's recent orders; the staff list filters by table.
      c.index("orders_station_created").on(table.tableId, table.createdAt),
      c.index("orders_branch_created").on(table.branchId, table.createdAt),
      c.index("orders_station_tab").on(table.tableId, table.tabId),
    ],
  );

  const orderLines = c.table(
    "order_lines",
    {
      orderId: c
        .text("order_id")
        .notNull()
        .references(() => orders.id, { onDelete: "cascade" }),
      position: c.integer("position").notNull(),
      // No foreign key: the line is a snapshot that survives menu edits.
      productId: c.integer("product_id").notNull(),
      name: c.text("name").notNull(),
      quantity: c.integer("quantity").notNull(),
      unitPriceCents: c.integer("unit_price_cents").notNull(),
      lineTotalCents: c.integer("line_total_cents").notNull(),
      options: c.json("options").$type<OrderLineOptionSnapshot[]>().notNull(),
      note: c.text("note").notNull().default(""),
      prepArea: c.text("prep_station", { enum: PREP_AREAS }).notNull().default("kitchen"),
    },
    (table) => [c.primaryKey({ columns: [table.orderId, table.position] })],
  );

  /**
   * Staff accounts. An account made before roles existed, and one made at start-up or by `npm run
   * staff:set`, is an owner (the default). `branch_ids` is ignored for owners: they work at every branch.
   */
  const staffUsers = c.table("staff_users", {
    id: c.serial("id"),
    email: c.text("email").notNull().unique(),
    passwordHash: c.text("password_hash").notNull(),
    createdAt: c.time("created_at").notNull().default(c.now),
    name: c.text("name").notNull().default(""),
    role: c.text("role", { enum: STAFF_ROLES }).notNull().default("owner"),
    branchIds: c
      .json("branch_ids")
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    active: c.boolean("active").notNull().default(true),
    /** The take-over PIN, hashed as passwords are (api/auth/passwords.ts); null = none. */
    pinHash: c.text("pin_hash"),
  });

  /** Who changed which staff account, menu item or price, and when (GET /api/audit_log, owners only). */
  const auditLog = c.table(
    "audit_log",
    {
      id: c.serial("id"),
      at: c.time("at").notNull(),
      /** No foreign key: the entry outlives the account. */
      actorId: c.integer("actor_id"),
      actorEmail: c.text("actor_email"),
      branchId: c.integer("branch_id"),
      action: c.text("action").notNull(),
      target: c.text("target").notNull(),
      details: c
        .json("details")
        .$type<Record<string, unknown>>()
        .notNull()
        .default(sql`'{}'`),
    },
    (table) => [c.index("audit_log_branch").on(table.branchId, table.id)],
  );

  const sessions = c.table(
    "sessions",
    {
      // SHA-256 of the token: a stolen database does not yield usable tokens.
      tokenHash: c.text("token_hash").primaryKey(),
      userId: c
        .integer("user_id")
        .notNull()
        .references(() => staffUsers.id, { onDelete: "cascade" }),
      createdAt: c.time("created_at").notNull(),
      expiresAt: c.time("expires_at").notNull(),
    },
    (table) => [c.index("sessions_user").on(table.userId)],
  );

  const idempotencyKeys = c.table("idempotency_keys", {
    key: c.text("key").primaryKey(),
    requestHash: c.text("request_hash").notNull(),
    statusCode: c.integer("status_code").notNull(),
    responseBody: c.text("response_body").notNull(),
    createdAt: c.time("created_at").notNull(),
  });

  /**
   * An append-only log of what changed, for the live streams: its id is the SSE event id, so a client
   * that reconnects with Last-Event-ID gets exactly what it missed. On PostgreSQL an id is drawn when
   * the row is inserted, not when its transaction commits, so appends are serialised
   * (`lockInTransaction(tx, "eventAppend")`) for ids to become visible in increasing order.
   */
  const events = c.table(
    "events",
    {
      id: c.bigSerial("id"),
      branchId: c.integer("branch_id").notNull(),
      type: c.text("type").$type<keyof ServerEvents>().notNull(),
      orderId: c.text("order_id"),
      /** The table an event concerns (its orders, its calls), for the diner's station stream. */
      tableId: c.text("station_id"),
      payload: c.text("payload").notNull(),
      createdAt: c.time("created_at").notNull(),
    },
    // One index per stream's catch-up query (Last-Event-ID), one for a table's visit markers (read by
    // every order and cart change: without it the lookup walks back over the whole visit's events), and
    // one for pruning by age.
    (table) => [
      c.index("events_branch").on(table.branchId, table.id),
      c.index("events_branch_type").on(table.branchId, table.type, table.id),
      c.index("events_order").on(table.orderId, table.id),
      c.index("events_station").on(table.tableId, table.id),
      c.index("events_station_type").on(table.tableId, table.type, table.id),
      c.index("events_created").on(table.createdAt),
    ],
  );

  /**
   * Failed sign-in attempts per (e-mail, client address), in fixed windows. Counted with one atomic
   * upsert before the password hash runs, so concurrent guesses cannot race past the limit, and shared
   * by every instance on the database. The key is a hash: the table never holds a typed e-mail.
   */
  const loginAttempts = c.table("login_attempts", {
    key: c.text("key").primaryKey(),
    attempts: c.integer("attempts").notNull(),
    /** Epoch milliseconds at which this window's count is forgotten. */
    windowEndsAt: c.epochMs("window_ends_at").notNull(),
  });

  /**
   * Secrets the server generates for itself on first start, shared by every instance on the database
   * (e.g. `device_cookie`, the HMAC key of staff device cookies: api/auth/device-cookie.ts).
   */
  const serverSecrets = c.table("server_secrets", {
    name: c.text("name").primaryKey(),
    value: c.text("value").notNull(),
  });

  /** "Call a server" / "Ask for the bill": at most one open call of each kind per table. */
  const calls = c.table(
    "calls",
    {
      id: c.text("id").primaryKey(),
      branchId: c.integer("branch_id").notNull(),
      tableId: c.text("station_id").notNull(),
      kind: c.text("kind", { enum: CALL_KINDS }).notNull(),
      status: c.text("status", { enum: ["open", "done"] }).notNull(),
      createdAt: c.time("created_at").notNull(),
      doneAt: c.time("done_at"),
    },
    (table) => [
      c
        .uniqueIndex("calls_open_per_kind")
        .on(table.tableId, table.kind)
        .where(sql`status = 'open'`),
      c.index("calls_branch_status").on(table.branchId, table.status),
    ],
  );

  /** A table's closed tab: its orders carry its id (`orders.tab_id`). Payments are recorded, not charged. */
  const tabs = c.table(
    "tabs",
    {
      id: c.text("id").primaryKey(),
      branchId: c.integer("branch_id").notNull(),
      tableId: c.text("station_id").notNull(),
      paidWith: c.text("paid_with", { enum: PAYMENT_METHODS }).notNull(),
      subtotalCents: c.integer("subtotal_cents").notNull(),
      taxCents: c.integer("tax_cents").notNull(),
      totalCents: c.integer("total_cents").notNull(),
      /** What came off the subtotal (docs/decisions/0028): tax is on subtotal − these. */
      discountsCents: c.integer("discounts_cents").notNull().default(0),
      compsCents: c.integer("comps_cents").notNull().default(0),
      voidsCents: c.integer("voids_cents").notNull().default(0),
      closedAt: c.time("closed_at").notNull(),
    },
    (table) => [
      c.index("tabs_station").on(table.tableId, table.closedAt),
      c.index("tabs_branch_closed").on(table.branchId, table.closedAt),
    ],
  );

  /**
   * A discount, comp or void on a tab (docs/decisions/0028-the-check.md). A tab's id is its first
   * order's id while it is open, and stays its id once closed. `percent` or `amount_cents` (neither:
   * the whole line); a floor account's waits `pending` for a manager's PIN.
   */
  const tabAdjustments = c.table(
    "tab_adjustments",
    {
      id: c.text("id").primaryKey(),
      tabId: c.text("tab_id").notNull(),
      branchId: c.integer("branch_id").notNull(),
      tableId: c.text("station_id").notNull(),
      kind: c.text("kind", { enum: ADJUSTMENT_KINDS }).notNull(),
      /** `<order id>.<line position>`; null: the whole check. */
      lineId: c.text("line_id"),
      percent: c.integer("percent"),
      amountCents: c.integer("amount_cents"),
      reason: c.text("reason").notNull(),
      status: c.text("status", { enum: ADJUSTMENT_STATUSES }).notNull(),
      requestedById: c.integer("requested_by_id").notNull(),
      requestedBy: c.text("requested_by").notNull(),
      approvedById: c.integer("approved_by_id"),
      approvedBy: c.text("approved_by"),
      createdAt: c.time("created_at").notNull(),
      decidedAt: c.time("decided_at"),
    },
    (table) => [
      c.index("tab_adjustments_tab").on(table.tabId, table.createdAt),
      c.index("tab_adjustments_branch").on(table.branchId, table.decidedAt),
    ],
  );

  /** A payment recorded on a tab (cards are taken on the restaurant's own terminal): what went to the check, the tip, the change. */
  const tabPayments = c.table(
    "tab_payments",
    {
      id: c.text("id").primaryKey(),
      tabId: c.text("tab_id").notNull(),
      branchId: c.integer("branch_id").notNull(),
      tableId: c.text("station_id").notNull(),
      method: c.text("method", { enum: PAYMENT_METHODS }).notNull(),
      amountCents: c.integer("amount_cents").notNull(),
      tipCents: c.integer("tip_cents").notNull().default(0),
      /** Cash handed over; null for a card or other. */
      tenderedCents: c.integer("tendered_cents"),
      changeCents: c.integer("change_cents").notNull().default(0),
      /** The lines paid by items (their shares, tax included); empty for an amount or an equal part. */
      lineIds: c
        .json("line_ids")
        .$type<string[]>()
        .notNull()
        .default(sql`'[]'`),
      takenById: c.integer("taken_by_id").notNull(),
      takenBy: c.text("taken_by").notNull(),
      createdAt: c.time("created_at").notNull(),
    },
    (table) => [
      c.index("tab_payments_tab").on(table.tabId, table.createdAt),
      c.index("tab_payments_branch").on(table.branchId, table.createdAt),
    ],
  );

  /** Money given back on a payment of a closed tab, by the payment's method; never more than the payment. */
  const tabRefunds = c.table(
    "tab_refunds",
    {
      id: c.text("id").primaryKey(),
      paymentId: c.text("payment_id").notNull(),
      tabId: c.text("tab_id").notNull(),
      branchId: c.integer("branch_id").notNull(),
      method: c.text("method", { enum: PAYMENT_METHODS }).notNull(),
      amountCents: c.integer("amount_cents").notNull(),
      reason: c.text("reason").notNull(),
      byId: c.integer("by_id").notNull(),
      by: c.text("by").notNull(),
      createdAt: c.time("created_at").notNull(),
    },
    (table) => [c.index("tab_refunds_payment").on(table.paymentId), c.index("tab_refunds_branch").on(table.branchId, table.createdAt)],
  );

  /** A tab split equally: `ways` parts of the balance, of which the payments after the first `payments_before` paid some. */
  const tabSplits = c.table("tab_splits", {
    tabId: c.text("tab_id").primaryKey(),
    ways: c.integer("ways").notNull(),
    paymentsBefore: c.integer("payments_before").notNull(),
    createdAt: c.time("created_at").notNull(),
  });

  /** The cash a manager counted in a branch's drawer at the end of its day (the branch's time zone). */
  const cashCounts = c.table(
    "cash_counts",
    {
      branchId: c.integer("branch_id").notNull(),
      day: c.text("day").notNull(),
      countedCents: c.integer("counted_cents").notNull(),
      countedById: c.integer("counted_by_id").notNull(),
      countedAt: c.time("counted_at").notNull(),
    },
    (table) => [c.primaryKey({ columns: [table.branchId, table.day] })],
  );

  /** The kitchen boards on screen: each says so every ~20 s, so any instance knows which are online. */
  const kitchenBoards = c.table(
    "kitchen_boards",
    {
      boardId: c.text("board_id").primaryKey(),
      branchId: c.integer("branch_id").notNull(),
      prepArea: c.text("station", { enum: PREP_AREAS }).notNull(),
      lastSeenAt: c.time("last_seen_at").notNull(),
    },
    (table) => [c.index("kitchen_boards_branch").on(table.branchId, table.lastSeenAt)],
  );

  /** A table's shared cart: one per table, its version counting every change (for `cart.updated`). */
  const carts = c.table("carts", {
    tableId: c.text("station_id").primaryKey(),
    branchId: c.integer("branch_id").notNull(),
    version: c.integer("version").notNull().default(0),
    updatedAt: c.time("updated_at").notNull(),
    phones: c
      .json("phones")
      .$type<CartPhone[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The order the last submit made ("sent"); null after the cart is emptied. */
    lastOrderId: c.text("last_order_id"),
    /** The version whose lines the last submit sent. */
    submittedVersion: c.integer("submitted_version"),
    /** A submit in progress holds this lease: the cart is frozen at that version until it finishes or lapses. */
    submittingVersion: c.integer("submitting_version"),
    submittingAt: c.time("submitting_at"),
  });

  /** A line of a table's shared cart; its id is made by the phone that added it. */
  const cartLines = c.table(
    "cart_lines",
    {
      tableId: c.text("station_id").notNull(),
      lineId: c.text("line_id").notNull(),
      phoneId: c.text("phone_id").notNull(),
      phoneName: c.text("phone_name").notNull(),
      productId: c.integer("product_id").notNull(),
      quantity: c.integer("quantity").notNull(),
      options: c.json("options").$type<number[]>().notNull(),
      note: c.text("note").notNull().default(""),
      addedAt: c.time("added_at").notNull(),
      updatedAt: c.time("updated_at").notNull(),
      /** Removed and submitted lines stay as tombstones, so a late change to them is a no-op. */
      status: c
        .text("status", { enum: ["open", "removed", "submitted"] })
        .notNull()
        .default("open"),
      /** `<at>|<op_id>` of the operation that set the quantity: the last writer by this stamp wins. */
      stamp: c.text("stamp").notNull().default(""),
      /** The order a submitted line went out in: the table's phones show who added each of its lines. */
      orderId: c.text("order_id"),
    },
    (table) => [c.primaryKey({ columns: [table.tableId, table.lineId] })],
  );

  /** Every cart operation applied, by the id its phone gave it, so a replayed operation applies once. */
  const cartOperations = c.table(
    "cart_operations",
    {
      opId: c.text("op_id").primaryKey(),
      tableId: c.text("station_id").notNull(),
      appliedAt: c.time("applied_at").notNull(),
    },
    (table) => [c.index("cart_operations_station").on(table.tableId, table.appliedAt)],
  );

  /** A network printer (ESC/POS over raw TCP) at a prep station; `receipts` ones also print closed tabs' bills. */
  const printers = c.table(
    "printers",
    {
      id: c.serial("id"),
      branchId: c
        .integer("branch_id")
        .notNull()
        .references(() => branches.id),
      name: c.text("name").notNull(),
      host: c.text("host").notNull(),
      port: c.integer("port").notNull(),
      prepArea: c.text("prep_station", { enum: PREP_AREAS }).notNull(),
      receipts: c.boolean("receipts").notNull().default(false),
      /** As the dispatchers last found it; a change is announced once (`printer.offline` / `printer.online`). */
      status: c.text("status", { enum: PRINTER_STATUSES }).notNull().default("unknown"),
      statusChangedAt: c.time("status_changed_at"),
      createdAt: c.time("created_at").notNull(),
    },
    (table) => [c.index("printers_branch").on(table.branchId)],
  );

  /**
   * A ticket or bill to print, written in the transaction that accepted the order or closed the tab, so
   * a printer that is off keeps it until it is back. A dispatcher claims one with an atomic update
   * (`queued`, or `sending` whose lease lapsed → `sending` under its own claim token and lease), sends it,
   * and marks it `printed` once the printer's socket took the bytes and closed (docs/decisions/0021).
   */
  const printJobs = c.table(
    "print_jobs",
    {
      id: c.serial("id"),
      printerId: c
        .integer("printer_id")
        .notNull()
        .references(() => printers.id, { onDelete: "cascade" }),
      branchId: c.integer("branch_id").notNull(),
      /** The order a ticket is for; null for a bill. */
      orderId: c.text("order_id"),
      kind: c.text("kind", { enum: PRINT_JOB_KINDS }).notNull(),
      /** The ticket as a ReceiptLine document, turned into ESC/POS when sent. */
      document: c.text("document").notNull(),
      status: c.text("status", { enum: PRINT_JOB_STATUSES }).notNull().default("queued"),
      attempts: c.integer("attempts").notNull().default(0),
      /** Not tried again before this (backoff after a failed attempt). */
      notBefore: c.time("not_before").notNull(),
      /** Whose claim a `sending` job is under, and until when: a crashed sender's lapses and another takes it. */
      claimToken: c.text("claim_token"),
      leaseUntil: c.time("lease_until"),
      createdAt: c.time("created_at").notNull(),
      printedAt: c.time("printed_at"),
    },
    (table) => [
      c.index("print_jobs_printer_status").on(table.printerId, table.status, table.id),
      c.index("print_jobs_status_due").on(table.status, table.notBefore),
    ],
  );

  /**
   * An e-mail to send (a receipt), written in the transaction that asked for it, so a mail server that
   * is down never blocks the check: the mailer claims a due one with an atomic update (as print jobs
   * are claimed), hands it to SMTP, and marks it `sent`; a refusal puts it back with a backoff.
   */
  const mailOutbox = c.table(
    "mail_outbox",
    {
      id: c.serial("id"),
      branchId: c.integer("branch_id").notNull(),
      /** The table whose visit asked for it (a diner's request: at most a few per visit); null when staff did. */
      tableId: c.text("station_id"),
      /** The `visit.started` event id of that visit. */
      visitId: c.integer("visit_id"),
      kind: c.text("kind", { enum: ["receipt"] }).notNull(),
      recipient: c.text("recipient").notNull(),
      subject: c.text("subject").notNull(),
      html: c.text("html").notNull(),
      text: c.text("text").notNull(),
      status: c
        .text("status", { enum: ["queued", "sending", "sent"] })
        .notNull()
        .default("queued"),
      attempts: c.integer("attempts").notNull().default(0),
      notBefore: c.time("not_before").notNull(),
      claimToken: c.text("claim_token"),
      leaseUntil: c.time("lease_until"),
      lastError: c.text("last_error"),
      createdAt: c.time("created_at").notNull(),
      sentAt: c.time("sent_at"),
    },
    (table) => [
      c.index("mail_outbox_status_due").on(table.status, table.notBefore),
      c.index("mail_outbox_station_visit").on(table.tableId, table.visitId),
    ],
  );

  return {
    branches,
    categories,
    products,
    optionGroups,
    options,
    photoVariants,
    productPhotos,
    diningTables,
    orders,
    orderLines,
    staffUsers,
    sessions,
    auditLog,
    idempotencyKeys,
    events,
    loginAttempts,
    serverSecrets,
    calls,
    tabs,
    tabAdjustments,
    tabPayments,
    tabRefunds,
    tabSplits,
    cashCounts,
    kitchenBoards,
    carts,
    cartLines,
    cartOperations,
    printers,
    printJobs,
    mailOutbox,
  };
}
