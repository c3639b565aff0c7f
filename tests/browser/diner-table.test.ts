/**
 * The diner's table as a newcomer meets it on a phone (issue 33, the fifth round's decisions): the
 * table's own frame on /order and /order/cart (restaurant, table, language, call staff; no public
 * navigation), the offline banner that comes and goes with the network, and rounds: a table orders
 * again and again, from one phone or several, and every round reaches the kitchen as its own order on
 * the table's one tab.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DiningTable, Order } from "../../contract/schemas";
import { call } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import { addItem, createDiningTable, NO_SERVICE_WORKER, orderUrl, orderingBrowserSuite } from "./ordering-support";

const suite = orderingBrowserSuite("Lanai 5");

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: suite.server.url });
  return { context, page: await context.newPage() };
}

/** Every link on the page that leads off the diner's two screens (the public site's pages, or anywhere else). */
const linksOffTheTable = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      .filter((a) => {
        const url = new URL(a.href, location.href);
        return url.origin !== location.origin || !/^\/order(\/cart)?$/.test(url.pathname);
      })
      .map((a) => a.outerHTML),
  );

describe("the table's own frame", () => {
  it("shows the restaurant, the table, the language and call staff on /order and /order/cart, and no public navigation", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Lanai 5" }).waitFor();
      const header = page.locator("header.table-header");
      await header.getByRole("img", { name: "Limitless Bar & Grill" }).waitFor();
      await header.getByText("Table Lanai 5").waitFor();
      await header.getByLabel("Language").waitFor();
      // The one navigation is the menu's own category tabs; the public site's is not there.
      expect(await page.getByRole("navigation").evaluateAll((navs) => navs.map((nav) => nav.getAttribute("aria-label")))).toEqual([
        "Menu categories",
      ]);
      expect(await page.locator(".site-header").count()).toBe(0);
      expect(await linksOffTheTable(page)).toEqual([]);

      // Call staff opens the two calls; what happens stays in view after the panel closes.
      const toggle = header.getByRole("button", { name: "Call staff" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByRole("button", { name: "Call a server" }).isVisible()).toBe(false);
      await toggle.click();
      await page.getByRole("button", { name: "Call a server" }).click();
      await page.locator('[data-call="server"][data-status="open"]').waitFor();
      await toggle.click();
      await page.locator('[data-call="server"][data-status="open"]').waitFor();
      const box = await toggle.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);

      // The category tabs sit right under the header, whatever its height.
      const headerBottom = await header.evaluate((el) => el.getBoundingClientRect().bottom);
      const tabsTop = await page.locator(".category-tabs").evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(tabsTop - headerBottom)).toBeLessThanOrEqual(1);

      await addItem(page, "Lumpia Shanghai");
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      await header.getByText("Table Lanai 5").waitFor();
      await header.getByRole("button", { name: "Call staff" }).waitFor();
      expect(await page.getByRole("navigation").count()).toBe(0);
      expect(await page.locator(".site-header").count()).toBe(0);
      expect(await linksOffTheTable(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says the phone is offline and that orders go when the network is back, and stops saying it when it is", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Lanai 5" }).waitFor();
      const banner = page.locator(".offline-banner");
      expect(await banner.count()).toBe(0);
      await context.setOffline(true);
      await banner.waitFor();
      await expect.poll(() => banner.textContent()).toContain("orders will be sent when the connection is back");
      // Inside a live region that was there all along, so a screen reader hears it arrive.
      expect(await banner.evaluate((el) => el.parentElement?.getAttribute("role"))).toBe("status");
      await context.setOffline(false);
      await banner.waitFor({ state: "detached" });
    } finally {
      await context.close();
    }
  });
});

/** The table's open tab as staff see it: its orders, oldest first. */
async function tabOrders(table: DiningTable): Promise<Order[]> {
  const response = await call<{ orders: Order[] }>(suite.server, "GET", `/api/stations/${table.id}/tab`, { token: suite.token });
  expect(response.status).toBe(200);
  return response.body.orders;
}

