/**
 * The HTTP contract's shapes (../shared/API.md) as zod schemas, requests and answers alike; each type is
 * the schema's `z.infer`. endpoints.ts says which endpoint takes and answers which. The server
 * validates with the schemas; the web app imports only the types (`import type`), so zod stays out of
 * the diner's bundle.
 */
import { z } from "zod";
import {
  AREA_MAX,
  CAPACITY_MAX,
  CAPACITY_MIN,
  cleanCodename,
  CODENAME_MAX,
  EMAIL_MAX,
  FLOOR_SIZE,
  LOGIN_MESSAGES,
  PASSWORD_MAX,
} from "./form-rules";
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN, UUID_PATTERN } from "./ids";
import {
  ALLERGENS,
  CALL_KINDS,
  CATEGORY_KEYS,
  DIETS,
  LINE_NOTE_MAX,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PREP_AREAS,
  TRANSLATION_LANGUAGES,
  WEEKDAY_NAMES,
  isBranchId,
} from "./menu";
import { HAPPY_HOURS_MAX, minutesOfDay, TIME_OF_DAY_PATTERN } from "./happy-hour";
import { DECIMAL_PRICE } from "./money";
import { ADJUSTMENT_KINDS, ADJUSTMENT_STATUSES, MAX_PAYMENT_CENTS, REASON_MAX_LENGTH, SPLIT_WAYS_MAX, SPLIT_WAYS_MIN } from "./check";
import { DEFAULT_PRINTER_PORT, isPrinterHost, isPrinterPort, PRINTER_NAME_MAX, PRINTER_STATUSES } from "./printers";
import { isIsoDay } from "./restaurant-time";
import { PIN_PATTERN, STAFF_ROLES } from "./roles";

// ---------- the shared rules ----------
const uuidSchema = z.string().regex(UUID_PATTERN, "must be a UUID");
/** An id in a path or a filter: any case in, lower-case out (ids are stored lower-case). */
const storedUuid = uuidSchema.transform((value) => value.toLowerCase());
const branchId = z.number().int("branch_id must be a whole number").positive("branch_id must be positive");
/** A branch id in a query string. Digits only: Number() would also read "0x1" or "1e0" as branch 1. */
export const branchIdSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "branch_id is required" : "branch_id must be a whole number") })
  .regex(/^\d{1,9}$/, "branch_id must be a whole number")
  .transform(Number)
  .pipe(branchId);
const money = z.string().regex(DECIMAL_PRICE, "must be a price like 15.99");
const weekday = z.number().int().min(1).max(WEEKDAY_NAMES.length);
const orderStatus = z.enum(ORDER_STATUSES);
const prepArea = z.enum(PREP_AREAS);
/** A calendar day in the restaurant's time zone, as a report's range names it. */
const DAY_MESSAGE = "must be a date like 2026-11-23";
/** The pattern is published (OpenAPI); the calendar check (no 30 February) then runs on what passes it. */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DAY_MESSAGE, abort: true })
  .refine(isIsoDay, DAY_MESSAGE);
const stockCount = z.number().int("stock must be a whole number").min(0, "stock is 0 or more").max(9999, "stock is at most 9999");

// ---------- path parameters and queries ----------
export const uuidParams = z.object({ id: storedUuid });
export const productIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
});
/** A stored photo's name: the first 128 bits of its bytes' SHA-256, in hex (api/menu/photo-processing.ts). */
export const photoHashParams = z.object({ hash: z.string().regex(/^[0-9a-f]{32}$/) });
export const branchQuerySchema = z.object({ branch_id: branchIdSchema });
export const branchParams = z.object({ id: branchIdSchema });
/** `dry_run=1`; a value that is neither yes nor no is refused rather than read as "import for real". */
export const csvUploadQuerySchema = branchQuerySchema.extend({
  dry_run: z
    .enum(["0", "1", "false", "true"], "dry_run must be 1 or 0")
    .transform((value) => value === "1" || value === "true")
    .optional(),
});
const anyStatus = `(?:${ORDER_STATUSES.join("|")})`;
/** One status or several, comma-separated, spaces around them allowed: the published pattern and the check. */
const STATUS_LIST = new RegExp(`^ *${anyStatus} *(?:, *${anyStatus} *)*$`);
/**
 * `status` takes one status or several, comma-separated ("received,preparing,ready");
 * `station_id` one table, in any case.
 */
export const orderListQuerySchema = z.object({
  branch_id: branchIdSchema,
  status: z
    .string()
    .regex(STATUS_LIST, `status must be one or more of ${ORDER_STATUSES.join(", ")}, separated by commas`)
    .transform((value) => value.split(",").map((part) => part.trim()))
    .pipe(z.array(orderStatus).min(1))
    .optional(),
  station_id: storedUuid.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
/**
 * A report's days, both inclusive, at most a year apart. How the two days relate is checked only when
 * both are days: a bad `from` is reported for what it is, nothing more.
 */
const bothDays = (query: { from: string; to: string }) => isIsoDay(query.from) && isIsoDay(query.to);
export const reportQuerySchema = z
  .object({ branch_id: branchIdSchema, from: isoDay, to: isoDay })
  .refine((query) => !bothDays(query) || query.from <= query.to, { message: "from must not be after to", path: ["from"] })
  .refine((query) => !bothDays(query) || Date.parse(query.to) - Date.parse(query.from) <= 366 * 86_400_000, {
    message: "a report covers at most a year",
    path: ["to"],
  });
export const diningTableCreateQuerySchema = z.object({ branch_id: branchIdSchema.optional() });

/** Sent with every order, so a retried order is placed once (API.md "Orders"). */
export const idempotencyHeadersSchema = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, `Idempotency-Key must be 1–${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`)
    .optional(),
});

