/**
 * Every endpoint of the HTTP contract (../shared/API.md), by the names of api-routes.ts: what it takes
 * (path parameters, query, headers, body), what it answers (status, body) and the error codes it can
 * answer with. The server registers and validates its routes from this table (api/lib/endpoint.ts);
 * the web app's client takes its argument and result types from it (src/shared/api-client.ts).
 */
import { z } from "zod";
import { API_ROUTES, type ApiRoute, type ApiRouteName } from "./api-routes";
import { MAX_CSV_BYTES } from "./menu";
import { PHOTO_MAX_BYTES, PHOTO_MEDIA_TYPES } from "./photos";
import * as s from "./schemas";

/** An answer that is not JSON (a photo's bytes are `image/*`). */
export type NonJsonAnswer = "text/event-stream" | "text/csv" | "image/*";
/** An error code's status, and the shape of one of its `details` where a client reads them. */
export type ErrorSpec = number | { status: number; details: z.ZodType };
/** The 404 an endpoint answers when what its path names does not exist, or its id is not a valid id. */
export type MissingCode =
  | "unknown_branch"
  | "station_not_found"
  | "order_not_found"
  | "product_not_found"
  | "call_not_found"
  | "printer_not_found"
  | "staff_not_found"
  | "photo_not_found"
  | "tab_not_found"
  | "adjustment_not_found"
  | "payment_not_found";

/** A file sent as `multipart/form-data`, which the route reads itself (api/lib/file-upload.ts). */
export interface FileUpload {
  /** The form field that carries the file. */
  field: string;
  /** An older name the field is still read under. */
  alias?: string;
  /** What the file may be. */
  mediaTypes: readonly string[];
  /** The largest file taken; a larger one is 413 `file_too_large`. */
  maxBytes: number;
  /** For the published document (contract/openapi.ts). */
  description: string;
}

export interface EndpointSpec {
  /** 200 unless said. */
  status?: 201 | 202 | 204;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Headers by name, each optional; a bad one is 400 `invalid_<name>` (`Idempotency-Key` → `invalid_idempotency_key`). */
  headers?: z.ZodObject;
  /**
   * A JSON body's schema (`.optional()`: the body may be left out), or a file upload the route reads
   * itself. A write without one takes no body: none, or `{}` (api/lib/endpoint.ts).
   */
  body?: z.ZodType | FileUpload;
  response: z.ZodType | NonJsonAnswer;
  missing?: MissingCode;
  /** The endpoint's own codes; those its shape implies (a bad body or query, not signed in…) are added below. */
  errors?: Record<string, ErrorSpec>;
}
export type Endpoint = ApiRoute &
  Omit<EndpointSpec, "status" | "errors"> & { status: 200 | 201 | 202 | 204; errors: Record<string, ErrorSpec> };

const fieldDetails = { status: 400, details: s.apiErrorDetailSchema };
const branchErrors = { unknown_branch: 404 };
const streamErrors = { invalid_last_event_id: 400, busy: 503 };
const jsonBodyErrors = {
  unsupported_media_type: 415,
  invalid_json: 400,
  invalid_body: fieldDetails,
  payload_too_large: 413,
  incomplete_body: 400,
};
const fileUploadErrors = { file_required: 400, unsupported_media_type: 415, invalid_multipart: 400, file_too_large: 413 };

/** Is the entry's body a file upload rather than JSON? */
export function isFileUpload(body: EndpointSpec["body"]): body is FileUpload {
  return body !== undefined && !(body instanceof z.ZodType);
}

