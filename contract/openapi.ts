/**
 * The HTTP contract as an OpenAPI 3.1 document, generated from the endpoint table (endpoints.ts) and its
 * zod schemas (schemas.ts) with zod's own `z.toJSONSchema()`: what the server validates with is what
 * integrators read. The server publishes it (`GET /api/openapi.json`) and renders it as a reference page
 * (`GET /api/docs`); docs/decisions/0018-openapi-from-the-contract.md says why it is built this way.
 */
import { z } from "zod";
import { API_ROUTES, type ApiRouteName } from "./api-routes";
import { endpoints, isFileUpload, type Endpoint, type ErrorSpec } from "./endpoints";
import { UUID_PATTERN } from "./ids";
import { PERMISSIONS } from "./roles";
import * as s from "./schemas";

export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId: ApiRouteName;
  summary: string;
  description?: string;
  tags: [Tag];
  /** `[]`: public. */
  security: Record<string, string[]>[];
  /** The staff roles that may call it (contract/roles.ts); absent on public operations. */
  "x-roles"?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { description?: string; required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
}

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: Tag; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: "http" | "apiKey"; description: string; scheme?: string; in?: "cookie"; name?: string }>;
  };
}

// ---------- the prose: what the schemas cannot say ----------

const TAGS = {
  Service: "The server itself.",
  "Staff sign-in": "Staff sessions: a bearer token or the session cookie.",
  Menu: "A branch's menu, sold-out switches and stock, dish photos, and the menu as CSV.",
  Tables: 'The tables a party sits at ("stations" on the wire) and their QR codes.',
  Orders: "Orders placed from a table's QR code, and the kitchen's work on them.",
  "Table service": "A table calling staff, and tabs.",
  Check:
    "Settling a table's check: discounts, comps and voids (a floor account's wait for a manager's PIN), equal splits, payments with tips, refunds.",
  "Shared cart": "One cart per table that every phone at it edits; one submit places the order.",
  Kitchen: "Kitchen boards: which are on a screen, and orders no board has shown.",
  Reports: "Sales for a range of days, the orders as CSV, and the end of a branch's day with its cash count.",
  "Staff accounts": "Staff accounts, their roles and branches, and the audit log.",
  Branches: "A branch's name, time zone and happy hours.",
  Printers: "Kitchen, bar and receipt printers (ESC/POS over TCP): tickets for every accepted order, queued while a printer is off.",
  "Live events": "Server-sent event streams (`text/event-stream`), resumable with `Last-Event-ID`.",
} as const;
type Tag = keyof typeof TAGS;

interface Prose {
  tag: Tag;
  summary: string;
  description?: string;
  /** Answers besides the entry's status, by status (same body unless said). */
  alsoAnswers?: Record<number, string>;
}

