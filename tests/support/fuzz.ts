/**
 * Random and hostile HTTP requests for the fuzz run (tests/api/fuzz.test.ts): every endpoint of the
 * contract's table (contract/api-routes.ts, contract/endpoints.ts), with wrong types, huge and invisible
 * strings, deep nesting, prototype keys, invalid UTF-8, wrong content types, duplicated keys, injection
 * strings, odd headers and broken multipart bodies, sent anonymously or as staff. And the check every
 * answer must pass.
 */
import fc from "fast-check";
import { z } from "zod";
import { API_ROUTES, type ApiRouteName } from "../../contract/api-routes";
import { endpoints, isFileUpload, type Endpoint as ContractEndpoint, type FileUpload, type MissingCode } from "../../contract/endpoints";

// ---------- the endpoints ----------

export type BodyKind = "json" | "multipart" | "none";
export type Param = "branch" | "product" | "station" | "order" | "call" | "printer" | "staff" | "photo" | "tab" | "adjustment" | "payment";

export interface Endpoint {
  /** The contract's name for it. */
  name: ApiRouteName;
  method: string;
  /** `{product}`, `{station}`, `{order}`, `{call}` are filled with known, random or hostile ids. */
  path: string;
  body: BodyKind;
  /** A multipart body's field and what its file may be. */
  upload?: FileUpload;
  /** Query parameters the endpoint reads. */
  query: readonly string[];
  /** Request headers the endpoint reads (`Idempotency-Key`). */
  headers: readonly string[];
  staff: boolean;
  /** Answers a live stream on success: the fuzzer reads the head and hangs up. */
  stream: boolean;
  /** Signing out with the fuzz run's own session would end it: sent without a live session. */
  endsSession?: boolean;
  /** A body that the endpoint accepts, for the fuzzer to corrupt one piece at a time. */
  valid?: (ids: KnownIds) => unknown;
}

export interface KnownIds {
  products: number[];
  /** Option ids with the product they belong to. */
  options: { productId: number; id: number }[];
  stations: string[];
  orders: string[];
  /** Stored photos' hashes. */
  photos: string[];
  staffEmail: string;
}

/** What an id in a path names, by the 404 its entry answers when it names nothing. */
const PARAM_OF: Record<MissingCode, Param> = {
  unknown_branch: "branch",
  product_not_found: "product",
  station_not_found: "station",
  order_not_found: "order",
  call_not_found: "call",
  printer_not_found: "printer",
  staff_not_found: "staff",
  photo_not_found: "photo",
  tab_not_found: "tab",
  adjustment_not_found: "adjustment",
  payment_not_found: "payment",
};

/**
 * A body each JSON endpoint accepts, to corrupt one piece at a time and so reach the checks behind the
 * schema. An endpoint without one is still fuzzed, with random and broken JSON only.
 */
