/**
 * Sales reports (API.md "Reports"): days in America/Toronto, both inclusive, cancelled orders left
 * out, orders per local hour across a DST change, top products, and the orders as CSV. Orders are
 * placed through the API, then moved to chosen instants in the database.
 */
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, Product, SalesReport, DiningTable } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu } from "../support/api-helpers";
import { staffToken, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let table: DiningTable;
let a: Product, b: Product, c: Product;
/** By name: where each order was moved to, and what it came to. */
const placed: Record<string, Order> = {};

const cents = (price: string) => Math.round(Number(price) * 100);
const dollars = (total: number) => (total / 100).toFixed(2);
const sumOf = (names: string[], field: "subtotal" | "tax" | "total") =>
  dollars(names.reduce((sum, name) => sum + cents(placed[name]![field]), 0));

async function placeAt(name: string, at: string, lines: [Product, number][]): Promise<void> {
  const response = await call<Order>(server, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: {
      station_id: table.id,
      branch_id: 1,
      products: lines.map(([product, quantity]) => ({ id: product.id, quantity, selectedCustomizations: [] })),
    },
  });
  expect(response.status).toBe(201);
  await server.query("UPDATE orders SET created_at = ? WHERE id = ?", [at, response.body.id]);
  placed[name] = response.body;
}

const report = (query: string) => call<SalesReport>(server, "GET", `/api/reports/sales?branch_id=1&${query}`, { token });

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  const menu = await readMenu(server, 1);
  [a, b, c] = orderableAnyDay(menu) as [Product, Product, Product];
  // A name a spreadsheet would run as a formula, unless the CSV neutralises it.
  table = (await call<DiningTable>(server, "POST", "/api/stations?branch_id=1", { token, json: { codename: "=SUM(A1)", capacity: 4 } }))
    .body;

  // Sunday 1 November 2026: Toronto falls back from EDT (UTC−4) to EST (UTC−5) at 02:00, so the day has 25 hours.
  await placeAt("lastOfOct31", "2026-11-01T03:59:00.000Z", [[c, 1]]); // 23:59 EDT on the 31st
  await placeAt("firstOfNov1", "2026-11-01T04:30:00.000Z", [[a, 2]]); // 00:30 EDT
  await placeAt("oneThirtyEdt", "2026-11-01T05:30:00.000Z", [[b, 1]]); // 01:30 EDT
  await placeAt("oneThirtyEst", "2026-11-01T06:30:00.000Z", [[a, 2]]); // 01:30 EST, the same local hour again
  await placeAt("cancelled", "2026-11-01T18:00:00.000Z", [[b, 9]]); // 13:00 EST, then cancelled
  expect((await call(server, "PATCH", `/api/orders/${placed.cancelled!.id}`, { token, json: { status: "cancelled" } })).status).toBe(200);
  // The tab so far is paid by card; the last order of the day is still on the open tab.
  expect((await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "card" } })).status).toBe(200);
  await placeAt("lastOfNov1", "2026-11-02T04:59:00.000Z", [[c, 3]]); // 23:59 EST
  await placeAt("firstOfNov2", "2026-11-02T05:00:00.000Z", [[a, 1]]); // 00:00 EST on the 2nd
}, 30_000);
afterAll(() => server.dispose());

const NOV_1 = ["firstOfNov1", "oneThirtyEdt", "oneThirtyEst", "lastOfNov1"];