/** One line per endpoint: TypeScript refuses a new endpoint until it has one. */
const PROSE: { [K in ApiRouteName]: Prose } = {
  health: { tag: "Service", summary: "Is the server up", description: "200 while the database answers." },

  login: {
    tag: "Staff sign-in",
    summary: "Sign in",
    description:
      "Answers a bearer token and sets it as the `access_token` cookie (HttpOnly, SameSite=Strict). The same 401 for an unknown e-mail and a wrong password; 5 failed attempts per e-mail and client address in 15 minutes, then 429 with `Retry-After`.",
  },
  currentUser: { tag: "Staff sign-in", summary: "Who is signed in" },
  staffSettings: {
    tag: "Staff sign-in",
    summary: "The server's settings staff screens need",
    description:
      "`public_origin` is PUBLIC_ORIGIN, the origin printed in QR codes; null when unset (the screens then use their own and warn when it is private).",
  },
  logout: { tag: "Staff sign-in", summary: "Sign out", description: "The token stops working at once and the cookie is cleared." },

  menu: {
    tag: "Menu",
    summary: "A branch's menu",
    description:
      "Every category key is present (an empty list if none), in menu order. Cacheable: send the answer's `ETag` back in `If-None-Match`.",
    alsoAnswers: { 304: "Not modified: the menu is the one the `If-None-Match` tag names." },
  },
  updateProduct: { tag: "Menu", summary: "Sold out / back on, and stock", description: "A stock of 0 is sold out; `null` stops counting." },
  createProduct: {
    tag: "Menu",
    summary: "Add a product",
    description:
      "Checked by the menu CSV's rules with the same messages: 400 `invalid_product`, a detail per problem with its `path` in the body and its CSV `column`.",
  },
  replaceProduct: {
    tag: "Menu",
    summary: "Edit a product",
    description:
      "Fields left out keep their values; options are matched by name within their group, so unchanged ones keep their ids. A body of only `available`/`stock` is the sold-out/stock update.",
  },
  deleteProduct: {
    tag: "Menu",
    summary: "Delete a product",
    description: "Past orders keep their lines (they hold the name and price); a table cart's line for it stays, marked unavailable.",
  },
  reorderProducts: {
    tag: "Menu",
    summary: "Order a category's products",
    description: "`product_ids` lists every product of the category once, in the new order; otherwise 400 `invalid_order`.",
  },
  exportMenuCsv: {
    tag: "Menu",
    summary: "The menu as CSV",
    description: "In the upload format: export then upload leaves the menu as it was.",
  },
  uploadMenuCsv: {
    tag: "Menu",
    summary: "Replace the menu from CSV",
    description:
      "All or nothing: any invalid row is 400 `invalid_csv` with a detail per bad row, and the menu is unchanged. `dry_run=1` validates only. A product the file keeps (same category and name) keeps its photo; the CSV carries no photos.",
  },
  uploadProductPhoto: {
    tag: "Menu",
    summary: "Set a dish's photo",
    description:
      "Turned upright by its EXIF orientation, stripped of all metadata (EXIF, GPS, colour profile: stored as sRGB), and stored as WebP in a few widths, never wider than the upload; replaces the product's photo. A file that does not decode as a JPEG, PNG or WebP image is 415 `unsupported_image`, whatever its name or declared type.",
  },
  deleteProductPhoto: { tag: "Menu", summary: "Remove a dish's photo" },
  photo: {
    tag: "Menu",
    summary: "A stored photo",
    description:
      "Content-addressed: the URL names the bytes' hash, so they never change and are served with `Cache-Control: public, max-age=31536000, immutable`. Public; the URLs come from a product's `photo`.",
  },

  diningTables: { tag: "Tables", summary: "A branch's tables" },
  createDiningTable: { tag: "Tables", summary: "Add a table", description: "The branch in the query, the body or both (then the same)." },
  updateDiningTable: {
    tag: "Tables",
    summary: "Rename a table, change its capacity, or place it on the floor plan",
    description:
      "`area` (≤ 40 characters) and `position` (`{x, y}`, 0–1000 each; null takes it off the plan) place it; each change is `table.updated` on the staff stream.",
  },
  deleteDiningTable: { tag: "Tables", summary: "Remove a table", description: "Its past orders are kept." },
  floor: {
    tag: "Tables",
    summary: "The floor plan: each table with its live state",
    description:
      "`state.status` is the first that holds of: `bill_requested` (a bill call is open), `ready` (an order is ready), `in_kitchen` (an order is received or preparing), `served` (the open tab's orders are served), `ordering` (the visit has a cart, or only held orders), `free`. Each change is `table.updated` on `GET /api/events`.",
  },
  diningTable: {
    tag: "Tables",
    summary: "A table, as its QR code opens it",
    description: "Public: knowing the table's UUID is the capability. The order screen learns the branch from it.",
  },

  placeOrder: {
    tag: "Orders",
    summary: "Place an order",
    description:
      "Every price is computed by the server. Send an `Idempotency-Key`: the same key and body again answer the first answer (no second order); the same key with another body is 422. Past the table's order limit an order is accepted as `held`, waiting for a staff OK.",
  },
  orders: {
    tag: "Orders",
    summary: "A branch's orders",
    description: "Newest first; `status=held` lists the orders waiting for a staff OK.",
  },
  order: {
    tag: "Orders",
    summary: "An order, as the phone that placed it sees it",
    description: "Public: the order's UUID is the capability. Without `station_id`, the table's key.",
  },
  updateOrder: {
    tag: "Orders",
    summary: "Advance, bump or recall an order",
    description:
      "One change at a time: a status, a prep station's bump (the order is ready once every station of its lines has bumped it), or the recall of a bump. `received` releases a held order.",
  },
  markOrderSeen: {
    tag: "Kitchen",
    summary: "A kitchen board shows the order",
    description: "A board calls it for every order it shows; the body may say which prep station's board it is.",
  },

  callStaff: {
    tag: "Table service",
    summary: "Call a server, or ask for the bill",
    description: "Public by the table's UUID. 201 for a new call; while one of that kind is open for the table, 200 with it.",
    alsoAnswers: { 200: "A call of that kind is already open for the table: that call." },
  },
  diningTableCalls: {
    tag: "Table service",
    summary: "A table's open calls",
    description: 'So a reloaded phone still says "someone is on the way". Public by the table\'s UUID.',
  },
  calls: { tag: "Table service", summary: "A branch's open calls" },
  finishCall: { tag: "Table service", summary: "Mark a call done" },

  tab: {
    tag: "Check",
    summary: "A table's open check",
    description:
      "Its orders since the tab was last closed (cancelled and held ones listed, not billed), every line, adjustments, payments and the balance. HST 13 % is on the subtotal less discounts, comps and voids, half-up to the cent; tips are not taxed. `id` is null until the first order.",
  },
  closeTab: {
    tag: "Check",
    summary: "Pay a table's whole balance and close its tab",
    description:
      "One payment of the balance by `paid_with`. The next order opens a new tab, and the table's visit ends. 409 `approval_pending` while an adjustment waits for a manager.",
  },
  check: { tag: "Check", summary: "A check by its id", description: "Open or closed; a closed check lists its payments and refunds." },
  tabReceipt: {
    tag: "Check",
    summary: "Print or e-mail the check's receipt",
    description:
      "`{print: true}` queues it on the branch's receipts printer (409 `no_printer` without one); `{email}` queues a mail with an HTML and a plain-text part (409 `email_off` without SMTP_URL). Lines, adjustments, tax, payments, tips, the branch's address and HST number. A mail server that is down delays it, never refuses it.",
  },
  dinerReceipt: {
    tag: "Check",
    summary: "A diner's e-mailed receipt",
    description: "Public by the table's UUID, while the visit lasts (409 `no_visit` after), at most 3 per visit (429).",
  },
  createAdjustment: {
    tag: "Check",
    summary: "Discount, comp or void, with a reason",
    description:
      "A discount without `line_id` is on the whole check. Owners and managers apply at once; a floor account's void, comp, or discount above DISCOUNT_APPROVAL_PERCENT (default 10) is `pending` until a manager approves it. A voided line stays on the kitchen's record. One adjustment per line.",
  },
  approveAdjustment: {
    tag: "Check",
    summary: "Approve a pending adjustment with a manager's PIN",
    description:
      "A manager or owner of the branch types their PIN on the same tablet (no sign-out); throttled as the PIN take-over. 403 `not_an_approver` for another role's PIN.",
  },
  rejectAdjustment: { tag: "Check", summary: "Turn down a pending adjustment" },
  splitCheck: {
    tag: "Check",
    summary: "Split the balance equally",
    description:
      "2–20 parts to the cent, adding up to the balance exactly (the first parts carry the leftover cents). The check then lists the parts still to pay.",
  },
  payCheck: {
    tag: "Check",
    summary: "Record a payment",
    description:
      "Send an `Idempotency-Key`: the same key and body again answer the first answer (one payment); with another body, 422. `line_ids` pays exactly those lines' shares (tax included). More than the balance is 409 `overpaid`; in cash the rest is the change due. At a zero balance the tab closes (`tab.closed`) and the table's visit ends; two tablets paying the last part at once: one pays, the other is 409 `tab_closed`.",
  },
  refundPayment: {
    tag: "Check",
    summary: "Refund a payment of a closed check",
    description: "In part or whole, with a reason; never more than the payment (with its tip) less earlier refunds.",
  },
  branch: {
    tag: "Branches",
    summary: "A branch and its happy hours",
    description: "Weekdays are ISO (1 = Monday … 7 = Sunday); `from` is inclusive, `to` exclusive, in the branch's time zone.",
  },
  setHappyHours: {
    tag: "Branches",
    summary: "Replace a branch's happy hours",
    description: "An order the server accepts inside a window is priced at its products' happy-hour prices.",
  },
  switchUser: {
    tag: "Staff sign-in",
    summary: "Take over a signed-in tablet with a PIN",
    description: "The person named by `email` or `staff_id` signs in with their PIN; the tablet's session becomes theirs.",
  },
  setOwnPin: { tag: "Staff sign-in", summary: "Set one's own take-over PIN", description: "4 to 8 digits." },
  staffAccounts: {
    tag: "Staff accounts",
    summary: "A branch's staff accounts",
    description: "Never a password, a hash or a PIN. A manager sees and manages the kitchen and floor accounts of their branches.",
  },
  createStaffAccount: { tag: "Staff accounts", summary: "Add a staff account", description: "The password policy applies." },
  updateStaffAccount: {
    tag: "Staff accounts",
    summary: "Change, reset or deactivate an account",
    description: "A new password or deactivation signs the account out everywhere; the last active owner stays (409 `last_owner`).",
  },
  auditLog: {
    tag: "Staff accounts",
    summary: "Who changed staff, the menu, prices, happy hours or printers, and when",
    description: "Newest first.",
  },
  dayReport: {
    tag: "Reports",
    summary: "The end of a branch's day",
    description:
      "The checks closed that day (the branch's time zone): gross, discounts, comps, voids, net, tax; what was taken by method (payments with tips, less refunds), cash expected against counted, over/short, open tabs.",
  },
  dayReportCsv: { tag: "Reports", summary: "The day's checks as CSV", description: "One row per closed check and a row of totals." },
  setCashCount: {
    tag: "Reports",
    summary: "Enter the cash counted in the drawer",
    description: "Answers the day's report with its over/short.",
  },
  printDayReport: {
    tag: "Reports",
    summary: "Print the day's report",
    description: "On the branch's receipts printer, through the print queue.",
  },
  printers: { tag: "Printers", summary: "A branch's printers", description: "Each with its status and the tickets queued for it." },
  createPrinter: {
    tag: "Printers",
    summary: "Add a printer",
    description:
      "A prep station's printer gets a ticket for every accepted order with lines of that station; a receipts printer gets closed tabs' bills.",
  },
  updatePrinter: { tag: "Printers", summary: "Change a printer", description: "Fields left out keep their values." },
  deletePrinter: { tag: "Printers", summary: "Remove a printer", description: "Its unprinted tickets are dropped." },
  printOrder: {
    tag: "Printers",
    summary: "Reprint an order's tickets",
    description: "One ticket per printer of each prep station the order has lines for, marked REPRINT.",
  },
  openTabs: { tag: "Table service", summary: "A branch's open tabs", description: "A line per table with orders on it." },

  boardHeartbeat: {
    tag: "Kitchen",
    summary: "A kitchen board is on a screen",
    description: "Sent every ~20 s; `board_id` is the board's own random id.",
  },
  kitchenStatus: { tag: "Kitchen", summary: "Boards seen lately, and orders no board has shown" },

  salesReport: {
    tag: "Reports",
    summary: "Sales for a range of days",
    description: "Days in America/Toronto, both inclusive, at most a year apart; cancelled and held orders do not count.",
  },
  ordersReportCsv: { tag: "Reports", summary: "The orders of a range of days, as CSV" },

  branchEvents: {
    tag: "Live events",
    summary: "A branch's staff stream",
    description:
      "Events `order.created`, `order.updated`, `order.unseen`, `product.updated`, `call.created`, `call.updated`; each `data:` is the order, product or call as JSON. Ends when the session does.",
  },
  diningTableEvents: {
    tag: "Live events",
    summary: "A table's stream, for the diners' phones",
    description:
      "Public by the table's UUID, for its current visit only: `order.created`, `order.updated`, `call.updated`, `cart.updated`, `visit.started`, `visit.ended` (then the server ends the stream), and the branch's `product.updated`.",
  },
  orderEvents: {
    tag: "Live events",
    summary: "An order's stream",
    description: "Public by the order's UUID: `order.updated`, the order without `station_id`.",
  },
  productEvents: {
    tag: "Live events",
    summary: "A branch's menu changes",
    description: "`product.updated`: the product with its `branch_id` and `category`.",
  },

  tableCart: { tag: "Shared cart", summary: "A table's shared cart", description: "Public by the table's UUID." },
  applyCartOperations: {
    tag: "Shared cart",
    summary: "Change the shared cart",
    description:
      "Operations carry the phone's own ids, so a replay is recognised. All or nothing: a refused operation (details name it by `index` and `op_id`) leaves the cart as it was.",
  },
  submitTableCart: {
    tag: "Shared cart",
    summary: "Place the shared cart's order",
    description:
      "Names the cart version the phone shows. One order per cart version, whoever submits it; with an `Idempotency-Key`, a retry answers the first answer.",
  },
};

