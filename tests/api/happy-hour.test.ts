/**
 * Happy hour (API.md "Running the restaurant", docs/decisions/0022): a branch's windows, a product's
 * happy-hour price, and an order priced by the moment the server accepts it, on the server's clock.
 * The seed gives both branches Monday–Friday 14:00–18:00 in Toronto.
 */
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Branch, CsvImportSummary, DiningTable, Menu, Order, TableCart } from "../../contract/schemas";
import { call, csvForm, expectApiError, optionId, productNamed, readMenu, readStations } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
const clock = new TestClock();
let token: string;
let menu: Menu;
let table: DiningTable;

const SEEDED = [{ weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" }];

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, config: { tableOrderLimit: 0 }, server: { clock } });
  token = await staffToken(server);
  menu = await readMenu(server, 1);
  table = (await readStations(server, token, 1))[0]!;
});
afterAll(() => server.dispose());

const putHappyHours = (body: unknown, branchId: number | string = 1, auth = true) =>
  call<Branch>(server, "PUT", `/api/branches/${branchId}/happy_hours`, { json: body, ...(auth && { token }) });

beforeEach(async () => {
  clock.reset();
  expect((await putHappyHours(SEEDED)).status).toBe(200);
});

const beer = () => productNamed(menu, "Domestic Beer"); // 4.49, happy hour 3.50
const asahi = () => productNamed(menu, "Asahi"); // 7.99, happy hour 6.50; 64oz +13.00
const nachos = () => productNamed(menu, "Nachos"); // 11.99, no happy-hour price

async function orderAt(
  instant: string,
  lines: { id: number; quantity: number; selectedCustomizations?: number[]; customizedPrice?: string }[],
) {
  clock.set(instant);
  return call<Order>(server, "POST", "/api/orders", {
    json: { products: lines, station_id: table.id, branch_id: 1 },
    headers: { "Idempotency-Key": randomUUID() },
  });
}

async function unitPricesAt(instant: string): Promise<string[]> {
  const placed = await orderAt(instant, [
    { id: beer().id, quantity: 2 },
    { id: asahi().id, quantity: 1, selectedCustomizations: [optionId(asahi(), "Size", "64oz")] },
    { id: nachos().id, quantity: 1 },
  ]);
  expect(placed.status).toBe(201);
  return placed.body.lines.map((line) => line.unit_price);
}

const HAPPY = ["3.50", "19.50", "11.99"];
const REGULAR = ["4.49", "20.99", "11.99"];

describe("GET /api/branches/{id}", () => {
  it("answers the branch's name, time zone and happy hours, to anyone", async () => {
    const answer = await call<Branch>(server, "GET", "/api/branches/1");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: 1, name: "Thornhill", happy_hours: SEEDED, time_zone: "America/Toronto" });
    expect((await call<Branch>(server, "GET", "/api/branches/2")).body).toMatchObject({ name: "Pickering", happy_hours: SEEDED });
  });

  it("is 404 unknown_branch for a branch that does not exist or an id that is not one", async () => {
    expectApiError(await call(server, "GET", "/api/branches/3"), 404, "unknown_branch");
    expectApiError(await call(server, "GET", "/api/branches/one"), 404, "unknown_branch");
  });
});