const VALID_BODIES: Partial<Record<ApiRouteName, (ids: KnownIds) => unknown>> = {
  login: (ids) => ({ email: ids.staffEmail, password: "not the password" }),
  updateProduct: () => ({ available: true }),
  createProduct: () => ({
    category: "main",
    name: "Fuzz dish",
    price: "9.50",
    customizations: { Size: { exclusive: true, required: false, options: [{ name: "Large", price: "1.00" }] } },
  }),
  replaceProduct: () => ({ price: "10.50", translations: { fil: { name: "Ulam", description: "" } } }),
  reorderProducts: (ids) => ({ category: "main", product_ids: ids.products.slice(0, 2) }),
  createDiningTable: () => ({ codename: "Fuzz table", capacity: 4, branch_id: 1 }),
  updateDiningTable: () => ({ codename: "Renamed", capacity: 6, area: "Patio", position: { x: 120, y: 640 } }),
  placeOrder: (ids) => ({
    products: [
      { id: ids.options[0]?.productId ?? ids.products[0], quantity: 1, selectedCustomizations: ids.options.slice(0, 1).map((o) => o.id) },
    ],
    station_id: ids.stations[0],
    branch_id: 1,
  }),
  updateOrder: () => ({ status: "preparing" }),
  markOrderSeen: () => ({ station: "kitchen" }),
  callStaff: () => ({ kind: "server" }),
  finishCall: () => ({ status: "done" }),
  closeTab: () => ({ paid_with: "cash" }),
  createAdjustment: () => ({ kind: "discount", percent: 10, reason: "Regular" }),
  approveAdjustment: (ids) => ({ email: ids.staffEmail, pin: "1234" }),
  splitCheck: () => ({ ways: 2 }),
  payCheck: () => ({ method: "cash", amount: "5.00", tip: "1.00" }),
  refundPayment: () => ({ amount: "1.00", reason: "Cold dish" }),
  setCashCount: () => ({ branch_id: 1, date: "2026-01-15", counted: "100.00" }),
  printDayReport: () => ({ branch_id: 1, date: "2026-01-15" }),
  boardHeartbeat: () => ({ branch_id: 1, board_id: "3f2b8c1d-6e4a-4b7c-9d0e-1a2b3c4d5e6f", station: "kitchen" }),
  applyCartOperations: (ids) => ({
    phone_id: "6f1c2b9e-2d7a-4c3e-9a51-0b8f4e7d2c10",
    operations: [
      {
        type: "add_line",
        op_id: "0c9d6a3e-5b1f-4e2a-8c7d-3f4a5b6c7d8e",
        at: "2026-01-01T12:00:00.000Z",
        line_id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        product_id: ids.options[0]?.productId ?? ids.products[0],
        quantity: 1,
        options: ids.options.slice(0, 1).map((o) => o.id),
      },
      {
        type: "set_quantity",
        op_id: "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
        at: "2026-01-01T12:00:01.000Z",
        line_id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        quantity: 2,
      },
      { type: "set_name", op_id: "2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b", at: "2026-01-01T12:00:02.000Z", name: "Ana" },
    ],
  }),
  submitTableCart: () => ({ version: 1 }),
};

/** The endpoints the table cannot say enough about, each with why. */
const EXCEPTIONS: Partial<Record<ApiRouteName, Pick<Endpoint, "endsSession">>> = {
  // Signing out with the run's own session would sign every later staff request out.
  logout: { endsSession: true },
};

function fuzzed(name: ApiRouteName): Endpoint {
  const entry: ContractEndpoint = endpoints[name];
  const path = entry.path.replace(/:\w+/g, () => {
    if (!entry.missing) throw new Error(`${name}: a path parameter, but no \`missing\` code says what it names`);
    return `{${PARAM_OF[entry.missing]}}`;
  });
  const stream = entry.response === "text/event-stream";
  const query = entry.query instanceof z.ZodObject ? Object.keys(entry.query.shape) : [];
  return {
    name,
    method: entry.method,
    path: `/api${path}`,
    body: isFileUpload(entry.body) ? "multipart" : entry.body ? "json" : "none",
    upload: isFileUpload(entry.body) ? entry.body : undefined,
    // Every stream resumes after `?last_event_id=` too (api/events/routes.ts).
    query: stream ? [...query, "last_event_id"] : query,
    headers: entry.headers ? Object.keys(entry.headers.shape) : [],
    staff: entry.auth !== "public",
    stream,
    valid: VALID_BODIES[name],
    ...EXCEPTIONS[name],
  };
}

/** Every endpoint the contract names, straight from its table: a new endpoint is fuzzed without a line here. */
export const ENDPOINTS: readonly Endpoint[] = (Object.keys(API_ROUTES) as ApiRouteName[]).map(fuzzed);

// ---------- hostile values ----------

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE orders; --",
  '" OR ""="',
  "1 UNION SELECT * FROM staff_users --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "${7*7}",
  "{{constructor.constructor('return process')()}}",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "\ud800",
  "\udfff\ud800",
  "\uffff\ufffe",
  "🍺🔥".repeat(50),
  "e\u0301".repeat(200),
  "\u200b\u200b\u200b",
];
const NUMBERISH = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1",
  "-0",
  "0",
  "00",
  "01",
  "0x10",
  "0b1",
  "1.0",
  "1.5",
  "1e0",
  " 1",
  "1 ",
  "１",
  "9".repeat(40),
  "-9".repeat(20),
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
];
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__"];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS, ...NUMBERISH, ...PROTO_KEYS, "", " ") },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.uuid() },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.integer({ min: -3, max: 120 }),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e308,
    -1e308,
  ),
);

/** Any JSON value, with hostile strings, numbers and keys, a few levels deep. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...PROTO_KEYS)), tie("value"), { maxKeys: 4 }),
  ),
})).value;

// ---------- bodies ----------

export interface FuzzBody {
  bytes: Uint8Array;
  contentType?: string;
  /** What it is, for the failure message (the bytes can be large). */
  label: string;
}