const DESCRIPTION = `The HTTP API of Limitless Bar & Grill: the menu, QR table ordering, the kitchen and the staff tools. Every path is under \`/api\`.

**Staff calls** are authenticated by \`Authorization: Bearer <token>\` (the token \`POST /api/login\` answers) or by the \`access_token\` session cookie it sets. A write (any method but GET) authenticated by the cookie must come from the site's own origin (the \`Origin\` header, or \`Sec-Fetch-Site\`), or it is refused with 403 \`cross_origin_refused\`; a bearer token is never sent implicitly, so it needs no such check. Answers to staff calls are never cached (\`Cache-Control: no-store\`).

**Public calls** that name a table, an order or a cart by its UUID treat the UUID as the capability.

**Errors**: every non-2xx answer is JSON \`{"error": {"code", "message", "details"?}}\`: \`code\` is stable snake_case for programs, \`message\` a sentence for people, \`details\` (optional) one entry per problem. Bad input is a 4xx and changes nothing, never a 5xx. Besides each operation's codes, any call may answer 404 \`not_found\` (no such path or method), 408 \`request_timeout\`, 431 \`headers_too_large\` or 400 \`malformed_request\` (not well-formed HTTP). 429 and 503 answers carry \`Retry-After\`.

**Answers may gain fields**: a client ignores fields it does not know.`;