async function submit(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Submit Order" }).click();
  await page.getByRole("status").filter({ hasText: "Your order has been submitted." }).waitFor({ timeout: 10_000 });
}

const roundHeadings = (page: Page) => page.locator(".order-progress h2").allTextContents();

describe("rounds", () => {
  it("orders a second round from the menu after the first: two orders on one tab, both on the status screen", async () => {
    const table = await createDiningTable(suite.server, suite.token, 1, "Round 1");
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(table));
      await addItem(page, "Lumpia Shanghai");
      await page.getByRole("link", { name: /^View cart/ }).click();
      await submit(page);
      // The spec's submitted view: locked, no Remove, Return home.
      expect(await page.getByRole("button", { name: /^Remove 1/ }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Submit Order" }).count()).toBe(0);
      await page.getByRole("link", { name: "Return home" }).waitFor();
      const [first] = await tabOrders(table);
      expect(first).toBeDefined();

      // Back on the menu (the browser's Back, as a diner would): Add works, nothing is disabled, the cart fills.
      await page.goBack();
      await page.getByRole("heading", { name: "Ordering for table Round 1" }).waitFor();
      await page.getByRole("button", { name: /^Nachos\b/ }).click();
      const dialog = page.getByRole("dialog", { name: "Nachos" });
      await dialog.waitFor();
      expect(await dialog.locator("button[disabled], .product-dialog-hint").count()).toBe(0);
      await dialog.getByRole("button", { name: /^Add/ }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("link", { name: /^View cart • \$/ }).click();
      await expect.poll(() => page.locator(".cart-table tbody tr .cart-item-name").allTextContents()).toEqual(["Nachos"]);
      await submit(page);

      const orders = await tabOrders(table);
      expect(orders.map((order) => order.lines.map((line) => line.name))).toEqual([["Lumpia Shanghai"], ["Nachos"]]);
      // The status screen lists every round of the visit: this one on top, the first under it.
      const [, second] = orders;
      await expect.poll(() => roundHeadings(page)).toEqual([`Order #${second!.number}`, `Order #${first!.number}`]);
      await page.getByRole("heading", { name: "Earlier orders this visit" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("orders two rounds from two phones on the table's shared cart: two orders on one tab, each phone lists both", async () => {
    const table = await createDiningTable(suite.server, suite.token, 1, "Round 2");
    const a = await phone();
    const b = await phone();
    try {
      await Promise.all([a.page.goto(orderUrl(table)), b.page.goto(orderUrl(table))]);
      await a.page.getByRole("heading", { name: "Ordering for table Round 2" }).waitFor();
      await addItem(a.page, "Lumpia Shanghai");
      await a.page.getByRole("link", { name: /^View cart/ }).click();
      await submit(a.page);

      // B, still on the menu, orders the next round.
      await b.page.getByRole("heading", { name: "Ordering for table Round 2" }).waitFor();
      await b.page.getByRole("link", { name: /^Your table's order #\d+ has been sent/ }).waitFor({ timeout: 10_000 });
      await addItem(b.page, "Red Horse");
      await b.page.getByRole("link", { name: /^View cart • \$/ }).click();
      await expect
        .poll(() => b.page.locator(".cart-table tbody tr .cart-item-name").allTextContents(), { timeout: 5_000 })
        .toEqual(["Red Horse"]);
      await submit(b.page);

      const orders = await tabOrders(table);
      expect(orders.map((order) => order.lines.map((line) => line.name))).toEqual([["Lumpia Shanghai"], ["Red Horse"]]);
      const expected = [`Order #${orders[1]!.number}`, `Order #${orders[0]!.number}`];
      await expect.poll(() => roundHeadings(b.page)).toEqual(expected);
      // A hears of B's round and lists both.
      await a.page.goto("/order/cart");
      await expect.poll(() => roundHeadings(a.page), { timeout: 10_000 }).toEqual(expected);
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  });
});