// ---------- request bodies ----------
export const loginBodySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX).email(LOGIN_MESSAGES.email),
  password: z.string().min(1, LOGIN_MESSAGES.password).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

const codename = z
  .string()
  .transform(cleanCodename)
  .pipe(z.string().min(1, "codename must not be blank").max(CODENAME_MAX, `codename is at most ${CODENAME_MAX} characters`));
const capacity = z.number().int("capacity must be a whole number").min(CAPACITY_MIN).max(CAPACITY_MAX);
/** Where a table stands on its area's floor plan, 0–1000 each way (null until placed). */
const floorCoordinate = z.number().int("a position is whole numbers").min(0).max(FLOOR_SIZE);
export const floorPositionSchema = z.object({ x: floorCoordinate, y: floorCoordinate });
export type FloorPosition = z.infer<typeof floorPositionSchema>;
const area = z
  .string()
  .transform(cleanCodename)
  .pipe(z.string().min(1, "area must not be blank").max(AREA_MAX, `area is at most ${AREA_MAX} characters`));
export const diningTableCreateSchema = z.object({ codename, capacity, branch_id: branchId.optional(), area: area.optional() });
export const diningTableUpdateSchema = z
  .object({
    codename: codename.optional(),
    capacity: capacity.optional(),
    area: area.optional(),
    /** null takes the table off the plan. */
    position: floorPositionSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "send codename, capacity, area and/or position",
  });
export type DiningTableCreate = z.infer<typeof diningTableCreateSchema>;
export type DiningTableUpdate = z.infer<typeof diningTableUpdateSchema>;

/** Sold out / back on, and the stock count (null = not counted). */
export const productPatchSchema = z
  .object({ available: z.boolean().optional(), stock: stockCount.nullable().optional() })
  .refine((body) => body.available !== undefined || body.stock !== undefined, { message: "send available and/or stock" })
  .refine((body) => !(body.available === true && body.stock === 0), {
    message: "a stock of 0 is sold out; it cannot be available",
    path: ["stock"],
  });
export type ProductPatch = z.infer<typeof productPatchSchema>;

/**
 * A product as the menu editor sends it (POST: a new one; PUT: the fields it changes, the rest keep
 * their values). Types only here: the rules (price format, lengths, tags, happy-hour price below the
 * price…) are the CSV's (api/menu/menu-csv.ts), so the editor and an upload answer the same messages.
 */
/** An option group's or option's name in other languages; absent on a PUT: the names it had are kept. */
const editorNameTranslations = z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.object({ name: z.string().max(1000) })).optional();
const editorOptionSchema = z.object({
  id: z.number().optional(),
  name: z.string().max(1000),
  price: z.string().max(100),
  translations: editorNameTranslations,
});
const editorGroupSchema = z.object({
  exclusive: z.boolean(),
  required: z.boolean(),
  options: z.array(editorOptionSchema).max(100),
  translations: editorNameTranslations,
});
const productInputFields = {
  category: z.string().max(100),
  name: z.string().max(1000),
  description: z.string().max(5000).optional(),
  price: z.string().max(100),
  happy_hour_price: z.string().max(100).nullable().optional(),
  available: z.boolean().optional(),
  weekday: z.number().int().nullable().optional(),
  customizations: z.record(z.string().max(1000), editorGroupSchema).optional(),
  allergens: z.array(z.string().max(100)).max(50).optional(),
  diet: z.array(z.string().max(100)).max(50).optional(),
  prep_station: z.string().max(100).optional(),
  prep_minutes: z.number().int().optional(),
  stock: z.number().int().nullable().optional(),
  translations: z
    .partialRecord(z.enum(TRANSLATION_LANGUAGES), z.object({ name: z.string().max(1000), description: z.string().max(5000) }))
    .optional(),
};
export const productCreateSchema = z.object(productInputFields);
export const productReplaceSchema = z.object(productInputFields).partial();
export type ProductInput = z.infer<typeof productReplaceSchema>;
export type ProductCreate = z.infer<typeof productCreateSchema>;
/** The new order of one category's products: every product of it, each once. */
export const productReorderSchema = z.object({ category: z.enum(CATEGORY_KEYS), product_ids: z.array(z.number().int()).max(500) });
export type ProductReorder = z.infer<typeof productReorderSchema>;

/** A branch's happy hours (contract/happy-hour.ts); a PUT replaces them all, `[]` for none. */
const timeOfDay = (field: "from" | "to") => z.string().regex(TIME_OF_DAY_PATTERN, `${field} is a time like 14:00 (00:00 to 23:59)`);
export const happyHourWindowSchema = z
  .object({
    weekdays: z
      .array(
        z
          .number()
          .int("weekdays are 1 (Monday) to 7 (Sunday)")
          .min(1, "weekdays are 1 (Monday) to 7 (Sunday)")
          .max(7, "weekdays are 1 (Monday) to 7 (Sunday)"),
      )
      .min(1, "name at least one weekday")
      .refine((days) => new Set(days).size === days.length, "name each weekday once"),
    from: timeOfDay("from"),
    to: timeOfDay("to"),
  })
  .refine(
    (window) =>
      !TIME_OF_DAY_PATTERN.test(window.from) || !TIME_OF_DAY_PATTERN.test(window.to) || minutesOfDay(window.from) < minutesOfDay(window.to),
    {
      message: "to must be later than from, on the same day",
      path: ["to"],
    },
  );