export const endpoints = defineEndpoints({
  health: { response: z.object({ status: z.literal("ok") }), errors: { database_unavailable: 503 } },

  login: {
    body: s.loginBodySchema,
    response: s.loginResponseSchema,
    errors: { invalid_credentials: 401, too_many_attempts: 429, busy: 503 },
  },
  currentUser: { response: s.currentUserResponseSchema },
  staffSettings: { response: s.staffSettingsSchema },
  logout: { response: z.object({ logged_out: z.literal(true) }) },
  /** A new session for the person whose PIN it is; the tablet's previous session ends. */
  switchUser: {
    body: s.switchUserSchema,
    response: s.loginResponseSchema,
    errors: { invalid_credentials: 401, too_many_attempts: 429, busy: 503 },
  },
  setOwnPin: { body: s.ownPinSchema, response: s.staffAccountSchema },

  staffAccounts: { query: s.staffListQuerySchema, response: z.array(s.staffAccountSchema), errors: branchErrors },
  createStaffAccount: {
    status: 201,
    body: s.staffCreateSchema,
    response: s.staffAccountSchema,
    errors: { weak_password: fieldDetails, email_taken: 409 },
  },
  updateStaffAccount: {
    params: s.staffIdParams,
    body: s.staffPatchSchema,
    response: s.staffAccountSchema,
    missing: "staff_not_found",
    errors: { weak_password: fieldDetails, last_owner: 409 },
  },
  auditLog: { query: s.auditLogQuerySchema, response: z.array(s.auditEntrySchema), errors: branchErrors },

  /** Also 304 on a matching If-None-Match. */
  menu: { query: s.branchQuerySchema, response: s.menuSchema, errors: branchErrors },
  updateProduct: { params: s.productIdParams, body: s.productPatchSchema, response: s.productSchema, missing: "product_not_found" },
  createProduct: {
    status: 201,
    query: s.branchQuerySchema,
    body: s.productCreateSchema,
    response: s.editedProductSchema,
    errors: { ...branchErrors, invalid_product: fieldDetails },
  },
  /** A body of only `available` and/or `stock` is the sold-out/stock update (as PATCH). */
  replaceProduct: {
    params: s.productIdParams,
    body: s.productReplaceSchema,
    response: s.editedProductSchema,
    missing: "product_not_found",
    errors: { invalid_product: fieldDetails },
  },
  deleteProduct: { status: 204, params: s.productIdParams, response: z.void(), missing: "product_not_found" },
  /** Answers the branch's menu in its new order. */
  reorderProducts: {
    query: s.branchQuerySchema,
    body: s.productReorderSchema,
    response: s.menuSchema,
    errors: { ...branchErrors, invalid_order: fieldDetails },
  },
  exportMenuCsv: { query: s.branchQuerySchema, response: "text/csv", errors: branchErrors },
  uploadMenuCsv: {
    query: s.csvUploadQuerySchema,
    body: {
      field: "file",
      alias: "menu",
      mediaTypes: ["text/csv"],
      maxBytes: MAX_CSV_BYTES,
      description: "The menu as CSV, in the format `GET /api/products/export_csv` answers (the field may also be named `menu`).",
    },
    response: s.csvImportSummarySchema,
    errors: { ...branchErrors, invalid_csv: fieldDetails },
  },
  /** Answers the product with its new `photo`. */
  uploadProductPhoto: {
    params: s.productIdParams,
    body: {
      field: "photo",
      mediaTypes: PHOTO_MEDIA_TYPES,
      maxBytes: PHOTO_MAX_BYTES,
      description: "A JPEG, PNG or WebP photo of the dish, at most 10 MB (a phone camera's photo as it is).",
    },
    response: s.editedProductSchema,
    missing: "product_not_found",
    errors: { unsupported_image: 415 },
  },
  /** Answers the product, its `photo` null; a product without a photo is answered as it is. */
  deleteProductPhoto: { params: s.productIdParams, response: s.editedProductSchema, missing: "product_not_found" },
  /** The bytes of a stored photo; unknown or malformed hashes are 404. */
  photo: { params: s.photoHashParams, response: "image/*", missing: "photo_not_found" },

  branch: { params: s.branchParams, response: s.branchSchema, missing: "unknown_branch" },
  /** Replaces the branch's windows; answers the branch. */
  setHappyHours: { params: s.branchParams, body: s.happyHoursSchema, response: s.branchSchema, missing: "unknown_branch" },

  diningTables: { query: s.branchQuerySchema, response: z.array(s.diningTableSchema), errors: branchErrors },
  /** The branch in the query, the body or both (then the same). */
  createDiningTable: {
    status: 201,
    query: s.diningTableCreateQuerySchema,
    body: s.diningTableCreateSchema,
    response: s.diningTableSchema,
    errors: { ...branchErrors, branch_mismatch: 400 },
  },
  updateDiningTable: { params: s.uuidParams, body: s.diningTableUpdateSchema, response: s.diningTableSchema, missing: "station_not_found" },
  deleteDiningTable: { status: 204, params: s.uuidParams, response: z.void(), missing: "station_not_found" },
  diningTable: { params: s.uuidParams, response: s.publicDiningTableSchema, missing: "station_not_found" },
  floor: { query: s.branchQuerySchema, response: s.floorSchema, errors: branchErrors },

  /** 201, or a replay of the key's first answer (API.md "Orders"). */
  placeOrder: {
    status: 201,
    headers: s.idempotencyHeadersSchema,
    body: s.orderCreateSchema,
    response: s.orderSchema,
    errors: {
      unknown_station: 404,
      branch_mismatch: 400,
      invalid_order: fieldDetails,
      order_too_large: 422,
      idempotency_key_reused: 422,
      rate_limited: 429,
      sold_out: { status: 409, details: s.soldOutDetailSchema },
      not_available_today: { status: 409, details: s.notTodayDetailSchema },
      price_changed: { status: 409, details: s.priceChangedDetailSchema },
    },
  },
  orders: { query: s.orderListQuerySchema, response: z.array(s.orderSchema), errors: branchErrors },
  /** Public (the UUID is the capability): without `station_id`, the table's key. */
  order: { params: s.uuidParams, response: s.publicOrderSchema, missing: "order_not_found" },
  updateOrder: {
    params: s.uuidParams,
    body: s.orderPatchSchema,
    response: s.orderSchema,
    missing: "order_not_found",
    // sold_out: releasing a held order whose counted stock ran out meanwhile.
    errors: { invalid_transition: fieldDetails, not_at_station: 409, sold_out: { status: 409, details: s.soldOutDetailSchema } },
  },
  /** The body is optional: a board may say which of its stations saw the order. */
  markOrderSeen: { params: s.uuidParams, body: s.orderSeenSchema.optional(), response: s.orderSchema, missing: "order_not_found" },
  /** 409 `no_printer`: the branch has no printer for any prep station of the order. */
  printOrder: { params: s.uuidParams, response: s.printOrderAnswerSchema, missing: "order_not_found", errors: { no_printer: 409 } },

  /** 201 for a new call; 200 with the open one while that kind is open for the table. */
  callStaff: {
    status: 201,
    params: s.uuidParams,
    body: s.callCreateSchema,
    response: s.callSchema,
    missing: "station_not_found",
    errors: { rate_limited: 429 },
  },
  diningTableCalls: { params: s.uuidParams, response: z.array(s.callSchema), missing: "station_not_found" },
  calls: { query: s.branchQuerySchema, response: z.array(s.callSchema), errors: branchErrors },
  finishCall: { params: s.uuidParams, body: s.callPatchSchema, response: s.callSchema, missing: "call_not_found" },

  /** The table's open check (its tab, with lines, adjustments, payments and balance). */
  tab: { params: s.uuidParams, response: s.checkSchema, missing: "station_not_found" },
  /** Pays the whole balance in one payment, and closes the tab. */
  closeTab: {
    params: s.uuidParams,
    body: s.tabCloseSchema,
    response: s.closedTabSchema,
    missing: "station_not_found",
    errors: { tab_empty: 409, approval_pending: 409 },
  },
  check: { params: s.uuidParams, response: s.checkSchema, missing: "tab_not_found" },
  tabReceipt: {
    status: 202,
    params: s.uuidParams,
    body: s.receiptRequestSchema,
    response: s.receiptQueuedSchema,
    missing: "tab_not_found",
    errors: { no_printer: 409, email_off: 409 },
  },
  dinerReceipt: {
    status: 202,
    params: s.uuidParams,
    body: s.dinerReceiptSchema,
    response: s.receiptQueuedSchema,
    missing: "station_not_found",
    errors: { email_off: 409, no_visit: 409, tab_empty: 409, rate_limited: 429 },
  },
  createAdjustment: {
    status: 201,
    params: s.uuidParams,
    body: s.adjustmentCreateSchema,
    response: s.adjustmentSchema,
    missing: "tab_not_found",
    errors: { tab_closed: 409, unknown_line: 400, line_adjusted: 409, line_voided: 409, adjustment_too_large: 409 },
  },
  approveAdjustment: {
    params: s.uuidParams,
    body: s.adjustmentApproveSchema,
    response: s.adjustmentSchema,
    missing: "adjustment_not_found",
    errors: {
      invalid_credentials: 401,
      too_many_attempts: 429,
      busy: 503,
      not_an_approver: 403,
      not_pending: 409,
      tab_closed: 409,
      adjustment_too_large: 409,
    },
  },
  rejectAdjustment: {
    params: s.uuidParams,
    response: s.adjustmentSchema,
    missing: "adjustment_not_found",
    errors: { not_pending: 409, tab_closed: 409 },
  },
  splitCheck: {
    params: s.uuidParams,
    body: s.splitSchema,
    response: s.splitAnswerSchema,
    missing: "tab_not_found",
    errors: { tab_closed: 409 },
  },
  /** 201, or a replay of the key's first answer. */
  payCheck: {
    status: 201,
    headers: s.idempotencyHeadersSchema,
    params: s.uuidParams,
    body: s.paymentCreateSchema,
    response: s.paymentAnswerSchema,
    missing: "tab_not_found",
    errors: {
      tab_closed: 409,
      overpaid: 409,
      tendered_short: 400,
      invalid_amount: 400,
      unknown_line: 400,
      line_paid: 409,
      line_voided: 409,
      approval_pending: 409,
      idempotency_key_reused: 422,
    },
  },
  refundPayment: {
    status: 201,
    params: s.uuidParams,
    body: s.refundCreateSchema,
    response: s.refundSchema,
    missing: "payment_not_found",
    errors: { tab_open: 409, refund_too_large: 409 },
  },
  openTabs: { query: s.branchQuerySchema, response: z.array(s.openTabSchema), errors: branchErrors },

  boardHeartbeat: { body: s.boardHeartbeatSchema, response: s.kitchenStatusSchema, errors: branchErrors },
  kitchenStatus: { query: s.branchQuerySchema, response: s.kitchenStatusSchema, errors: branchErrors },

  salesReport: { query: s.reportQuerySchema, response: s.salesReportSchema, errors: branchErrors },
  ordersReportCsv: { query: s.reportQuerySchema, response: "text/csv", errors: branchErrors },
  dayReport: { query: s.dayReportQuerySchema, response: s.dayReportSchema, errors: branchErrors },
  /** One row per closed check, and a row of totals. */
  dayReportCsv: { query: s.dayReportQuerySchema, response: "text/csv", errors: branchErrors },
  /** Answers the day's report with the count. */
  setCashCount: { body: s.cashCountSchema, response: s.dayReportSchema, errors: branchErrors },
  /** Queued on the branch's receipts printer. 409 `no_printer` without one. */
  printDayReport: {
    status: 202,
    body: s.dayReportPrintSchema,
    response: s.printQueuedSchema,
    errors: { ...branchErrors, no_printer: 409 },
  },

  printers: { query: s.branchQuerySchema, response: z.array(s.printerSchema), errors: branchErrors },
  createPrinter: { status: 201, body: s.printerCreateSchema, response: s.printerSchema, errors: branchErrors },
  updatePrinter: { params: s.printerIdParams, body: s.printerUpdateSchema, response: s.printerSchema, missing: "printer_not_found" },
  /** Its queued tickets go with it. */
  deletePrinter: { status: 204, params: s.printerIdParams, response: z.void(), missing: "printer_not_found" },

  /** Live streams resume after `Last-Event-ID` (the header, or `?last_event_id=`). */
  branchEvents: { query: s.branchQuerySchema, response: "text/event-stream", errors: { ...branchErrors, ...streamErrors } },
  diningTableEvents: { params: s.uuidParams, response: "text/event-stream", missing: "station_not_found", errors: streamErrors },
  /** `order.updated` without `station_id` (s.publicOrderSchema), as `order` answers. */
  orderEvents: { params: s.uuidParams, response: "text/event-stream", missing: "order_not_found", errors: streamErrors },
  productEvents: { query: s.branchQuerySchema, response: "text/event-stream", errors: { ...branchErrors, ...streamErrors } },

  tableCart: { params: s.uuidParams, response: s.tableCartSchema, missing: "station_not_found" },
  /** All or nothing: a refused operation (details name it by `index` and `op_id`) leaves the cart as it was. */
  applyCartOperations: {
    params: s.uuidParams,
    body: s.cartOperationsBodySchema,
    response: s.cartOperationsAnswerSchema,
    missing: "station_not_found",
    errors: {
      invalid_operation: { status: 400, details: s.cartOperationDetailSchema },
      sold_out: { status: 409, details: s.cartOperationDetailSchema },
      not_available_today: { status: 409, details: s.cartOperationDetailSchema },
      cart_submitting: 409,
      rate_limited: 429,
    },
  },
  /** 201 the order, or a replay of the key's first answer; one order per cart version, whoever submits it. */
  submitTableCart: {
    status: 201,
    params: s.uuidParams,
    headers: s.idempotencyHeadersSchema,
    body: s.cartSubmitSchema,
    response: s.orderSchema,
    missing: "station_not_found",
    errors: {
      cart_empty: 409,
      cart_changed: { status: 409, details: s.cartChangedDetailSchema },
      cart_already_submitted: { status: 409, details: s.cartSubmittedDetailSchema },
      idempotency_key_reused: 422,
      invalid_order: { status: 400, details: s.cartOperationDetailSchema },
      order_too_large: 422,
      rate_limited: 429,
      sold_out: { status: 409, details: s.soldOutDetailSchema },
      not_available_today: { status: 409, details: s.notTodayDetailSchema },
    },
  },
});

