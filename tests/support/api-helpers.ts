/**
 * Small helpers for the API tests: one `call()` over real HTTP, the error-shape assertion, typed
 * readers for the state a refused write must leave alone, and session rows written straight into
 * the database (to test expiry without waiting 12 hours).
 */
import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { ApiErrorBody, ApiErrorDetail, Menu, Order, Product, DiningTable } from "../../contract/schemas";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { TestServer } from "./test-server";

export const EVIL_ORIGIN = "https://evil.example";

export interface CallOptions {
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is (with whatever Content-Type `headers` says). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** `Authorization: Bearer <token>`. */
  token?: string;
  /** The session cookie `access_token=<cookie>`. */
  cookie?: string;
  origin?: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the answer is not JSON. */
  body: T;
}

export async function call<T = unknown>(
  server: Pick<TestServer, "url">,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["Content-Type"] ??= "application/json";
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = `access_token=${options.cookie}`;
  if (options.origin) headers.Origin = options.origin;
  const response = await fetch(`${server.url}${path}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  const isJson = /json/.test(response.headers.get("content-type") ?? "") && text.length > 0;
  return { status: response.status, headers: response.headers, text, body: (isJson ? JSON.parse(text) : undefined) as T };
}

/** Asserts an error answer: the status, the code and the one error shape {error:{code,message,details?}}. */
export function expectApiError(response: ApiResponse, status: number, code: string): ApiErrorBody["error"] {
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: { error: { code } } });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = response.body as ApiErrorBody;
  expect(Object.keys(body)).toEqual(["error"]);
  const keys = Object.keys(body.error);
  expect(keys.filter((k) => k !== "details")).toEqual(["code", "message"]);
  expect(body.error.code).toMatch(/^[a-z][a-z0-9_]*$/);
  expect(body.error.message.trim().length).toBeGreaterThan(0);
  if (body.error.details !== undefined) {
    expect(Array.isArray(body.error.details)).toBe(true);
    expect(body.error.details.length).toBeGreaterThan(0);
    for (const detail of body.error.details as ApiErrorDetail[]) expect(typeof detail.message).toBe("string");
  }
  return body.error;
}

/**
 * The security headers every response carries, errors included: a document's policy, or on a JSON
 * answer or a live stream the API's few (docs/decisions/0033; exact values: tests/api/response-head.test.ts).
 */
export function expectSecurityHeaders(response: Pick<ApiResponse, "headers">) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  if (/json|event-stream/.test(response.headers.get("content-type") ?? "")) {
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  } else {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  }
}

/** Bodies every JSON endpoint must refuse before doing anything. */
export const BAD_JSON_BODIES = [
  { name: "malformed JSON", headers: { "Content-Type": "application/json" }, body: '{"status": "pre', status: 400, code: "invalid_json" },
  { name: "an empty JSON body", headers: { "Content-Type": "application/json" }, body: "", status: 400, code: "invalid_json" },
  { name: "a text/plain body", headers: { "Content-Type": "text/plain" }, body: "{}", status: 415, code: "unsupported_media_type" },
  {
    name: "a form-encoded body",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "a=1",
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "a JSON body over 64 KB",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ padding: "x".repeat(64 * 1024) }),
    status: 413,
    code: "payload_too_large",
  },
] as const;

/** The branch's menu as the public sees it. */
export async function readMenu(server: Pick<TestServer, "url">, branchId: number): Promise<Menu> {
  const response = await call<Menu>(server, "GET", `/api/products_by_category?branch_id=${branchId}`);
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual([...CATEGORY_KEYS]);
  return response.body;
}

export async function readStations(server: Pick<TestServer, "url">, token: string, branchId: number): Promise<DiningTable[]> {
  const response = await call<DiningTable[]>(server, "GET", `/api/stations?branch_id=${branchId}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

export async function readOrders(server: Pick<TestServer, "url">, token: string, branchId: number, query = ""): Promise<Order[]> {
  const response = await call<Order[]>(server, "GET", `/api/orders?branch_id=${branchId}&limit=500${query}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

export async function countRows(
  server: Pick<TestServer, "query">,
  table: "orders" | "order_lines" | "idempotency_keys" | "stations" | "products" | "options" | "sessions" | "events",
): Promise<number> {
  const [row] = await server.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
  return row!.n;
}

export const sha256Hex = (token: string) => createHash("sha256").update(token).digest("hex");

/** Writes a session row for the test staff account directly (tokens are stored as SHA-256 hex). */
export async function insertSession(server: Pick<TestServer, "query" | "staff">, expiresAt: Date): Promise<string> {
  const [staff] = await server.query<{ id: number }>("SELECT id FROM staff_users WHERE email = ?", [server.staff.email]);
  if (!staff) throw new Error("the test staff account is missing");
  const token = randomBytes(32).toString("base64url");
  await server.query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)", [
    sha256Hex(token),
    staff.id,
    new Date(expiresAt.getTime() - 3_600_000).toISOString(),
    expiresAt.toISOString(),
  ]);
  return token;
}

/** A session that ended an hour ago. */
export const expiredToken = (server: TestServer) => insertSession(server, new Date(Date.now() - 3_600_000));

/** A session signed out through the API: the token is revoked server-side. */
export async function revokedToken(server: TestServer): Promise<string> {
  const token = await insertSession(server, new Date(Date.now() + 3_600_000));
  expect((await call(server, "GET", "/api/current_user", { token })).status).toBe(200);
  expect((await call(server, "POST", "/api/logout", { token })).status).toBe(200);
  return token;
}

/**
 * The products a test may order whatever the day and hour and however often: available, not a daily
 * special (refused off its weekday), without a happy-hour price (cheaper on weekday afternoons), not
 * counted (a stock runs out) and with no choice to make. Tests pick from these so that no test passes
 * or fails by the day or the hour it runs.
 */
export function orderableAnyDay(menu: Menu): Product[] {
  const products = CATEGORY_KEYS.flatMap((key) => menu[key]).filter(
    (p) =>
      p.available &&
      p.weekday === undefined &&
      p.happy_hour_price === null &&
      p.stock === null &&
      Object.values(p.customizations).every((group) => !group.required),
  );
  if (products.length === 0) throw new Error("the menu has no product orderable on any day without choices");
  return products;
}

/**
 * Clears both branches' happy hours, for a file whose tests check regular prices by name (the seed's
 * Monday–Friday 14:00–18:00 window would make them cheaper on weekday afternoons). Tests of happy
 * hour itself set their own windows and clock.
 */
export async function withoutHappyHours(server: Pick<TestServer, "url">, token: string): Promise<void> {
  for (const branchId of [1, 2]) {
    expect((await call(server, "PUT", `/api/branches/${branchId}/happy_hours`, { token, json: [] })).status).toBe(200);
  }
}

/** Finds a product of the branch's menu by name. */
export function productNamed(menu: Menu, name: string) {
  for (const key of CATEGORY_KEYS) {
    const product = menu[key].find((p) => p.name === name);
    if (product) return product;
  }
  throw new Error(`no product "${name}" on the menu`);
}

/** The option id of `group` → `option` on a product. */
export function optionId(product: ReturnType<typeof productNamed>, group: string, option: string): number {
  const found = product.customizations[group]?.options.find((o) => o.name === option);
  if (!found) throw new Error(`${product.name} has no option ${group} → ${option}`);
  return found.id;
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Time-ordered: the first 48 bits are the creation time in milliseconds (order ids). */
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Multipart form with the CSV in field `field` (default `file`). */
export function csvForm(content: string | Uint8Array, field = "file", filename = "menu.csv"): FormData {
  const form = new FormData();
  form.append(field, new Blob([content as BlobPart], { type: "text/csv" }), filename);
  return form;
}