export const happyHoursSchema = z.array(happyHourWindowSchema).max(HAPPY_HOURS_MAX, `at most ${HAPPY_HOURS_MAX} windows`);
export type HappyHours = z.infer<typeof happyHoursSchema>;

export const MAX_ORDER_LINES = 100;
export const orderLineInputSchema = z.object({
  id: z.number().int().positive(),
  quantity: z.number().int("quantity must be a whole number").min(1, "quantity must be 1–99").max(99, "quantity must be 1–99"),
  selectedCustomizations: z.array(z.number().int().positive()).max(50).default([]),
  customizedPrice: z.string().regex(DECIMAL_PRICE, "customizedPrice must be a price like 15.99").optional(),
  /** For the kitchen ("no onions"); blank is no note. */
  note: z.string().trim().max(LINE_NOTE_MAX, `note is at most ${LINE_NOTE_MAX} characters`).optional(),
});
export const orderCreateSchema = z.object({
  products: z.array(orderLineInputSchema).min(1, "the order has no lines").max(MAX_ORDER_LINES),
  station_id: uuidSchema,
  branch_id: branchId,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/**
 * One change at a time: a status, a prep station's bump (the order is ready once every station of its
 * lines has bumped it), or the recall of a station's bump. `received` releases a held order.
 */
export const orderPatchSchema = z
  .object({
    status: z.enum(["received", "preparing", "ready", "served", "cancelled"]).optional(),
    bumped: prepArea.optional(),
    recalled: prepArea.optional(),
  })
  .refine((body) => [body.status, body.bumped, body.recalled].filter((value) => value !== undefined).length === 1, {
    message: "send one of status, bumped or recalled",
  });
export type OrderPatch = z.infer<typeof orderPatchSchema>;

// ---------- answers ----------
export const apiErrorDetailSchema = z.looseObject({
  line: z.number().optional(),
  column: z.string().optional(),
  path: z.string().optional(),
  message: z.string(),
});
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.array(apiErrorDetailSchema).optional() }),
});
export type ApiErrorDetail = z.infer<typeof apiErrorDetailSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The POST /orders refusals a client acts on: one detail per order line, `index` into the request's `products`. */
const orderLineDetailSchema = z.object({ index: z.number(), product_id: z.number(), message: z.string() });
/** 409 `sold_out`: the line's product is switched off. */
export const soldOutDetailSchema = orderLineDetailSchema.extend({ name: z.string(), left: z.number().optional() });
/** 409 `not_available_today`: a daily special ordered on another day; `weekday` is its day. */
export const notTodayDetailSchema = soldOutDetailSchema.extend({ weekday });
/** 409 `price_changed`: the line's customizedPrice (`sent_price`) is not the server's unit price (`price`) any more. */
export const priceChangedDetailSchema = soldOutDetailSchema.extend({ sent_price: z.string(), price: money });
export type SoldOutDetail = z.infer<typeof soldOutDetailSchema>;
export type NotTodayDetail = z.infer<typeof notTodayDetailSchema>;
export type PriceChangedDetail = z.infer<typeof priceChangedDetailSchema>;

const customizationOptionSchema = z.object({ id: z.number(), name: z.string(), price: money });
const translationSchema = z.object({ name: z.string(), description: z.string() });
export type Translation = z.infer<typeof translationSchema>;
/** An option group's or an option's name in Filipino and Chinese; absent where none. */
const nameTranslationsSchema = z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.object({ name: z.string() }));
export type NameTranslations = z.infer<typeof nameTranslationsSchema>;
const menuOptionSchema = customizationOptionSchema.extend({ translations: nameTranslationsSchema.optional() });
const customizationGroupSchema = z.object({
  exclusive: z.boolean(),
  required: z.boolean(),
  options: z.array(menuOptionSchema),
  translations: nameTranslationsSchema.optional(),
});
/**
 * A dish's photo, for an `<img>`: `srcset` lists every stored width (WebP, `/api/photos/<hash> 640w`),
 * `url` is the one about 640 px across (or the largest there is), and `width` × `height` is the size
 * of `url`'s image, so a page can reserve its space before it loads. `alt` is the dish's name.
 */
export const photoSchema = z.object({ url: z.string(), srcset: z.string(), width: z.number(), height: z.number(), alt: z.string() });
export type Photo = z.infer<typeof photoSchema>;
export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: money,
  /**
   * The base price in the branch's happy hours (below `price`); null: the same price all day. The
   * server always sends it; a menu a phone cached before happy hours existed has none.
   */
  happy_hour_price: money.nullable().optional(),
  available: z.boolean(),
  /** Specials only. */
  weekday: weekday.optional(),
  customizations: z.record(z.string(), customizationGroupSchema),
  allergens: z.array(z.enum(ALLERGENS)),
  diet: z.array(z.enum(DIETS)),
  prep_station: prepArea,
  prep_minutes: z.number(),
  /** null = not counted. */
  stock: z.number().nullable(),
  /** Absent where none. */
  translations: z.partialRecord(z.enum(TRANSLATION_LANGUAGES), translationSchema).optional(),
  /** null: no photo. The server always sends it; a menu a phone cached before photos existed has none. */
  photo: photoSchema.nullable().optional(),
});
export const menuSchema = z.record(z.enum(CATEGORY_KEYS), z.array(productSchema));
export type CustomizationGroup = z.infer<typeof customizationGroupSchema>;
export type MenuOption = z.infer<typeof menuOptionSchema>;
export type Product = z.infer<typeof productSchema>;
/** A created or edited product: as in the menu, with its category. */
export const editedProductSchema = productSchema.extend({ category: z.enum(CATEGORY_KEYS) });
export type EditedProduct = z.infer<typeof editedProductSchema>;
export type Menu = z.infer<typeof menuSchema>;