export type Endpoints = typeof endpoints;

/** The codes every endpoint of a shape can answer with, whatever it does. */
function impliedErrors(route: ApiRoute, spec: EndpointSpec): Record<string, ErrorSpec> {
  return {
    // A role without the endpoint's permission, or a branch not the account's.
    ...(route.auth !== "public" && { unauthenticated: 401, forbidden: 403 }),
    // A write carrying the session cookie, or a sign-in or sign-out, from another site.
    ...(route.method !== "GET" && { cross_origin_refused: 403 }),
    ...(spec.missing && { [spec.missing]: 404 }),
    ...(spec.query && { invalid_query: fieldDetails }),
    ...(spec.headers &&
      Object.fromEntries(Object.keys(spec.headers.shape).map((name) => [`invalid_${name.toLowerCase().replace(/-/g, "_")}`, 400]))),
    // A write without a body still refuses one that is not `{}` or not JSON.
    ...((spec.body instanceof z.ZodType || (spec.body === undefined && route.method !== "GET")) && jsonBodyErrors),
    ...(isFileUpload(spec.body) && fileUploadErrors),
  };
}

type Defined<Route, Spec> = Route &
  Omit<Spec, "status" | "errors"> & {
    status: Spec extends { status: infer S } ? S : 200;
    errors: Record<string, ErrorSpec> & (Spec extends { errors: infer E } ? E : unknown);
  };