const encoder = new TextEncoder();
const utf8 = (text: string, contentType: string | undefined, label: string): FuzzBody => ({
  bytes: encoder.encode(text),
  contentType,
  label,
});

const JSON_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json; charset=utf-16",
  "application/jsonx",
  "application/json, text/plain",
];
const OTHER_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "text/csv",
  "application/octet-stream",
  "",
  ";",
  "application/",
  "*/*",
];
const contentTypeArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  { weight: 2, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

function setPath(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setPath(item, rest, replacement) : item));
  if (value && typeof value === "object") {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    Object.defineProperty(copy, String(head), {
      value: setPath(copy[String(head)], rest, replacement),
      enumerable: true,
      configurable: true,
      writable: true,
    });
    return copy;
  }
  return value;
}

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, i) => leafPaths(item, [...prefix, i]))];
  if (value && typeof value === "object")
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  return [prefix];
}

/** A valid body with one piece replaced, removed, duplicated or wrapped: reaches the deeper checks. */
function corruptedArb(valid: unknown): fc.Arbitrary<FuzzBody> {
  const paths = leafPaths(valid);
  return fc
    .record({
      path: fc.constantFrom(...paths),
      change: fc.oneof(
        hostileJson.map((v) => ({ kind: "replace" as const, value: v })),
        fc.constant({ kind: "remove" as const }),
        fc.constantFrom(...PROTO_KEYS).chain((key) => hostileJson.map((v) => ({ kind: "add" as const, key, value: v }))),
        fc.constant({ kind: "wrap" as const }),
        fc.constant({ kind: "stringify" as const }),
      ),
      contentType: contentTypeArb,
    })
    .map(({ path, change, contentType }) => {
      let body: unknown;
      const current = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)?.[key], valid);
      switch (change.kind) {
        case "replace":
          body = setPath(valid, path, change.value);
          break;
        case "remove":
          body = path.length === 0 ? undefined : setPath(valid, path, undefined);
          break;
        case "add":
          body = setPath(
            valid,
            path,
            current && typeof current === "object" ? { ...(current as object), [change.key]: change.value } : change.value,
          );
          break;
        case "wrap":
          body = setPath(valid, path, [current]);
          break;
        case "stringify":
          body = setPath(valid, path, typeof current === "string" ? current : JSON.stringify(current));
          break;
      }
      const text = body === undefined ? "" : JSON.stringify(body);
      return utf8(text, contentType, `valid body, ${change.kind} at ${JSON.stringify(path)}: ${text.slice(0, 300)}`);
    });
}

/** Bytes that are not valid UTF-8: lone continuation bytes, overlong forms, surrogates, truncated sequences. */
const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0xc3],
];

function rawJsonTextArb(valid: unknown): fc.Arbitrary<FuzzBody> {
  const text = JSON.stringify(valid ?? {});
  const firstKey = valid && typeof valid === "object" && !Array.isArray(valid) ? Object.keys(valid)[0] : undefined;
  return fc.oneof(
    fc
      .constantFrom(
        "",
        " ",
        "null",
        "[]",
        "{}",
        '""',
        "0",
        "{",
        '{"a":',
        "{'single': 'quotes'}",
        '{"a": NaN}',
        '{"a": Infinity, "b": -Infinity}',
        '{"a": 1e999999}',
        '{"a": 0x10}',
        '{"a": undefined}',
        "\ufeff" + text,
        text + "garbage",
        text + text,
        text.slice(0, Math.max(1, text.length - 1)),
        '{"__proto__": {"admin": true}, "constructor": {"prototype": {"polluted": 1}}}',
        firstKey ? text.replace("{", `{${JSON.stringify(firstKey)}: "duplicate", `) : '{"a":1,"a":2}',
      )
      .map((body) => utf8(body, "application/json", `raw JSON text: ${body.slice(0, 300)}`)),
    fc.integer({ min: 1_000, max: 20_000 }).chain((depth) =>
      fc.constantFrom("[", '{"a":').map((open) => {
        const close = open === "[" ? "]" : "}";
        return utf8(open.repeat(depth) + "1" + close.repeat(depth), "application/json", `nested ${depth} deep with ${open}`);
      }),
    ),
    fc.tuple(fc.constantFrom(...INVALID_UTF8), fc.nat({ max: text.length })).map(([bad, at]) => {
      const bytes = encoder.encode(text);
      const out = new Uint8Array(bytes.length + bad.length);
      out.set(bytes.subarray(0, at));
      out.set(bad, at);
      out.set(bytes.subarray(at), at + bad.length);
      return { bytes: out, contentType: "application/json", label: `valid body with invalid UTF-8 ${JSON.stringify(bad)} at byte ${at}` };
    }),
    fc
      .constantFrom(64 * 1024 + 1, 70_000, 200_000)
      .map((size) => utf8(JSON.stringify({ padding: "x".repeat(size) }), "application/json", `a ${size}-byte string in JSON`)),
  );
}