export const diningTableSchema = z.object({
  id: z.string(),
  codename: z.string(),
  capacity: z.number(),
  branch_id: z.number(),
  area: z.string(),
  position: floorPositionSchema.nullable(),
});
export const publicDiningTableSchema = diningTableSchema.pick({ id: true, codename: true, branch_id: true });
export type DiningTable = z.infer<typeof diningTableSchema>;
export type PublicDiningTable = z.infer<typeof publicDiningTableSchema>;

const orderLineSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  quantity: z.number(),
  unit_price: money,
  options: z.array(customizationOptionSchema),
  line_total: money,
  /** Present when the diner wrote one. */
  note: z.string().optional(),
  prep_station: prepArea,
});
export const orderSchema = z.object({
  id: z.string(),
  number: z.number(),
  status: orderStatus,
  station_id: z.string(),
  /** The table's codename when the station still exists (a convenience for the kitchen board). */
  station_codename: z.string().nullable().optional(),
  branch_id: z.number(),
  lines: z.array(orderLineSchema),
  subtotal: money,
  tax: money,
  total: money,
  created_at: z.string(),
  updated_at: z.string().optional(),
  /** When a kitchen board first showed the order ("The kitchen has your order"); null until then. */
  seen_at: z.string().nullable(),
  /** The prep stations that have bumped the order. */
  bumped: z.array(prepArea),
  /** From the lines' prep minutes and the kitchen's queue when the order was placed. */
  estimated_ready_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
/**
 * An order as its public views show it (`GET /api/orders/{id}`, `/api/orders/{id}/events`): without
 * `station_id`, the table's permanent key — an order's id must not open the table's later visits.
 */
export const publicOrderSchema = orderSchema.omit({ station_id: true });
export type PublicOrder = z.infer<typeof publicOrderSchema>;

/** The order without its table's key. */
export function publicOrder(order: Order): PublicOrder {
  const { station_id: _stationId, ...rest } = order;
  return rest;
}

export const branchSchema = z.object({ id: z.number(), name: z.string(), happy_hours: happyHoursSchema, time_zone: z.string() });
export type Branch = z.infer<typeof branchSchema>;

export const loginResponseSchema = z.object({ access_token: z.string() });
// ---------- staff accounts (API.md "Running the restaurant") ----------
const staffRole = z.enum(STAFF_ROLES);
const staffName = z.string().trim().min(1, "name must not be blank").max(80, "name is at most 80 characters");
/** The branches an account works at: known branches, each once. An owner works at every branch whatever it lists. */
const staffBranchIds = z
  .array(branchId.refine(isBranchId, "there is no such branch"))
  .max(20)
  .refine((ids) => new Set(ids).size === ids.length, "a branch is listed twice");
/** The policy (api/auth/password-policy.ts) judges it; this only bounds what is read. */
const newPassword = z.string().max(PASSWORD_MAX);
const pin = z.string().regex(PIN_PATTERN, "a PIN is 4 to 8 digits");

/** What the staff screens read of the server's settings: `public_origin` is PUBLIC_ORIGIN, null when unset. */
export const staffSettingsSchema = z.object({ public_origin: z.string().nullable() });
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

export const currentUserResponseSchema = z.object({
  logged_in_as: z.string(),
  id: z.number(),
  name: z.string(),
  role: staffRole,
  branch_ids: z.array(z.number()),
});
export type CurrentUser = z.infer<typeof currentUserResponseSchema>;

/** An account as the staff endpoints answer it: never a password, a hash or a PIN. */
export const staffAccountSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  branch_ids: z.array(z.number()),
  active: z.boolean(),
  /** Whether the account has a take-over PIN (never the PIN). */
  has_pin: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
export const staffListQuerySchema = z.object({ branch_id: branchIdSchema.optional() });
export const staffCreateSchema = z.object({
  email: loginBodySchema.shape.email.transform((email) => email.toLowerCase()),
  name: staffName,
  role: staffRole,
  branch_ids: staffBranchIds,
  password: newPassword,
});
export type StaffCreate = z.input<typeof staffCreateSchema>;
export const staffPatchSchema = z
  .object({
    name: staffName.optional(),
    role: staffRole.optional(),
    branch_ids: staffBranchIds.optional(),
    active: z.boolean().optional(),
    password: newPassword.optional(),
    /** A new take-over PIN, or null to remove it. */
    pin: pin.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "send at least one field to change" });
export type StaffPatch = z.input<typeof staffPatchSchema>;

/** A person takes over a signed-in tablet: who (e-mail or account id, one of them) and their PIN. */
export const switchUserSchema = z
  .object({ email: z.string().trim().max(EMAIL_MAX).optional(), staff_id: z.number().int().positive().optional(), pin: z.string().max(64) })
  .refine((body) => (body.email === undefined) !== (body.staff_id === undefined), { message: "send email or staff_id", path: ["email"] });
export type SwitchUser = z.input<typeof switchUserSchema>;
export const ownPinSchema = z.object({ pin: pin.nullable() });

export const auditLogQuerySchema = z.object({
  branch_id: branchIdSchema.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "limit must be 1–500")
    .transform(Number)
    .pipe(z.number().min(1, "limit must be 1–500").max(500, "limit must be 1–500"))
    .optional(),
});
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  /** null: not about one branch (e.g. an owner's account). */
  branch_id: z.number().nullable(),
  action: z.string(),
  /** What was changed: `staff:<id>`, `product:<id>`, `menu:<branch>`, `branch:<id>` (its happy hours), `printer:<id>`. */
  target: z.string(),
  /** What changed, in the wire's words; a changed field as `{ from, to }`. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const csvImportSummarySchema = z.object({
  imported: z.object({ products: z.number(), options: z.number(), groups: z.number() }),
  dry_run: z.boolean(),
  changes: z.object({ added: z.array(z.string()), updated: z.array(z.string()), removed: z.array(z.string()) }).optional(),
});
export type CsvImportSummary = z.infer<typeof csvImportSummarySchema>;

// ---------- table service, kitchen, reports ----------
export const callCreateSchema = z.object({ kind: z.enum(CALL_KINDS) });
export const callPatchSchema = z.object({ status: z.literal("done") });
export const callSchema = z.object({
  id: z.string(),
  kind: z.enum(CALL_KINDS),
  station_id: z.string(),
  station_codename: z.string().nullable().optional(),
  branch_id: z.number(),
  status: z.enum(["open", "done"]),
  created_at: z.string(),
  done_at: z.string().nullable().optional(),
});
export type Call = z.infer<typeof callSchema>;

export const tabCloseSchema = z.object({ paid_with: z.enum(PAYMENT_METHODS) });
/** A table's tab: its orders since it was last closed (cancelled ones listed, not summed). */
export const tabSchema = z.object({
  station_id: z.string(),
  station_codename: z.string().nullable(),
  branch_id: z.number(),
  orders: z.array(orderSchema),
  subtotal: money,
  tax: money,
  total: money,
});
export const closedTabSchema = tabSchema.extend({ id: z.string(), paid_with: z.enum(PAYMENT_METHODS), closed_at: z.string() });
/** The branch's open tabs, a line per table with orders on it. */
export const openTabSchema = z.object({
  station_id: z.string(),
  station_codename: z.string().nullable(),
  orders: z.number(),
  /** The check's total: its lines less discounts, comps and voids, tax on what is left. */
  total: money,
  /** What is left to pay: the total less the payments made on the check. */
  balance: money,
  opened_at: z.string(),
});
export type TabClose = z.infer<typeof tabCloseSchema>;
export type Tab = z.infer<typeof tabSchema>;
export type ClosedTab = z.infer<typeof closedTabSchema>;
export type OpenTab = z.infer<typeof openTabSchema>;

// ---------- the check (docs/decisions/0028-the-check.md) ----------
/** A line of a check: `<order id>.<position>`. */
export const CHECK_LINE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.\d{1,4}$/;
const checkLineId = z.string().regex(CHECK_LINE_ID_PATTERN, "must be a line id of the check");
/** A positive amount of money (cents above 0, at most MAX_PAYMENT_CENTS). */
const positiveMoney = money
  .refine((value) => Number(value) > 0, "must be more than 0.00")
  .refine((value) => Number(value) * 100 <= MAX_PAYMENT_CENTS, "is too large");
const reason = z.string().trim().min(1, "say why").max(REASON_MAX_LENGTH, `at most ${REASON_MAX_LENGTH} characters`);

export const adjustmentCreateSchema = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS),
    line_id: checkLineId.optional(),
    percent: z.number().int("percent must be a whole number").min(1, "percent is 1–100").max(100, "percent is 1–100").optional(),
    amount: positiveMoney.optional(),
    reason,
  })
  .refine((body) => !(body.percent !== undefined && body.amount !== undefined), {
    message: "send percent or amount, not both",
    path: ["amount"],
  })
  .refine((body) => body.kind !== "void" || (body.line_id !== undefined && body.percent === undefined && body.amount === undefined), {
    message: "a void names a line, and voids all of it",
    path: ["line_id"],
  })
  .refine((body) => body.kind !== "discount" || body.percent !== undefined || body.amount !== undefined, {
    message: "a discount has a percent or an amount",
    path: ["percent"],
  })
  .refine((body) => body.kind !== "comp" || body.line_id !== undefined || body.percent !== undefined || body.amount !== undefined, {
    message: "a comp of the whole check has a percent or an amount",
    path: ["amount"],
  });
