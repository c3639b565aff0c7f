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

describe("the cart", () => {
  it("changes a line with − and + (44 px each), says its new quantity, moves the totals, and has a readable name field", async () => {
    const table = await createDiningTable(suite.server, suite.token, 1, "Steps 1");
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(table));
      await addItem(page, "Nachos");
      await page.getByRole("link", { name: /^View cart/ }).click();
      const row = page.locator(".cart-table tbody tr", { hasText: "Nachos" });
      const plus = row.getByRole("button", { name: "Add 1 Nachos" });
      const minus = row.getByRole("button", { name: "Remove 1 Nachos" });
      for (const button of [plus, minus]) {
        const box = (await button.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      const total = () => page.locator(".cart-table tfoot .cart-total td").textContent();
      const price = () => row.locator("td.cart-price").textContent();
      const oneTotal = await total();
      const onePrice = await price();
      const dollars = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

      await plus.click();
      await expect.poll(() => row.locator(".cart-qty").textContent()).toBe("2");
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Nachos: 2" }).count()).toBe(1);
      await expect.poll(async () => dollars(await price())).toBeCloseTo(2 * dollars(onePrice), 2);
      await expect.poll(total).not.toBe(oneTotal);
      await minus.click();
      await expect.poll(() => row.locator(".cart-qty").textContent()).toBe("1");
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Nachos: 1" }).count()).toBe(1);
      await expect.poll(price).toBe(onePrice);
      await expect.poll(total).toBe(oneTotal);

      const name = page.getByLabel("Your name at this table");
      const box = (await name.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(150);
      expect(parseFloat(await name.evaluate((input) => getComputedStyle(input).fontSize))).toBeGreaterThanOrEqual(16);
    } finally {
      await context.close();
    }
  });
});

/** Emoji (pictographs, dingbats, variation selector 16) in the page's text and its attributes' words. */
const emojiOnPage = (page: Page) =>
  page.evaluate(() => {
    const emoji = /[\p{Extended_Pictographic}\u{FE0F}]/u;
    const texts = [
      document.body.innerText,
      ...[...document.querySelectorAll("[aria-label], [title], [alt]")].map((el) =>
        ["aria-label", "title", "alt"].map((name) => el.getAttribute(name) ?? "").join(" "),
      ),
    ];
    return texts.filter((text) => emoji.test(text));
  });

describe("the menu", () => {
  it("puts today's special first and greys the others with their day, whatever the weekday (on a clock the test sets)", async () => {
    const { context, page } = await phone();
    const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    try {
      // Monday 6 January 2025 … Sunday 12 January 2025, 6 pm in Toronto.
      for (let day = 0; day < 7; day++) {
        await page.clock.setFixedTime(new Date(Date.UTC(2025, 0, 6 + day, 23, 0)));
        await page.goto(orderUrl(suite.table));
        const specials = page.locator("#category-special .menu-item");
        await specials.first().waitFor();
        const first = specials.first();
        await expect.poll(() => first.getAttribute("class")).toContain("is-today");
        expect(await first.locator(".menu-item-name").textContent()).toContain("Today's special");
        expect(await first.locator(".menu-item-name").textContent()).toMatch(new RegExp(`^${weekdays[day]!}`));
        // The others: greyed, with their day, nothing to tap.
        const others = specials.locator("xpath=self::*[contains(@class, 'is-other-day')]");
        expect(await others.count()).toBe((await specials.count()) - 1);
        expect(await others.first().textContent()).toMatch(new RegExp(`Only on ${weekdays[(day + 1) % 7]!}s`));
      }
    } finally {
      await context.close();
    }
  });

  it("draws the diet marks as SVG icons named by their word, and has no emoji on the menu, in the panel or in the cart", async () => {
    const table = await createDiningTable(suite.server, suite.token, 1, "Marks 1");
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(table));
      const lumpia = page.getByRole("button", { name: /^Lumpia Shanghai/ });
      await lumpia.waitFor();
      const pork = lumpia.getByRole("img", { name: "Contains pork" });
      expect(await pork.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
      // Named once: the item's name says "Contains pork" one time.
      const name = await lumpia.evaluate((el) => el.textContent ?? "");
      expect(name).toContain("Contains pork");
      expect(await emojiOnPage(page)).toEqual([]);

      await lumpia.click();
      const dialog = page.getByRole("dialog", { name: "Lumpia Shanghai" });
      await dialog.getByRole("img", { name: "Contains pork" }).waitFor();
      expect(await emojiOnPage(page)).toEqual([]);
      await dialog.getByRole("button", { name: /^Add/ }).click();
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      expect(await emojiOnPage(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
