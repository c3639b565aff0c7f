/**
 * The diner's phone beyond the basic order, in real headless Chromium against a real server: the
 * dietary filter and marks, stock and specials of other days, a note per line from the product panel
 * to the kitchen's order, the kitchen's receipt and "Order again", and calling staff to the table.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS, WEEKDAY_NAMES } from "../../contract/menu";
import { isoWeekday } from "../../contract/restaurant-time";
import type { Call, Menu, Order, Product } from "../../contract/schemas";
import { call } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import { addItem, escapeRegExp, orderUrl, ordersOf, orderingBrowserSuite, storedCart } from "./ordering-support";
import { axeViolations } from "./site-support";

const suite = orderingBrowserSuite("Garden 3");

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url });
  return { context, page: await context.newPage() };
}

async function branchMenu(): Promise<Product[]> {
  const response = await call<Menu>(suite.server, "GET", "/api/products_by_category?branch_id=1");
  expect(response.status).toBe(200);
  return CATEGORY_KEYS.flatMap((key) => response.body[key] ?? []);
}

const item = (page: Page, name: string) =>
  page.locator(".menu-item").filter({ has: page.locator(".menu-item-name", { hasText: new RegExp(`^${escapeRegExp(name)}`) }) });

describe("the order screen", () => {
  it("filters out what a diner can't eat and says how many, marks every dish, shows stock live and greys other days' specials", async () => {
    // The seed menu is tagged from the dishes (lumpia and BBQ skewers are pork); a stock count is set as staff set it.
    const nachos = (await branchMenu()).find((product) => product.name === "Nachos")!;
    expect((await call(suite.server, "PATCH", `/api/products/${nachos.id}`, { token: suite.token, json: { stock: 3 } })).status).toBe(200);
    const products = await branchMenu();
    const pork = products.filter((product) => product.diet.includes("contains_pork"));
    expect(pork.map((product) => product.name)).toEqual(expect.arrayContaining(["Lumpia Shanghai", "BBQ Skewers"]));
    expect(nachos.diet).not.toContain("contains_pork");

    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Garden 3" }).waitFor();

      // Marks on the item itself, part of its accessible name.
      await expect.poll(() => page.getByRole("button", { name: /^Lumpia Shanghai/ }).textContent()).toContain("Contains pork");
      await expect.poll(() => item(page, "Nachos").textContent()).toContain("3 left");

      // Hide pork: those dishes go, the rest stay, and the screen says how many it hid.
      // The filter is a button that says it opens and whether filters are on.
      const filterButton = page.getByRole("button", { name: "Filters", exact: true });
      expect(await filterButton.getAttribute("aria-expanded")).toBe("false");
      await filterButton.click();
      await expect.poll(() => filterButton.getAttribute("aria-expanded")).toBe("true");
      await page.getByLabel("Pork", { exact: true }).check();
      await expect.poll(() => page.locator(".diet-filter-toggle").textContent()).toBe("Filters · 1 on");
      await page.getByLabel("Shellfish", { exact: true }).check();
      await expect.poll(() => page.locator(".diet-filter-toggle").textContent()).toBe("Filters · 2 on");
      await page.getByLabel("Shellfish", { exact: true }).uncheck();
      const result = page.locator(".diet-filter-result");
      await page.getByText(`${pork.length} items hidden by your filter.`).waitFor();
      await expect.poll(() => item(page, "Lumpia Shanghai").count()).toBe(0);
      await expect.poll(() => item(page, "Nachos").count()).toBe(1);
      // The open filter, the marks, the stock badge and the greyed specials are readable and labelled.
      await expect.poll(() => axeViolations(page)).toEqual([]);

      // The filter stays on the phone across visits, and Clear brings everything back.
      await page.reload();
      await page.getByText(`${pork.length} items hidden by your filter.`).waitFor();
      await expect.poll(() => page.getByLabel("Pork", { exact: true }).isChecked()).toBe(true);
      await result.getByRole("button", { name: "Clear filter" }).click();
      await item(page, "Lumpia Shanghai").waitFor();
      await expect.poll(() => result.textContent()).toBe("");

      // Stock reaches the open menu live: at 0 the dish is sold out without a reload.
      expect((await call(suite.server, "PATCH", `/api/products/${nachos.id}`, { token: suite.token, json: { stock: 0 } })).status).toBe(
        200,
      );
      await item(page, "Nachos").locator(".badge-sold-out").waitFor({ timeout: 5_000 });
      await expect.poll(() => page.getByRole("button", { name: /^Nachos/ }).count()).toBe(0);

      // A special of another day (in Toronto): listed with its day, greyed, nothing to tap.
      const today = isoWeekday(new Date());
      const other = products.find((product) => product.weekday !== undefined && product.weekday !== today)!;
      const special = item(page, other.name);
      await expect.poll(() => special.getAttribute("class")).toContain("is-other-day");
      await expect.poll(() => special.textContent()).toContain(`Only on ${WEEKDAY_NAMES[other.weekday! - 1]}s`);
      await expect.poll(() => special.evaluate((element) => element.tagName)).toBe("DIV");
    } finally {
      await context.close();
    }
  });
});

describe("an order from the phone", () => {
  it("carries a line's note to the kitchen, says when a kitchen board has it, and can be ordered again", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("button", { name: /^Lumpia Shanghai/ }).click();
      const dialog = page.getByRole("dialog", { name: "Lumpia Shanghai" });
      await dialog.getByLabel("Note for the kitchen (optional)").fill("extra sweet chili sauce");
      await expect.poll(() => dialog.locator(".product-note-count").textContent()).toBe("23/140");
      await dialog.getByRole("button", { name: /^Add/ }).click();
      await dialog.waitFor({ state: "hidden" });
      await addItem(page, "Lumpia Shanghai"); // no note: a line of its own

      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      const rows = page.locator(".cart-table tbody tr");
      await rows.nth(1).waitFor();
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => rows.filter({ hasText: "Note: extra sweet chili sauce" }).count()).toBe(1);

      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
      const [order] = (await ordersOf(suite.server, suite.token, suite.table)).filter((candidate) =>
        candidate.lines.some((line) => line.note),
      );
      expect(order!.lines.map((line) => [line.name, line.quantity, line.note ?? null])).toEqual([
        ["Lumpia Shanghai", 1, "extra sweet chili sauce"],
        ["Lumpia Shanghai", 1, null],
      ]);

      // Sent, then a kitchen board shows it: the phone hears it without a reload.
      const status = page.locator(".order-progress-status");
      await expect.poll(() => status.getAttribute("data-step")).toBe("sent");
      if (order!.estimated_ready_at)
        await expect.poll(() => page.locator(".order-progress-eta").textContent()).toMatch(/^Ready around \d{1,2}:\d{2}/);
      expect((await call<Order>(suite.server, "POST", `/api/orders/${order!.id}/seen`, { token: suite.token, json: {} })).status).toBe(200);
      await page.locator('.order-progress-status[data-step="seen"]').waitFor({ timeout: 12_000 });
      await expect.poll(() => status.textContent()).toContain("The kitchen has your order.");

      // Return home (the table's menu) → the earlier order is offered again, repriced, with its note.
      await page.getByRole("link", { name: "Return home" }).click();
      await page.getByRole("button", { name: `Order again: order #${order!.number}` }).click();
      await page.getByText(`Added 2 items from order #${order!.number} to your cart at today's prices.`).waitFor();
      await expect
        .poll(async () =>
          Object.values((await storedCart(page)) ?? {})
            .flat()
            .map((line) => [line.quantity, line.note ?? null]),
        )
        .toEqual([
          [1, "extra sweet chili sauce"],
          [1, null],
        ]);
    } finally {
      await context.close();
    }
  });
});

describe("calling staff from the table", () => {
  it("says someone is on the way, still after a reload, until staff mark the call done", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("button", { name: "Call staff" }).click();
      await page.getByRole("button", { name: "Call a server" }).click();
      const server_ = page.locator('[data-call="server"]');
      await page.locator('[data-call="server"][data-status="open"]').waitFor();
      await expect.poll(() => server_.textContent()).toContain("someone is on the way");

      const open = await call<Call[]>(suite.server, "GET", "/api/calls?branch_id=1", { token: suite.token });
      const mine = open.body.find((candidate) => candidate.station_id === suite.table.id && candidate.kind === "server")!;
      expect(mine.status).toBe("open");

      await page.reload();
      await page.locator('[data-call="server"][data-status="open"]').waitFor();

      expect((await call(suite.server, "PATCH", `/api/calls/${mine.id}`, { token: suite.token, json: { status: "done" } })).status).toBe(
        200,
      );
      await page.locator('[data-call="server"][data-status="done"]').waitFor({ timeout: 5_000 });
      await expect.poll(() => server_.textContent()).toBe("Done — enjoy!");
      await expect.poll(() => page.locator('[data-call="bill"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