export type AdjustmentCreate = z.input<typeof adjustmentCreateSchema>;
export const adjustmentSchema = z.object({
  id: z.string(),
  tab_id: z.string(),
  kind: z.enum(ADJUSTMENT_KINDS),
  line_id: z.string().nullable(),
  percent: z.number().nullable(),
  /** What it takes off (a pending one: what it would). */
  amount: money,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requested_by: z.string(),
  approved_by: z.string().nullable(),
  created_at: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
/** A manager's or owner's PIN, typed on the same tablet; like the PIN take-over, by account id or e-mail. */
export const adjustmentApproveSchema = switchUserSchema;
export const splitSchema = z.object({
  ways: z
    .number()
    .int("ways must be a whole number")
    .min(SPLIT_WAYS_MIN, `ways is ${SPLIT_WAYS_MIN}–${SPLIT_WAYS_MAX}`)
    .max(SPLIT_WAYS_MAX, `ways is ${SPLIT_WAYS_MIN}–${SPLIT_WAYS_MAX}`),
});
export const splitAnswerSchema = z.object({ ways: z.number(), parts: z.array(money) });
export const paymentCreateSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    /** Toward the check; with `line_ids`, optional (their shares). In cash, more than due is change. */
    amount: money.refine((value) => Number(value) * 100 <= MAX_PAYMENT_CENTS, "is too large").optional(),
    tip: money.refine((value) => Number(value) * 100 <= MAX_PAYMENT_CENTS, "is too large").optional(),
    /** Cash handed over, when more than amount + tip (the change is counted from it). */
    tendered: positiveMoney.optional(),
    line_ids: z.array(checkLineId).min(1).max(500).optional(),
  })
  .refine((body) => body.amount !== undefined || body.line_ids !== undefined, { message: "send an amount or line_ids", path: ["amount"] })
  .refine((body) => body.tendered === undefined || body.method === "cash", { message: "only cash is tendered", path: ["tendered"] });
