/**
 * Table service and reports on a landscape tablet: a table's call reaching a staff screen live and
 * answered with one tap, closing a table's tab, and the day's sales report with its chart and CSV.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderableAnyDay } from "../support/api-helpers";
import { restaurantDay } from "../../contract/restaurant-time";
import type { Call, Menu, Order, Product, SalesReport, DiningTable, Tab } from "../../contract/schemas";
import type { TestServer } from "../support/test-server";
import { axeViolations } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let product: Product;

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet());
  const menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
  product = orderableAnyDay(menu)[0]!;
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

const newTable = async (codename: string) => (await api("POST", "/api/stations?branch_id=1", { codename, capacity: 4 })) as DiningTable;
const placeOrder = async (station: DiningTable, quantity: number) =>
  (await api(
    "POST",
    "/api/orders",
    { station_id: station.id, branch_id: 1, products: [{ id: product.id, quantity, selectedCustomizations: [] }] },
    { "Idempotency-Key": randomUUID() },
  )) as Order;

describe("table calls on every staff screen", () => {
  it("shows a table's calls live on the stations screen, and Done clears one with one tap", async () => {
    const patio = await newTable("Patio 3");
    const earlier = (await api("POST", `/api/stations/${patio.id}/calls`, { kind: "bill" })) as Call;

    await page.goto("/stations");
    await page
      .getByRole("heading", { name: /Stations/ })
      .first()
      .waitFor();
    const calls = page.getByRole("region", { name: "Table calls" });
    // Open before the screen was: loaded on start.
    await calls.getByText("asks for the bill").waitFor();

    const live = (await api("POST", `/api/stations/${patio.id}/calls`, { kind: "server" })) as Call;
    await calls.getByText("wants a server").waitFor({ timeout: 3_000 });
    await page.getByRole("status").filter({ hasText: "Patio 3 wants a server." }).waitFor();
    await expect
      .poll(() => calls.getByRole("listitem").allTextContents())
      .toEqual([expect.stringContaining("Patio 3 asks for the bill"), expect.stringContaining("Patio 3 wants a server")]);
    await expect.poll(() => axeViolations(page)).toEqual([]);

    await calls.getByRole("button", { name: "Done: Patio 3 wants a server" }).click();
    await calls.getByText("wants a server").waitFor({ state: "detached" });
    const open = (await api("GET", "/api/calls?branch_id=1")) as Call[];
    expect(open.map((c) => c.id)).toEqual([earlier.id]);
    expect(open.some((c) => c.id === live.id)).toBe(false);

    // Answered elsewhere (another tablet): gone here too.
    await api("PATCH", `/api/calls/${earlier.id}`, { status: "done" });
    await calls.waitFor({ state: "hidden" });
  });
});

describe("tabs", () => {
  it("opens a table's tab, and closes it paid by card after confirming", async () => {
    const table = await newTable("21");
    const first = await placeOrder(table, 1);
    const second = await placeOrder(table, 2);
    const tab = (await api("GET", `/api/stations/${table.id}/tab`)) as Tab;

    await page.goto("/staff/tabs");
    const line = page.getByRole("button", { name: /^Table 21/ });
    await line.waitFor();
    await expect.poll(() => line.textContent()).toContain(`$${tab.total}`);
    await expect.poll(() => line.textContent()).toContain("2 orders");
    await line.click();
    await page.getByRole("heading", { name: "Table 21's tab" }).waitFor();
    await page.getByText(`Order #${first.number}`).waitFor();
    await page.getByText(`Order #${second.number}`).waitFor();

    await page.getByRole("button", { name: "Close with card" }).click();
    const dialog = page.getByRole("dialog", { name: "Close Table 21's tab?" });
    await dialog.waitFor();
    await expect.poll(() => axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: `Close: $${tab.total} by card` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Table 21: tab of $${tab.total} closed, paid by card.` })
      .waitFor();
    await line.waitFor({ state: "detached" });
    expect(((await api("GET", `/api/stations/${table.id}/tab`)) as Tab).orders).toEqual([]);
  });
});

describe("sales report", () => {
  it("shows today's totals, the orders-by-hour chart with its table, top products, and downloads the orders CSV", async () => {
    await placeOrder(await newTable("Bar 2"), 3);
    const today = restaurantDay();
    const report = (await api("GET", `/api/reports/sales?branch_id=1&from=${today}&to=${today}`)) as SalesReport;
    expect(report.orders).toBeGreaterThan(0);

    await page.goto("/staff/reports");
    const todayName = new Intl.DateTimeFormat("en-CA", { dateStyle: "full", timeZone: "UTC" }).format(Date.parse(today));
    await page.getByRole("heading", { name: todayName }).waitFor();
    const totals = page.locator(".reports__totals");
    await expect
      .poll(() => totals.textContent())
      .toBe(`Orders${report.orders}Subtotal$${report.subtotal}HST$${report.tax}Total$${report.total}`);

    const busiest = report.by_hour.reduce((best, hour) => (hour.orders > best.orders ? hour : best));
    const chart = page.getByRole("img", { name: /^Orders by hour: busiest/ });
    await chart.waitFor();
    await expect.poll(() => chart.getAttribute("aria-label")).toContain(`with ${busiest.orders} orders`);
    await expect.poll(() => chart.locator("canvas").count()).toBe(1);
    const canvasBox = () => chart.locator("canvas").boundingBox();
    await expect.poll(async () => (await canvasBox())?.width).toBeGreaterThan(200);
    await expect.poll(async () => (await canvasBox())?.height).toBeGreaterThan(100);

    await page.getByText("Orders by hour as a table").click();
    const hourRow = page.getByRole("row", { name: new RegExp(`^${String(busiest.hour).padStart(2, "0")}:00 `) });
    await expect.poll(() => hourRow.textContent()).toBe(`${String(busiest.hour).padStart(2, "0")}:00${busiest.orders}$${busiest.total}`);
    await page.getByRole("row", { name: new RegExp(`^${product.name} `) }).waitFor();
    await expect.poll(() => axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download orders CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`orders-branch-1-${today}.csv`);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toBe("number,created_at,table,status,subtotal,tax,total,paid_with");
    expect(csv).toContain(",Bar 2,received,");
  });
});