describe("PUT /api/branches/{id}/happy_hours", () => {
  it("replaces the windows (weekdays kept in order) and answers the branch; [] means none", async () => {
    const windows = [
      { weekdays: [7, 6], from: "12:00", to: "15:30" },
      { weekdays: [1], from: "16:00", to: "19:00" },
    ];
    const put = await putHappyHours(windows, 2);
    expect(put.status).toBe(200);
    expect(put.body.happy_hours).toEqual([
      { weekdays: [6, 7], from: "12:00", to: "15:30" },
      { weekdays: [1], from: "16:00", to: "19:00" },
    ]);
    expect((await call<Branch>(server, "GET", "/api/branches/2")).body.happy_hours).toEqual(put.body.happy_hours);
    expect((await call<Branch>(server, "GET", "/api/branches/1")).body.happy_hours).toEqual(SEEDED);
    expect((await putHappyHours([], 2)).body.happy_hours).toEqual([]);
    expect((await putHappyHours(SEEDED, 2)).status).toBe(200);
  });

  it("reaches open menus at once: branch.updated on the branch's menu stream, nothing for a list sent unchanged", async () => {
    const stream = await SseStream.open(`${server.url}/api/products/events?branch_id=1`);
    try {
      const windows = [{ weekdays: [6], from: "12:00", to: "15:00" }];
      expect((await putHappyHours(windows)).status).toBe(200);
      const event = await stream.next(5_000);
      expect(event.event).toBe("branch.updated");
      expect(JSON.parse(event.data)).toMatchObject({ id: 1, happy_hours: windows, time_zone: "America/Toronto" });
      expect((await putHappyHours(windows)).status).toBe(200);
      await stream.expectQuiet(500);
    } finally {
      stream.close();
    }
  });

  it("is for staff, and 404 for an unknown branch", async () => {
    expectApiError(await putHappyHours(SEEDED, 1, false), 401, "unauthenticated");
    expectApiError(await putHappyHours(SEEDED, 9), 404, "unknown_branch");
  });

  it.each([
    ["from not before to", [{ weekdays: [1], from: "18:00", to: "14:00" }], "0.to"],
    ["an empty window", [{ weekdays: [1], from: "14:00", to: "14:00" }], "0.to"],
    ["a time that is not HH:MM", [{ weekdays: [1], from: "2pm", to: "18:00" }], "0.from"],
    ["an hour past 23", [{ weekdays: [1], from: "14:00", to: "24:00" }], "0.to"],
    ["weekday 0", [{ weekdays: [0], from: "14:00", to: "18:00" }], "0.weekdays.0"],
    ["weekday 8", [{ weekdays: [8], from: "14:00", to: "18:00" }], "0.weekdays.0"],
    ["a weekday twice", [{ weekdays: [2, 2], from: "14:00", to: "18:00" }], "0.weekdays"],
    ["no weekday", [{ weekdays: [], from: "14:00", to: "18:00" }], "0.weekdays"],
    ["21 windows", Array.from({ length: 21 }, () => ({ weekdays: [1], from: "14:00", to: "18:00" })), ""],
    ["not a list", { weekdays: [1], from: "14:00", to: "18:00" }, ""],
  ])("refuses %s with 400 invalid_body naming the field, and changes nothing", async (_name, body, path) => {
    const error = expectApiError(await putHappyHours(body), 400, "invalid_body");
    if (path) expect(error.details?.map((detail) => detail.path)).toContain(path);
    expect((await call<Branch>(server, "GET", "/api/branches/1")).body.happy_hours).toEqual(SEEDED);
  });
});

describe("the menu's happy-hour prices", () => {
  it("carries happy_hour_price on every product: the price, or null", () => {
    expect(beer().happy_hour_price).toBe("3.50");
    expect(asahi().happy_hour_price).toBe("6.50");
    expect(nachos().happy_hour_price).toBeNull();
  });
});