export type PaymentCreate = z.input<typeof paymentCreateSchema>;
export const refundSchema = z.object({
  payment_id: z.string(),
  id: z.string(),
  amount: money,
  reason: z.string(),
  by: z.string(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;
export const paymentSchema = z.object({
  id: z.string(),
  tab_id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** What went to the check. */
  amount: money,
  tip: money,
  /** Cash handed over (null: not cash). */
  tendered: money.nullable(),
  change_due: money,
  line_ids: z.array(z.string()),
  taken_by: z.string(),
  created_at: z.string(),
  refunded: money,
  refunds: z.array(refundSchema),
});
export type Payment = z.infer<typeof paymentSchema>;
/** A payment as recorded, with what it left: the check's balance and whether it closed. */
export const paymentAnswerSchema = paymentSchema.extend({ balance: money, tab_status: z.enum(["open", "closed"]) });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;
export const refundCreateSchema = z.object({ amount: positiveMoney, reason });
export const checkLineSchema = orderLineSchema.extend({
  id: z.string(),
  order_id: z.string(),
  order_number: z.number(),
  adjustment: adjustmentSchema.nullable(),
  /** The line's part of the total, tax and check-wide discounts included (0 for a voided line); the lines' shares add up to the total. */
  share: money,
  /** Paid by items. */
  paid: z.boolean(),
});
export type CheckLine = z.infer<typeof checkLineSchema>;
/**
 * A table's check: the tab (its orders since it was last closed, cancelled and held ones listed, not
 * billed) and what settles it. `id` is null until the table's first order; a closed check keeps it.
 */
export const checkSchema = tabSchema.extend({
  id: z.string().nullable(),
  status: z.enum(["open", "closed"]),
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  lines: z.array(checkLineSchema),
  /** Every discount, comp and void, pending and rejected ones too. */
  adjustments: z.array(adjustmentSchema),
  discount_total: money,
  comp_total: money,
  void_total: money,
  tips: money,
  paid: money,
  refunded: money,
  balance: money,
  payments: z.array(paymentSchema),
  /** The equal split asked for: `parts` are the parts still to pay, adding up to the balance. */
  split: z.object({ ways: z.number(), paid_parts: z.number(), parts: z.array(money) }).nullable(),
  pending_approvals: z.number(),
});
export type Check = z.infer<typeof checkSchema>;

/** Where a receipt goes: the receipts printer, or an e-mail address. */
const receiptEmail = z.string().trim().max(EMAIL_MAX).email("must be an e-mail address");
export const receiptRequestSchema = z.union([z.object({ print: z.literal(true) }).strict(), z.object({ email: receiptEmail }).strict()]);
export type ReceiptRequest = z.infer<typeof receiptRequestSchema>;
export const dinerReceiptSchema = z.object({ email: receiptEmail });
export const receiptQueuedSchema = z.object({ queued: z.enum(["print", "email"]) });

/** A branch's day (its time zone); `date` defaults to today there. */
export const dayReportQuerySchema = z.object({ branch_id: branchIdSchema, date: isoDay.optional() });
export const cashCountSchema = z.object({
  branch_id: branchId,
  date: isoDay,
  counted: money.refine((value) => Number(value) * 100 <= MAX_PAYMENT_CENTS, "is too large"),
});
export const dayReportPrintSchema = z.object({ branch_id: branchId, date: isoDay });
export const dayReportSchema = z.object({
  branch_id: z.number(),
  date: z.string(),
  /** Orders on the checks closed that day. */
  orders: z.number(),
  checks: z.number(),
  /** The closed checks' subtotals before discounts, comps and voids. */
  gross: money,
  discounts: money,
  comps: money,
  voids: money,
  voided_lines: z.number(),
  net: money,
  tax: money,
  tips: money,
  refunds: money,
  /** Taken that day by method: payments and their tips, less refunds. */
  payments: z.object({ cash: money, card: money, other: money }),
  /** All three together: payments less refunds. */
  taken: money,
  cash_expected: money,
  cash_counted: money.nullable(),
  /** counted − expected (negative: short); null until counted. */
  over_short: z.string().nullable(),
  open_tabs: z.number(),
  closed_checks: z.array(
    z.object({ id: z.string(), station_codename: z.string().nullable(), total: money, tips: money, closed_at: z.string() }),
  ),
});
export type DayReport = z.infer<typeof dayReportSchema>;
export const printQueuedSchema = z.object({ queued: z.literal(true), jobs: z.number() });

/** A kitchen board says it is on a screen (every ~20 s); `board_id` is the board's own random id. */
export const boardHeartbeatSchema = z.object({ branch_id: branchId, board_id: uuidSchema, station: prepArea });
export const kitchenBoardSchema = z.object({ board_id: z.string(), station: prepArea, last_seen_at: z.string() });
/** The boards seen lately, and the orders no board has shown within the alert time. */
export const kitchenStatusSchema = z.object({ boards: z.array(kitchenBoardSchema), unseen_orders: z.array(orderSchema) });
export type BoardHeartbeat = z.infer<typeof boardHeartbeatSchema>;
export type KitchenBoard = z.infer<typeof kitchenBoardSchema>;
export type KitchenStatus = z.infer<typeof kitchenStatusSchema>;
export const orderSeenSchema = z.object({ station: prepArea.optional() });

export const salesReportSchema = z.object({
  orders: z.number(),
  subtotal: money,
  tax: money,
  total: money,
  by_hour: z.array(z.object({ hour: z.number(), orders: z.number(), total: money })),
  top_products: z.array(z.object({ product_id: z.number(), name: z.string(), quantity: z.number(), total: money })),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

// ---------- the shared table cart (docs/decisions/0010) ----------
export const CART_OPERATIONS_MAX = 50;
export const PHONE_NAME_MAX = 24;
/** What every operation carries: the id its phone made (a replay is recognised by it) and the phone's clock. */
const cartOperationBase = { op_id: storedUuid, at: z.iso.datetime({ offset: true, message: "at must be an ISO-8601 time" }) };
const lineId = storedUuid;
export const cartOperationSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("add_line"),
    ...cartOperationBase,
    line_id: lineId,
    product_id: orderLineInputSchema.shape.id,
    quantity: orderLineInputSchema.shape.quantity,
    options: orderLineInputSchema.shape.selectedCustomizations,
    note: orderLineInputSchema.shape.note,
  }),
  z.object({ type: z.literal("set_quantity"), ...cartOperationBase, line_id: lineId, quantity: orderLineInputSchema.shape.quantity }),
  z.object({ type: z.literal("remove_line"), ...cartOperationBase, line_id: lineId }),
  /** Blank: back to "Phone N". */
  z.object({
    type: z.literal("set_name"),
    ...cartOperationBase,
    name: z.string().trim().max(PHONE_NAME_MAX, `name is at most ${PHONE_NAME_MAX} characters`),
  }),
]);
export const cartOperationsBodySchema = z.object({
  phone_id: storedUuid,
  operations: z
    .array(cartOperationSchema)
    .min(1, "send at least one operation")
    .max(CART_OPERATIONS_MAX, `at most ${CART_OPERATIONS_MAX} operations a request`),
});
/** The version of the cart the phone shows: a phone never submits lines it has not seen. */
export const cartSubmitSchema = z.object({ version: z.number().int().min(0) });
export type CartOperation = z.infer<typeof cartOperationSchema>;
export type CartOperationsBody = z.infer<typeof cartOperationsBodySchema>;
export type CartSubmit = z.infer<typeof cartSubmitSchema>;

const cartLineSchema = z.object({
  line_id: z.string(),
  phone_id: z.string(),
  /** The name the diner set, or "Phone 2". */
  phone_name: z.string(),
  product_id: z.number(),
  name: z.string(),
  quantity: z.number(),
  options: z.array(customizationOptionSchema),
  note: z.string().optional(),
  unit_price: money,
  line_total: money,
  /** false: sold out, or no longer on the menu as chosen (priced 0.00): the submit would be refused. */
  available: z.boolean(),
  /** When its quantity was last set: a phone stamps its next change of the line no earlier. */
  changed_at: z.string(),
});
/** A line of the table's sent order: the order's line (names and prices as charged) and who added it. */
const sentLineSchema = orderLineSchema.extend({ line_id: z.string(), phone_id: z.string(), phone_name: z.string() });
export const tableCartSchema = z.object({
  station_id: z.string(),
  branch_id: z.number(),
  /** Counts every change; a submit names the version it saw. */
  version: z.number(),
  /** A phone is submitting: the cart is frozen for a moment. */
  submitting: z.boolean(),
  /**
   * When the server priced these lines (its clock, ISO 8601). Prices follow the clock (happy hour), so two
   * answers of one version can differ: a phone keeps the later-priced one.
   */
  priced_at: z.string(),
  lines: z.array(cartLineSchema),
  subtotal: money,
  tax: money,
  total: money,
  /** The order the table's last submit made, until the cart is emptied. */
  last_order: orderSchema.optional(),
  /**
   * That order's lines as the table's phones added them (each line of `last_order`, in its order, with
   * the cart line it came from and who added it), so every phone at the table shows what went.
   */
  last_order_lines: z.array(sentLineSchema).optional(),
});
export const CART_IGNORED_REASONS = [
  "line_exists",
  "line_removed",
  "line_submitted",
  "line_not_found",
  "stale",
  "cart_full",
  "too_many_phones",
] as const;
export const cartOperationResultSchema = z.object({
  op_id: z.string(),
  result: z.enum(["applied", "duplicate", "ignored"]),
  reason: z.enum(CART_IGNORED_REASONS).optional(),
});
export const cartOperationsAnswerSchema = z.object({ cart: tableCartSchema, results: z.array(cartOperationResultSchema) });
/** A refused operation: `index` into the request's `operations` (or, for a submit, its line). */
export const cartOperationDetailSchema = z.looseObject({
  index: z.number(),
  op_id: z.string().optional(),
  line_id: z.string().optional(),
  message: z.string(),
});
export const cartChangedDetailSchema = z.object({ path: z.literal("version"), version: z.number(), message: z.string() });
export const cartSubmittedDetailSchema = z.object({ order_id: z.string(), message: z.string() });
export type CartLine = z.infer<typeof cartLineSchema>;
export type TableCart = z.infer<typeof tableCartSchema>;
export type SentLine = z.infer<typeof sentLineSchema>;
export type CartOperationResult = z.infer<typeof cartOperationResultSchema>;
export type CartOperationsAnswer = z.infer<typeof cartOperationsAnswerSchema>;
export type CartIgnoredReason = (typeof CART_IGNORED_REASONS)[number];

// ---------- printers (ESC/POS over the network) ----------
const printerName = z
  .string()
  .trim()
  .min(1, "name must not be blank")
  .max(PRINTER_NAME_MAX, `name is at most ${PRINTER_NAME_MAX} characters`);
const printerHost = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isPrinterHost, "host must be a host name or an IP address, without a port or a path");
const printerPort = z.number().int("port must be a whole number").refine(isPrinterPort, "port must be 1–65535");
export const printerIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
export const printerCreateSchema = z.object({
  name: printerName,
  branch_id: branchId,
  host: printerHost,
  port: printerPort.default(DEFAULT_PRINTER_PORT),
  prep_station: prepArea,
  /** The bills of closed tabs print here (one per branch is enough; the first one found prints them). */
  receipts: z.boolean().default(false),
});
export const printerUpdateSchema = z
  .object({
    name: printerName.optional(),
    host: printerHost.optional(),
    port: printerPort.optional(),
    prep_station: prepArea.optional(),
    receipts: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "send at least one of name, host, port, prep_station, receipts",
  });