describe("GET /api/reports/sales", () => {
  it("sums a Toronto day of 25 hours, by local hour, without cancelled orders", async () => {
    const response = await report("from=2026-11-01&to=2026-11-01");
    expect(response.status).toBe(200);
    const day = response.body;
    expect(day).toMatchObject({ orders: 4, subtotal: sumOf(NOV_1, "subtotal"), tax: sumOf(NOV_1, "tax"), total: sumOf(NOV_1, "total") });
    expect(day.by_hour.map((h) => h.hour)).toEqual([...Array(24).keys()]);
    const busy = day.by_hour.filter((h) => h.orders > 0);
    expect(busy).toEqual([
      { hour: 0, orders: 1, total: sumOf(["firstOfNov1"], "total") },
      { hour: 1, orders: 2, total: sumOf(["oneThirtyEdt", "oneThirtyEst"], "total") },
      { hour: 23, orders: 1, total: sumOf(["lastOfNov1"], "total") },
    ]);
    expect(day.by_hour.filter((h) => h.orders === 0).every((h) => h.total === "0.00")).toBe(true);
    // Product a: 2 + 2; c: 3; b: 1 (its 9 were cancelled).
    expect(day.top_products.map((p) => [p.product_id, p.name, p.quantity])).toEqual([
      [a.id, a.name, 4],
      [c.id, c.name, 3],
      [b.id, b.name, 1],
    ]);
    expect(day.top_products[0]!.total).toBe(dollars(4 * cents(a.price)));
  });

  it("takes both days of a range whole, and answers an empty day with zeros", async () => {
    const range = (await report("from=2026-10-31&to=2026-11-02")).body;
    expect(range.orders).toBe(6);
    expect(range.total).toBe(sumOf(["lastOfOct31", ...NOV_1, "firstOfNov2"], "total"));
    expect(range.by_hour[23]!.orders).toBe(2);

    const empty = (await report("from=2026-11-03&to=2026-11-03")).body;
    expect(empty).toMatchObject({ orders: 0, subtotal: "0.00", tax: "0.00", total: "0.00", top_products: [] });
    expect(empty.by_hour).toHaveLength(24);
  });

  it("refuses bad ranges (400 invalid_query), an unknown branch (404) and callers without a session (401)", async () => {
    for (const query of [
      "from=2026-11-02&to=2026-11-01",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-11-01",
      "from=1/11/2026&to=2026-11-01",
      "from=2025-01-01&to=2026-11-01",
    ]) {
      expectApiError(await report(query), 400, "invalid_query");
      expectApiError(await call(server, "GET", `/api/reports/orders.csv?branch_id=1&${query}`, { token }), 400, "invalid_query");
    }
    // A bad day is reported for what it is, and nothing more.
    expect(expectApiError(await report("from=tomorrow&to=2026-11-01"), 400, "invalid_query").details).toEqual([
      { path: "from", message: "must be a date like 2026-11-23" },
    ]);
    expectApiError(
      await call(server, "GET", "/api/reports/sales?branch_id=9&from=2026-11-01&to=2026-11-01", { token }),
      404,
      "unknown_branch",
    );
    expectApiError(await call(server, "GET", "/api/reports/sales?branch_id=1&from=2026-11-01&to=2026-11-01"), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/reports/orders.csv?branch_id=1&from=2026-11-01&to=2026-11-01"), 401, "unauthenticated");
  });
});

describe("GET /api/reports/orders.csv", () => {
  it("lists the day's orders, cancelled ones too, in Toronto time, with how closed tabs were paid", async () => {
    const response = await call(server, "GET", "/api/reports/orders.csv?branch_id=1&from=2026-11-01&to=2026-11-01", { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="orders-branch-1-2026-11-01.csv"');
    const rows = parse(response.text, { columns: true }) as Record<string, string>[];
    const row = (name: string) => {
      const order = placed[name]!;
      return { number: String(order.number), table: "'=SUM(A1)", subtotal: order.subtotal, tax: order.tax, total: order.total };
    };
    expect(rows).toEqual([
      { ...row("firstOfNov1"), created_at: "2026-11-01 00:30:00", status: "received", paid_with: "card" },
      { ...row("oneThirtyEdt"), created_at: "2026-11-01 01:30:00", status: "received", paid_with: "card" },
      { ...row("oneThirtyEst"), created_at: "2026-11-01 01:30:00", status: "received", paid_with: "card" },
      { ...row("cancelled"), created_at: "2026-11-01 13:00:00", status: "cancelled", paid_with: "card" },
      { ...row("lastOfNov1"), created_at: "2026-11-01 23:59:00", status: "received", paid_with: "" },
    ]);
    expect(response.text.split("\r\n")[0]).toBe("number,created_at,table,status,subtotal,tax,total,paid_with");
  });
});