describe("an order is priced by the moment the server accepts it (Tuesday 24 November 2026, Toronto on UTC-5)", () => {
  it("at 13:59:59 the regular prices, at 14:00 the happy-hour ones (options at their usual prices)", async () => {
    expect(await unitPricesAt("2026-11-24T18:59:59Z")).toEqual(REGULAR);
    expect(await unitPricesAt("2026-11-24T19:00:00Z")).toEqual(HAPPY);
  });

  it("at 17:59:59 the happy-hour prices, at 18:00 the regular ones again", async () => {
    expect(await unitPricesAt("2026-11-24T22:59:59Z")).toEqual(HAPPY);
    expect(await unitPricesAt("2026-11-24T23:00:00Z")).toEqual(REGULAR);
  });

  it("sums happy-hour lines into the totals the order is charged", async () => {
    const placed = await orderAt("2026-11-24T20:00:00Z", [{ id: beer().id, quantity: 3 }]);
    expect(placed.body).toMatchObject({ subtotal: "10.50", tax: "1.37", total: "11.87" });
    expect(placed.body.lines[0]).toMatchObject({ unit_price: "3.50", line_total: "10.50" });
  });

  it("has none on a Saturday at 15:00", async () => {
    expect(await unitPricesAt("2026-11-28T20:00:00Z")).toEqual(REGULAR);
  });

  it("refuses a cart priced in happy hour and submitted at 18:00 with 409 price_changed and the regular prices", async () => {
    const lines = [
      { id: beer().id, quantity: 2, customizedPrice: "3.50" },
      { id: nachos().id, quantity: 1, customizedPrice: "11.99" },
    ];
    expect((await orderAt("2026-11-24T22:59:00Z", lines)).status).toBe(201);
    const late = await orderAt("2026-11-24T23:00:00Z", lines);
    const error = expectApiError(late, 409, "price_changed");
    expect(error.details).toEqual([expect.objectContaining({ index: 0, product_id: beer().id, sent_price: "3.50", price: "4.49" })]);
    // The diner confirms the new prices: the same cart at them goes through.
    const confirmed = await orderAt("2026-11-24T23:00:05Z", [{ ...lines[0]!, customizedPrice: "4.49" }, lines[1]!]);
    expect(confirmed.status).toBe(201);
  });

  it("follows the windows the branch has now", async () => {
    expect((await putHappyHours([{ weekdays: [6], from: "15:00", to: "16:00" }])).status).toBe(200);
    expect(await unitPricesAt("2026-11-24T20:00:00Z")).toEqual(REGULAR); // Tuesday 15:00
    expect(await unitPricesAt("2026-11-28T20:30:00Z")).toEqual(HAPPY); // Saturday 15:30
  });
});

describe("around the autumn clock change (Sunday 1 November 2026: UTC-4 → UTC-5)", () => {
  it("keeps a Sunday window to Toronto's wall clock on the day of the change", async () => {
    expect((await putHappyHours([{ weekdays: [7], from: "14:00", to: "18:00" }])).status).toBe(200);
    expect(await unitPricesAt("2026-11-01T18:59:59Z")).toEqual(REGULAR); // 13:59:59 EST
    expect(await unitPricesAt("2026-11-01T19:00:00Z")).toEqual(HAPPY); // 14:00 EST
    expect(await unitPricesAt("2026-11-01T22:59:59Z")).toEqual(HAPPY); // 17:59:59 EST
    expect(await unitPricesAt("2026-11-01T23:00:00Z")).toEqual(REGULAR); // 18:00 EST
  });

  it("starts the Monday after at 19:00 UTC, where the Friday before started at 18:00 UTC", async () => {
    expect(await unitPricesAt("2026-10-30T18:00:00Z")).toEqual(HAPPY); // Friday 14:00 EDT
    expect(await unitPricesAt("2026-10-30T21:59:59Z")).toEqual(HAPPY); // Friday 17:59:59 EDT
    expect(await unitPricesAt("2026-10-30T22:00:00Z")).toEqual(REGULAR); // Friday 18:00 EDT
    expect(await unitPricesAt("2026-11-02T18:00:00Z")).toEqual(REGULAR); // Monday 13:00 EST
    expect(await unitPricesAt("2026-11-02T19:00:00Z")).toEqual(HAPPY); // Monday 14:00 EST
    expect(await unitPricesAt("2026-11-02T23:00:00Z")).toEqual(REGULAR); // Monday 18:00 EST
  });
});