export const printerSchema = z.object({
  id: z.number(),
  name: z.string(),
  branch_id: z.number(),
  host: z.string(),
  port: z.number(),
  prep_station: prepArea,
  receipts: z.boolean(),
  /** "unknown" until the server has reached it or failed to once. */
  status: z.enum(PRINTER_STATUSES),
  /** Tickets waiting for it. */
  queued: z.number(),
});
/** The tickets a reprint queued, one per printer of each prep station the order has lines for. */
export const printOrderAnswerSchema = z.object({
  order_id: z.string(),
  jobs: z.array(z.object({ id: z.number(), printer_id: z.number(), prep_station: prepArea })),
});
export type PrinterCreate = z.infer<typeof printerCreateSchema>;
export type PrinterUpdate = z.infer<typeof printerUpdateSchema>;
export type Printer = z.infer<typeof printerSchema>;
export type PrintOrderAnswer = z.infer<typeof printOrderAnswerSchema>;

/** What a check's events say: enough for a screen to know whether to read it again. */
export interface TabEvent {
  id: string;
  station_id: string;
  status: "open" | "closed";
  total: string;
  balance: string;
}

/** Server-sent event payloads (`event:` name → `data:` JSON). */
// ---------- the floor plan ----------
/** A table's state on the floor plan, in the order one wins over the next (api/floor/floor-state.ts). */
export const FLOOR_STATUSES = ["free", "ordering", "in_kitchen", "ready", "served", "bill_requested"] as const;
export type FloorStatus = (typeof FLOOR_STATUSES)[number];
export const floorTableStateSchema = z.object({
  status: z.enum(FLOOR_STATUSES),
  /** Since when the table has been in this state (ISO-8601). */
  since: z.string(),
  open_calls: z.array(z.object({ id: z.string(), kind: z.enum(CALL_KINDS) })),
  /** Orders past the table's limit waiting for staff to release them. */
  held_orders: z.number(),
  /** The open check's total as the check says it: its lines less discounts, comps and voids, tax on what is left. */
  tab_total: money,
  /** What is left to pay on the open check: its total less its payments. */
  tab_balance: money,
});
export type FloorTableState = z.infer<typeof floorTableStateSchema>;
export const floorTableSchema = diningTableSchema.extend({ state: floorTableStateSchema });
export type FloorTable = z.infer<typeof floorTableSchema>;
export const floorSchema = z.object({ tables: z.array(floorTableSchema) });
export type Floor = z.infer<typeof floorSchema>;