// ---------- schemas ----------

/** schemas.ts's `fooBarSchema` is the component `FooBar`. */
const componentName = (exportName: string) => exportName.replace(/Schema$/, "").replace(/^./, (first) => first.toUpperCase());

/** Every schema schemas.ts names becomes a component where a body, an answer or an error's details use it. */
const NAMED = z.registry<{ id: string }>();
const NAMED_IDS = new Set<string>();
for (const [exportName, value] of Object.entries(s)) {
  if (!(value instanceof z.ZodType) || !exportName.endsWith("Schema")) continue;
  NAMED.add(value, { id: componentName(exportName) });
  NAMED_IDS.add(componentName(exportName));
}
/** Path, query and header parameters are listed one by one, each with its schema written out. */
const UNNAMED = z.registry<{ id: string }>();

const COMPONENT_REF = "#/components/schemas/";
type Io = "input" | "output";

/**
 * A JSON Schema pattern has no flags: the UUID pattern's `i` is spelled out (with `format: uuid`), and
 * any other flagged pattern is refused rather than published as stricter than the server is.
 */
function patternFor(zodSchema: z.core.$ZodType, json: JsonSchema): void {
  const checks = (zodSchema._zod.def as { checks?: { _zod: { def: { pattern?: unknown } } }[] }).checks ?? [];
  for (const check of checks) {
    const pattern = check._zod.def.pattern;
    if (pattern instanceof RegExp && pattern.flags && pattern.source !== UUID_PATTERN.source)
      throw new Error(`The pattern /${pattern.source}/${pattern.flags} has flags a JSON Schema pattern cannot say.`);
  }
  if (json.pattern === UUID_PATTERN.source) {
    json.pattern = UUID_PATTERN.source.replaceAll("a-f", "a-fA-F");
    json.format = "uuid";
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key !== "$ref" || typeof item !== "string") return [key, rewriteRefs(item)];
      if (!item.startsWith("#/$defs/")) throw new Error(`Unexpected $ref ${item}`);
      return [key, COMPONENT_REF + item.slice("#/$defs/".length)];
    }),
  );
}