describe("the table's shared cart", () => {
  it("shows happy-hour prices inside the window and the regular ones after it", async () => {
    const [other] = (await readStations(server, token, 1)).slice(1);
    const operations = [
      {
        type: "add_line",
        op_id: randomUUID(),
        at: new Date().toISOString(),
        line_id: randomUUID(),
        product_id: beer().id,
        quantity: 2,
        options: [],
      },
    ];
    // 17:30 and then 18:00 in Toronto: half an hour apart, well inside the table's visit (3 idle hours end it).
    clock.set("2026-11-24T22:30:00Z");
    const added = await call<{ cart: TableCart }>(server, "POST", `/api/stations/${other!.id}/cart/operations`, {
      json: { phone_id: randomUUID(), operations },
    });
    expect(added.status).toBe(200);
    expect(added.body.cart.lines[0]).toMatchObject({ unit_price: "3.50", line_total: "7.00" });
    clock.set("2026-11-24T23:00:00Z");
    const after = await call<TableCart>(server, "GET", `/api/stations/${other!.id}/cart`);
    expect(after.body.lines[0]).toMatchObject({ unit_price: "4.49", line_total: "8.98" });
    expect(after.body.subtotal).toBe("8.98");
    // One version priced twice: each answer says when, so a phone keeps the later prices whatever order they arrive in.
    expect(after.body.version).toBe(added.body.cart.version);
    // (The test clock runs on from where it was set.)
    const pricedAt = [added.body.cart.priced_at, after.body.priced_at].map((at) => Date.parse(at));
    expect(pricedAt[0]! - Date.parse("2026-11-24T22:30:00Z")).toBeGreaterThanOrEqual(0);
    expect(pricedAt[0]! - Date.parse("2026-11-24T22:30:00Z")).toBeLessThan(60_000);
    expect(pricedAt[1]! - Date.parse("2026-11-24T23:00:00Z")).toBeGreaterThanOrEqual(0);
    expect(pricedAt[1]! - Date.parse("2026-11-24T23:00:00Z")).toBeLessThan(60_000);
  });
});

describe("the CSV column happy_hour_price", () => {
  const exportCsv = async () => (await call(server, "GET", "/api/products/export_csv?branch_id=1", { token })).text;
  const upload = (csv: string) =>
    call<CsvImportSummary>(server, "POST", "/api/products/upload_csv?branch_id=1", { token, body: csvForm(csv) });

  it("is exported, and export → import → export changes nothing", async () => {
    const csv = await exportCsv();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.product === "Domestic Beer" && row.group === "")?.happy_hour_price).toBe("3.50");
    expect(rows.find((row) => row.product === "Nachos" && row.group === "")?.happy_hour_price).toBe("");
    const imported = await upload(csv);
    expect(imported.status).toBe(200);
    expect(imported.body.changes).toEqual({ added: [], updated: [], removed: [] });
    expect(await exportCsv()).toBe(csv);
  });

  it("sets, changes and clears a happy-hour price by import, and the menu follows", async () => {
    const csv = await exportCsv();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const header = Object.keys(rows[0]!);
    const edited = rows.map((row) =>
      row.group !== ""
        ? row
        : row.product === "Nachos"
          ? { ...row, happy_hour_price: "8.99" }
          : row.product === "Domestic Beer"
            ? { ...row, happy_hour_price: "" }
            : row,
    );
    const text = [header.join(","), ...edited.map((row) => header.map((column) => JSON.stringify(row[column] ?? "")).join(","))].join("\n");
    const imported = await upload(text);
    expect(imported.status).toBe(200);
    expect(imported.body.changes?.updated.sort()).toEqual(["Domestic Beer", "Nachos"]);
    const after = await readMenu(server, 1);
    expect(productNamed(after, "Nachos").happy_hour_price).toBe("8.99");
    expect(productNamed(after, "Domestic Beer").happy_hour_price).toBeNull();
    expect((await upload(csv)).status).toBe(200); // back as seeded
    expect(productNamed(await readMenu(server, 1), "Domestic Beer").happy_hour_price).toBe("3.50");
  });

  it("refuses a happy-hour price that is not lower than the price: 400 invalid_csv naming the line and column, nothing imported", async () => {
    const csv = await exportCsv();
    const lines = csv.split("\r\n");
    const index = lines.findIndex((line) => line.startsWith("drink,Domestic Beer,341ml bottle.,4.49,"));
    expect(index).toBeGreaterThan(0);
    // The happy_hour_price cell of that line: the one at its column's place (later columns follow it).
    const column = lines[0]!.split(",").indexOf("happy_hour_price");
    const cells = parse(lines[index]!)[0] as string[];
    expect(cells[column]).toBe("3.50");
    cells[column] = "4.49";
    lines[index] = stringify([cells]).trimEnd();
    const error = expectApiError(await upload(lines.join("\r\n")), 400, "invalid_csv");
    expect(error.details).toEqual([
      { line: index + 1, column: "happy_hour_price", message: "The happy-hour price (4.49) must be lower than the price (4.49)." },
    ]);
    expect(productNamed(await readMenu(server, 1), "Domestic Beer").happy_hour_price).toBe("3.50");
  });
});