export function jsonBodyArb(endpoint: Endpoint, ids: KnownIds): fc.Arbitrary<FuzzBody | undefined> {
  const valid = endpoint.valid?.(ids);
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .tuple(hostileJson, contentTypeArb)
        .map(([value, type]) => utf8(JSON.stringify(value) ?? "", type, `random JSON: ${String(JSON.stringify(value)).slice(0, 300)}`)),
    },
    { weight: valid === undefined ? 0 : 5, arbitrary: corruptedArb(valid ?? {}) },
    { weight: 2, arbitrary: rawJsonTextArb(valid) },
    {
      weight: valid === undefined ? 0 : 1,
      arbitrary: contentTypeArb.map((type) => utf8(JSON.stringify(valid), type, `the valid body as ${type ?? "no content type"}`)),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/**
 * Multipart bodies for an upload: real forms with odd files (the valid one, text, nothing), and
 * hand-written ones with broken framing, the wrong field, invalid UTF-8 in the file, or a file over the
 * entry's limit. `validFile` is a file the endpoint accepts.
 */
export function multipartBodyArb(upload: FileUpload, validFile: Uint8Array): fc.Arbitrary<FuzzBody | undefined> {
  const boundary = "fuzzBoundary7MA4YWxk";
  const { field } = upload;
  const bytes = (...pieces: (string | Uint8Array)[]) =>
    concat(pieces.map((piece) => (typeof piece === "string" ? encoder.encode(piece) : piece)));
  const part = (headers: string, content: Uint8Array) => bytes(`--${boundary}\r\n${headers}\r\n\r\n`, content, "\r\n");
  const framed = (parts: Uint8Array, end = `--${boundary}--\r\n`) => bytes(parts, end);
  const fileContent: fc.Arbitrary<Uint8Array> = fc.oneof(
    fc.constant(validFile),
    fc.constant(validFile.subarray(0, Math.floor(validFile.length / 2))),
    hostileString.map((text) => encoder.encode(text)),
    fc.constant(encoder.encode("category,product\r\n")),
    fc.constant(new Uint8Array()),
  );
  const disposition = (name: string, filename = "upload.bin") => `Content-Disposition: form-data; name="${name}"; filename="${filename}"`;
  const raw: fc.Arbitrary<Uint8Array> = fc.oneof(
    fileContent.map((c) => framed(part(`${disposition(field)}\r\nContent-Type: ${upload.mediaTypes[0]}`, c))),
    fileContent.map((c) => framed(part(`Content-Disposition: form-data; name="${field}"`, c))),
    fileContent.map((c) => part(disposition(field), c)),
    fileContent.map((c) => framed(bytes(part(disposition("other", "a.bin"), c), part(disposition(field, "b.bin"), c)))),
    fc
      .constantFrom(
        "",
        "--",
        `--${boundary}--`,
        `--${boundary}\r\n\r\n\r\n--${boundary}--`,
        `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--other\r\n${disposition(field)}\r\n\r\nx\r\n--other--\r\n`,
        `--${boundary}\r\n${disposition("__proto__")}\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}\r\n${disposition(field, "../../etc/passwd")}\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename*=UTF-8''%E2%82%AC.bin\r\n\r\nx\r\n--${boundary}--\r\n`,
      )
      .map((text) => encoder.encode(text)),
  );
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          raw,
          fc.constantFrom(
            `multipart/form-data; boundary=${boundary}`,
            `multipart/form-data; boundary="${boundary}"`,
            "multipart/form-data",
            "multipart/form-data; boundary=",
            `multipart/mixed; boundary=${boundary}`,
            `text/plain; boundary=${boundary}`,
            undefined,
          ),
        )
        .map(([body, type]) => ({
          bytes: body,
          contentType: type,
          label: `multipart (${type ?? "no content type"}): ${new TextDecoder().decode(body.subarray(0, 300))}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...INVALID_UTF8), fc.nat()).map(([bad, at]) => {
        const file = validFile.subarray(0, 2_000);
        const cut = at % (file.length + 1);
        return {
          bytes: framed(part(disposition(field), bytes(file.subarray(0, cut), Uint8Array.from(bad), file.subarray(cut)))),
          contentType: `multipart/form-data; boundary=${boundary}`,
          label: `a file with invalid UTF-8 ${JSON.stringify(bad)}`,
        };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        bytes: framed(part(disposition(field), new Uint8Array(upload.maxBytes + 100_000).fill(0x78))),
        contentType: `multipart/form-data; boundary=${boundary}`,
        label: `a file over the ${upload.maxBytes}-byte limit`,
      }),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

// ---------- ids, queries, headers ----------

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes the percent-escaped
 * bytes it would have in WTF-8: a URL that decodes to invalid UTF-8, which is worth sending too.
 */
export function encodeAny(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(char);
  }
  return out;
}

export function idArb(param: Param, ids: KnownIds): fc.Arbitrary<string> {
  const known: string[] = {
    branch: ["1", "2"],
    product: ids.products.map(String),
    station: ids.stations,
    order: ids.orders,
    call: [],
    printer: [],
    staff: [],
    photo: ids.photos,
    // An open check's id is its first order's.
    tab: ids.orders,
    adjustment: [],
    payment: [],
  }[param];
  const hostile = fc.oneof(
    hostileString.map(encodeAny),
    fc.constantFrom(
      "%ff",
      "%E0%A4%A",
      "%",
      "%%",
      "%ZZ",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e",
      "..",
      ".",
      "%00",
      "null",
      "-1",
      "0",
      "1e3",
      "0x1f",
      "1.5",
      "99999999999999999999999",
      "%20",
      "%C0%AF",
    ),
    fc.uuid().map((u) => u.toUpperCase()),
    fc.uuid(),
    fc.integer({ min: 1, max: 400 }).map(String),
  );
  return known.length > 0 ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 3, arbitrary: hostile }) : hostile;
}

const queryValueArb = (name: string, ids: KnownIds): fc.Arbitrary<string> => {
  const plausible: Record<string, readonly string[]> = {
    branch_id: ["1", "2", "3", "0"],
    dry_run: ["1", "0", "true", "false", "yes"],
    status: ["received", "preparing,ready", "received,,", "cancelled", "RECEIVED"],
    station_id: ids.stations.slice(0, 2),
    limit: ["1", "500", "501", "0", "-1", "abc"],
    last_event_id: ["0", "1", "999999999999999", "9999999999999999"],
    from: ["2025-01-01", "2025-02-30", "9999-12-31", "2025-1-1"],
    to: ["2025-12-31", "0000-00-00", "yesterday"],
  };
  // Object.hasOwn: the names include "constructor", which every object otherwise answers.
  const values = Object.hasOwn(plausible, name) ? plausible[name]! : ["1"];
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...values, "") }, { weight: 2, arbitrary: hostileString });
};

/** Encoded as a client would, or with raw bad escapes, repeated names and stray separators. */
export function queryArb(endpoint: Endpoint, ids: KnownIds): fc.Arbitrary<string> {
  const names = [...endpoint.query, "__proto__", "constructor", "branch_id[]", "x"];
  const pair = fc
    .constantFrom(...names)
    .chain((name) =>
      fc.oneof(
        { weight: 5, arbitrary: queryValueArb(name, ids).map((v) => `${encodeAny(name)}=${encodeAny(v)}`) },
        { weight: 1, arbitrary: fc.constantFrom("%ff", "%", "%E0%A4%A", "1%00", "1&", "=", "", "1;2").map((v) => `${name}=${v}`) },
        { weight: 1, arbitrary: fc.constant(name) },
      ),
    );
  const valid = fc.constant(endpoint.query.includes("branch_id") ? "branch_id=1" : "");
  return fc.oneof(
    valid,
    fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join("&")),
    fc.tuple(valid, fc.array(pair, { maxLength: 3 })).map(([v, more]) => [v, ...more].filter(Boolean).join("&")),
  );
}

/** Header values fetch can send: Latin-1, no CR/LF/NUL (anything else is refused by the client, not the server). */
const headerValueArb = fc.oneof(
  hostileString.map((s) => s.replace(/[^\x20-\x7e\x80-\xff\t]/g, "?")),
  fc.constantFrom("\xff\xfe", "caf\xe9", "a".repeat(4_000), ""),
);

export interface FuzzHeaders {
  [name: string]: string[];
}

export function idempotencyKeyArb(): fc.Arbitrary<string[] | undefined> {
  return fc.oneof(
    fc.uuid().map((u) => [u]),
    fc.constantFrom<string[]>(
      ["a".repeat(255)],
      ["a".repeat(256)],
      ["k".repeat(4_000)],
      [" "],
      ["with space"],
      ["caf\xe9"],
      ["\xff"],
      ["a", "b"],
      ["x\tz"],
    ),
    headerValueArb.map((v) => [v]),
    fc.constant(undefined),
  );
}

export const extraHeadersArb: fc.Arbitrary<FuzzHeaders> = fc.dictionary(
  fc.constantFrom(
    "Accept",
    "Accept-Encoding",
    "If-None-Match",
    "Last-Event-ID",
    "X-Forwarded-For",
    "X-Forwarded-Proto",
    "X-Request-Id",
    "Sec-Fetch-Site",
    "Origin",
    "Cookie",
    "Accept-Language",
    "Range",
    "Expect-Nothing",
    "Transfer-Encoding-X",
  ),
  fc.array(headerValueArb, { minLength: 1, maxLength: 2 }),
  { maxKeys: 3 },
);

// ---------- who is calling ----------

export type Caller = "anonymous" | "bearer" | "cookie" | "cookie-cross-site" | "bogus-bearer" | "basic";
export const CALLERS: readonly Caller[] = ["anonymous", "bearer", "cookie", "cookie-cross-site", "bogus-bearer", "basic"];
/** Callers that do not present the run's live session (for POST /api/logout). */
export const CALLERS_WITHOUT_SESSION: readonly Caller[] = ["anonymous", "bogus-bearer", "basic"];

export function authHeaders(caller: Caller, token: string): FuzzHeaders {
  switch (caller) {
    case "anonymous":
      return {};
    case "bearer":
      return { Authorization: [`Bearer ${token}`] };
    case "cookie":
      return { Cookie: [`access_token=${token}`] };
    case "cookie-cross-site":
      return { Cookie: [`access_token=${token}`], Origin: ["https://evil.example"] };
    case "bogus-bearer":
      return { Authorization: [`Bearer ${"z".repeat(43)}`], Cookie: ["access_token=__proto__"] };
    case "basic":
      return { Authorization: ["Basic c3RhZmY6cGFzc3dvcmQ="] };
  }
}

// ---------- the check ----------

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** What is wrong with an answer (empty = fine): no 5xx, and every non-2xx in the one error shape. */
export function problemsWith(answer: Answer, method: string): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`a ${answer.status}`);
  if (answer.status < 200 || (answer.status >= 300 && answer.status < 400 && answer.status !== 304))
    problems.push(`an unexpected status ${answer.status}`);
  if (answer.status < 400 || method === "HEAD") return problems;
  if (!/^application\/json\b/i.test(answer.contentType)) problems.push(`content-type "${answer.contentType}" on an error`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push("an error body that is not JSON");
    return problems;
  }
  const shapeOk = (() => {
    if (!body || typeof body !== "object" || Array.isArray(body) || Object.keys(body).join() !== "error") return false;
    const error = (body as { error: unknown }).error;
    if (!error || typeof error !== "object" || Array.isArray(error)) return false;
    const { code, message, details, ...rest } = error as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return false;
    if (typeof code !== "string" || !/^[a-z][a-z0-9_]*$/.test(code)) return false;
    if (typeof message !== "string" || message.trim() === "") return false;
    if (details === undefined) return true;
    return (
      Array.isArray(details) &&
      details.length > 0 &&
      details.every((d) => d && typeof d === "object" && typeof (d as { message?: unknown }).message === "string")
    );
  })();
  if (!shapeOk) problems.push(`an error body not of the shape {"error":{"code","message","details"?}}: ${answer.text.slice(0, 300)}`);
  return problems;
}