class SchemaWriter {
  readonly components: Record<string, JsonSchema> = {};
  private readonly written = new Map<string, { io: Io; text: string }>();
  /** Each schema is converted once per way: every error answer shares a few details schemas. */
  private readonly converted = new Map<z.ZodType, Partial<Record<`${Io}-${boolean}`, JsonSchema>>>();

  /** A request's part (`input`: before transforms and defaults) or an answer (`output`), named schemas as `$ref`s. */
  write(schema: z.ZodType, io: Io, registry = NAMED): JsonSchema {
    const ways = this.converted.get(schema) ?? {};
    this.converted.set(schema, ways);
    return (ways[`${io}-${registry === NAMED}`] ??= this.convert(schema, io, registry));
  }

  private convert(schema: z.ZodType, io: Io, registry: typeof NAMED): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io,
      metadata: registry,
      override: ({ zodSchema, jsonSchema }) => {
        patternFor(zodSchema, jsonSchema);
        // The server may add fields to an answer; a client ignores the ones it does not know.
        if (io === "output" && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
      },
    }) as JsonSchema;
    const { $schema: _dialect, $defs, id: _id, ...rest } = json;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      if (!NAMED_IDS.has(id)) throw new Error(`A shared schema without a name: ${id}`);
      const { id: _ownId, ...body } = definition;
      this.add(id, rewriteRefs(body) as JsonSchema, io);
    }
    return rewriteRefs(rest) as JsonSchema;
  }

  private add(id: string, schema: JsonSchema, io: Io): void {
    const text = JSON.stringify(schema);
    const before = this.written.get(id);
    if (before && before.text !== text)
      throw new Error(`The schema ${id} is written two ways (${before.io}, ${io}): a request and an answer need schemas of their own.`);
    this.written.set(id, { io, text });
    this.components[id] = schema;
  }
}

