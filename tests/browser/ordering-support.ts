/** Shared steps for the diner's ordering browser tests (ordering-*.test.ts). */
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { Order, DiningTable, TableCart } from "../../contract/schemas";
import { call } from "../support/api-helpers";
import { launchBrowser, releaseBrowser } from "../support/browser";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

export interface OrderingBrowserSuite {
  server: TestServer;
  browser: Browser;
  /** A bearer token for arranging data through the API. */
  token: string;
  /** The file's table, in branch 1. */
  table: DiningTable;
}

/**
 * One seeded server, one Chromium, staff's token and a table named `codename` for a test file of the
 * diner's phone. Call at the top of the file; the fields are set once beforeAll has run.
 */
export function orderingBrowserSuite(codename: string): OrderingBrowserSuite {
  const suite = {} as OrderingBrowserSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startTestServer(), launchBrowser()]);
    suite.token = await staffToken(suite.server);
    suite.table = await createDiningTable(suite.server, suite.token, 1, codename);
  });
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    await suite.server?.dispose();
  });
  return suite;
}

/** A new table, made the way staff make one (POST /api/stations as staff). */
export async function createDiningTable(server: TestServer, token: string, branchId: number, codename: string): Promise<DiningTable> {
  const response = await call<DiningTable>(server, "POST", `/api/stations?branch_id=${branchId}`, {
    token,
    json: { codename, capacity: 4, branch_id: branchId },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** The orders placed from one table, as staff see them. */
export async function ordersOf(server: TestServer, token: string, station: DiningTable): Promise<Order[]> {
  const response = await call<Order[]>(server, "GET", `/api/orders?branch_id=${station.branch_id}`, { token });
  expect(response.status).toBe(200);
  return response.body.filter((order) => order.station_id === station.id);
}

/** The table's shared cart as the server holds it (what the next phone at the table starts from). */
export async function serverCartOf(server: TestServer, table: Pick<DiningTable, "id">): Promise<TableCart> {
  const response = await call<TableCart>(server, "GET", `/api/stations/${table.id}/cart`);
  expect(response.status).toBe(200);
  return response.body;
}

export async function setStatus(server: TestServer, token: string, orderId: string, status: Order["status"]): Promise<void> {
  const response = await call(server, "PATCH", `/api/orders/${orderId}`, { token, json: { status } });
  expect(response.status).toBe(200);
}

export function orderUrl(station: Pick<DiningTable, "id">): string {
  return `/order?station_id=${station.id}`;
}

/** Taps a menu item, picks the options (by label), and adds it; waits for the panel to close. */
export async function addItem(page: Page, name: string, options: string[] = []): Promise<void> {
  await page.getByRole("button", { name: new RegExp(`^${escapeRegExp(name)}\\b`) }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  // An option's label is its name and, when it costs extra, its price ("Onion Rings +$2.00").
  for (const option of options) await dialog.getByLabel(new RegExp(`^${escapeRegExp(option)}\\s*(\\+\\$|$)`)).check();
  await dialog.getByRole("button", { name: /^Add/ }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** The phone's own copy of its cart (localStorage `cart`): lines by product, or null when there is none. */
export async function storedCart(page: Page): Promise<Record<string, { note?: string; quantity: number }[]> | null> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "null") as Record<
    string,
    { note?: string; quantity: number }[]
  > | null;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A context whose requests page.route() always sees (no service worker in between). */
export const NO_SERVICE_WORKER: BrowserContextOptions = { serviceWorkers: "block" };

/** Waits until the service worker controls the page and has cached what the order screen needs offline. */
export async function waitForOfflineReady(page: Page, station: Pick<DiningTable, "id" | "branch_id">): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ stationId, branchId }) => {
            const menu = await caches.match(`/api/products_by_category?branch_id=${branchId}`);
            const table = await caches.match(`/api/stations/${stationId}`);
            return Boolean(menu && table);
          },
          { stationId: station.id, branchId: station.branch_id },
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}