export interface ServerEvents {
  "order.created": Order;
  "order.updated": Order;
  "product.updated": Product & { branch_id: number; category: (typeof CATEGORY_KEYS)[number] };
  "call.created": Call;
  "call.updated": Call;
  /** An order no board has shown within UNSEEN_ALERT_SECONDS; repeated until one does. */
  "order.unseen": Order;
  /** The table's shared cart after a change; on the table's stream only. */
  "cart.updated": TableCart;
  /** A visit of the table began (its first order or cart change since the last one ended); on the table's stream only. */
  "visit.started": { started_at: string };
  /**
   * The visit ended (staff closed the tab, or it went idle): the last event of a stream opened during
   * it, which the server then closes. The phone joins the next visit only when the diner asks.
   */
  "visit.ended": { reason: "tab_closed" | "idle" };
  /** A check changed (an adjustment, its approval, a payment, a split, a refund): staff screens showing it read it again. */
  "tab.updated": TabEvent;
  /** A check's balance reached 0 and it closed; the table's visit ended with it. */
  "tab.closed": TabEvent;
  /** A printer stopped answering; `queued` is how many tickets wait for it. On the staff stream. */
  "printer.offline": Printer;
  /** A printer answers again (its queue is printing). On the staff stream. */
  "printer.online": Printer;
  /** A table's place or state on the floor plan changed (API.md "The floor"); on the staff stream of roles that see the floor. */
  "table.updated": FloorTable;
  /** The branch's happy hours changed: open menus price by the new windows at once. On the staff, menu and table streams. */
  "branch.updated": Branch;
}