// ---------- operations ----------

const STAFF_SECURITY: Record<string, string[]>[] = [{ bearerToken: [] }, { sessionCookie: [] }];

/** `/stations/:id` → `/stations/{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, "{$1}");

function parametersOf(endpoint: Endpoint, writer: SchemaWriter): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [];
  const listed = (where: OpenApiParameter["in"], schema: z.ZodType | undefined) => {
    if (!schema) return;
    const json = writer.write(schema, "input", UNNAMED);
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push({ name, in: where, required: where === "path" || required.has(name), schema: property });
    }
  };
  listed("path", endpoint.params);
  listed("query", endpoint.query);
  listed("header", endpoint.headers);
  if (endpoint.response === "text/event-stream") {
    const eventId = { type: "string", pattern: "^\\d{1,15}$" };
    parameters.push(
      {
        name: "Last-Event-ID",
        in: "header",
        required: false,
        description: "Resume after this event (browsers send it on reconnecting).",
        schema: eventId,
      },
      {
        name: "last_event_id",
        in: "query",
        required: false,
        description: "The same as `Last-Event-ID`, for clients that cannot set headers.",
        schema: eventId,
      },
    );
  }
  return parameters;
}

function requestBodyOf(endpoint: Endpoint, writer: SchemaWriter): OpenApiOperation["requestBody"] {
  const { body } = endpoint;
  if (isFileUpload(body)) {
    const mediaTypes = body.mediaTypes.join(", ");
    const file = body.mediaTypes.length === 1 ? { contentMediaType: body.mediaTypes[0] } : {};
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: [body.field],
            properties: { [body.field]: { type: "string", ...file, description: body.description } },
          },
          encoding: { [body.field]: { contentType: mediaTypes } },
        },
      },
    };
  }
  if (body)
    return { required: !body.safeParse(undefined).success, content: { "application/json": { schema: writer.write(body, "input") } } };
  if (endpoint.method === "GET") return undefined;
  return {
    description: "Takes no parameters: send no body, or an empty JSON object.",
    required: false,
    content: { "application/json": { schema: { type: "object", maxProperties: 0 } } },
  };
}

const RETRY_AFTER = { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 0 } } };

/** One answer per status; its codes grouped by the shape of their details. */
function errorResponse(status: number, codes: [string, ErrorSpec][], writer: SchemaWriter): OpenApiResponse {
  const byDetails = new Map<z.ZodType, string[]>();
  for (const [code, spec] of codes) {
    const details = typeof spec === "number" ? s.apiErrorDetailSchema : spec.details;
    byDetails.set(details, [...(byDetails.get(details) ?? []), code]);
  }
  const variants = [...byDetails].map(([details, group]): JsonSchema => {
    const error: JsonSchema = {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: group.length === 1 ? { const: group[0] } : { enum: group },
        message: { type: "string", description: "A sentence for people." },
        details: { type: "array", minItems: 1, items: writer.write(details, "output") },
      },
    };
    return { type: "object", required: ["error"], properties: { error } };
  });
  return {
    description: codes.map(([code]) => `\`${code}\``).join(", "),
    ...((status === 429 || status === 503) && { headers: RETRY_AFTER }),
    content: { "application/json": { schema: variants.length === 1 ? variants[0]! : { oneOf: variants } } },
  };
}