function defineEndpoints<const Specs extends { [K in ApiRouteName]: EndpointSpec }>(specs: Specs) {
  const table: Record<string, Endpoint> = {};
  for (const [name, route] of Object.entries(API_ROUTES)) {
    const spec: EndpointSpec = specs[name as ApiRouteName];
    table[name] = { ...route, ...spec, status: spec.status ?? 200, errors: { ...impliedErrors(route, spec), ...spec.errors } };
  }
  return table as { [K in ApiRouteName]: Defined<(typeof API_ROUTES)[K], Specs[K]> };
}

// ---------- the types both sides derive from an entry ----------
type SchemaOf<E, Key extends string> = E extends { [K in Key]: infer S extends z.ZodType } ? S : never;

/** What the server's handler gets: each part of the request as its schema parsed it. */
export type Parsed<E, Key extends "params" | "query" | "headers" | "body"> = [SchemaOf<E, Key>] extends [never]
  ? undefined
  : z.output<SchemaOf<E, Key>>;

/** The JSON an endpoint answers with (never for a non-JSON answer). */
export type AnswerOf<E> = [SchemaOf<E, "response">] extends [never] ? never : z.output<SchemaOf<E, "response">>;

/**
 * A path's or a query's values as a client passes them: already typed (a number, a list of statuses),
 * optional where the wire lets them be left out; the client writes them as text.
 */
type WireValues<S extends z.ZodType> = { [K in keyof z.input<S>]: Readonly<z.output<S>[K & keyof z.output<S>]> };

type Wire<E, Key extends "params" | "query"> = [SchemaOf<E, Key>] extends [never] ? unknown : { [P in Key]: WireValues<SchemaOf<E, Key>> };
type Sent<E, Key extends "headers" | "body"> = [SchemaOf<E, Key>] extends [never] ? unknown : { [P in Key]: z.input<SchemaOf<E, Key>> };
/** Where a client sends a request to an endpoint: its path's parameters and its query. */
export type AddressOf<E> = Wire<E, "params"> & Wire<E, "query">;
/** What a client sends to an endpoint. */
export type RequestOf<E> = AddressOf<E> & Sent<E, "headers"> & Sent<E, "body">;