function responsesOf(endpoint: Endpoint, prose: Prose, writer: SchemaWriter): Record<string, OpenApiResponse> {
  const { response, status } = endpoint;
  const success: OpenApiResponse =
    response === "text/event-stream"
      ? { description: "A live stream of server-sent events.", content: { "text/event-stream": { schema: { type: "string" } } } }
      : response === "text/csv"
        ? { description: "A CSV file.", content: { "text/csv": { schema: { type: "string" } } } }
        : response === "image/*"
          ? { description: "The image's bytes.", content: { "image/*": { schema: { type: "string", format: "binary" } } } }
          : status === 204
            ? { description: "Done; no content." }
            : {
                description: status === 201 ? "Created." : status === 202 ? "Accepted." : "OK.",
                content: { "application/json": { schema: writer.write(response, "output") } },
              };
  const responses: Record<string, OpenApiResponse> = { [status]: success };
  for (const [extra, description] of Object.entries(prose.alsoAnswers ?? {}))
    responses[extra] = { ...(Number(extra) < 300 && success), description };

  const byStatus = new Map<number, [string, ErrorSpec][]>();
  for (const [code, spec] of Object.entries(endpoint.errors)) {
    const errorStatus = typeof spec === "number" ? spec : spec.status;
    byStatus.set(errorStatus, [...(byStatus.get(errorStatus) ?? []), [code, spec]]);
  }
  for (const errorStatus of [...byStatus.keys()].sort())
    responses[errorStatus] = errorResponse(errorStatus, byStatus.get(errorStatus)!, writer);
  return responses;
}

/** The document, built from the endpoint table on each call (the server keeps the one it built). */
export function openApiDocument(): OpenApiDocument {
  const writer = new SchemaWriter();
  const paths: OpenApiDocument["paths"] = {};
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    const endpoint: Endpoint = endpoints[name];
    const prose = PROSE[name];
    const parameters = parametersOf(endpoint, writer);
    const requestBody = requestBodyOf(endpoint, writer);
    const operation: OpenApiOperation = {
      operationId: name,
      summary: prose.summary,
      ...(prose.description && { description: prose.description }),
      tags: [prose.tag],
      security: endpoint.auth === "public" ? [] : STAFF_SECURITY,
      ...(endpoint.auth !== "public" && { "x-roles": [...PERMISSIONS[endpoint.auth.permission]] }),
      ...(parameters.length > 0 && { parameters }),
      ...(requestBody && { requestBody }),
      responses: responsesOf(endpoint, prose, writer),
    };
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase() as HttpMethod] = operation;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Limitless Bar & Grill API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/api", description: "This server" }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name: name as Tag, description })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(writer.components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer", description: "The `access_token` that `POST /api/login` answers." },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "access_token",
          description:
            "The session cookie `POST /api/login` sets. A write it authenticates must come from the site's own origin (`Origin`, or `Sec-Fetch-Site: same-origin`), or it is 403 `cross_origin_refused`.",
        },
      },
    },
  };
}
