/**
 * The shared table cart (docs/decisions/0010) on two phones at one table, in real Chromium against a
 * real server: lines appear on the other phone live with who added them, a phone that drops off the
 * network keeps adding and merges when it returns (nothing lost, nothing doubled), and two phones
 * pressing Submit together make one order that both then show as sent; a phone that did not press
 * Submit shows the order (its number, its lines with who added each) and follows its status.
 */
import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Order, Product, DiningTable, TableCart } from "../../contract/schemas";
import { call, readMenu } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import {
  addItem,
  createDiningTable,
  NO_SERVICE_WORKER,
  orderUrl,
  ordersOf,
  orderingBrowserSuite,
  serverCartOf,
  setStatus,
} from "./ordering-support";

const suite = orderingBrowserSuite("Booth 3");

async function phone(table: DiningTable = suite.table): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: suite.server.url });
  const page = await context.newPage();
  await page.goto(orderUrl(table));
  await page.getByRole("heading", { name: `Ordering for table ${table.codename}` }).waitFor();
  return { context, page };
}

/** The cart page's lines as "name — who added it". */
async function cartRows(page: Page): Promise<string[]> {
  const rows = page.locator(".cart-table tbody tr");
  return (
    await rows.evaluateAll((trs) =>
      trs.map((tr) => `${tr.querySelector(".cart-item-name")?.textContent ?? ""} — ${tr.querySelector(".cart-adder")?.textContent ?? ""}`),
    )
  ).sort();
}

/** The sent order's lines as "quantity × name — who added it". */
async function sentRows(page: Page): Promise<string[]> {
  return (
    await page
      .locator(".sent-lines li")
      .evaluateAll((lis) =>
        lis.map(
          (li) => `${li.querySelector(".sent-line-name")?.textContent ?? ""} — ${li.querySelector(".cart-adder")?.textContent ?? ""}`,
        ),
      )
  ).sort();
}

const serverCart = (table: DiningTable = suite.table): Promise<TableCart> => serverCartOf(suite.server, table);

/**
 * Both phones press Submit at once. Each phone's submit is held on its way out until both have sent
 * theirs, then both go on together: neither press can come after the other phone already shows the
 * order (which takes its Submit away), however slowly either phone draws, and the server gets the
 * two submits of one version at the same moment. Returns each phone's answer's status.
 */
async function submitTogether(pages: Page[], table: DiningTable = suite.table): Promise<number[]> {
  const submitPath = `/api/stations/${table.id}/cart/submit`;
  const held = await Promise.all(
    pages.map(async (page) => {
      let hold!: (route: Route) => void;
      const arrived = new Promise<Route>((resolve) => (hold = resolve));
      await page.route(`**${submitPath}`, (route) => hold(route), { times: 1 });
      return { arrived };
    }),
  );
  await Promise.all(pages.map((page) => page.getByRole("button", { name: "Submit Order" }).click()));
  const routes = await Promise.all(held.map(({ arrived }) => arrived));
  const answers = pages.map((page) => page.waitForResponse((response) => new URL(response.url()).pathname === submitPath));
  await Promise.all(routes.map((route) => route.continue()));
  return Promise.all(answers.map(async (answer) => (await answer).status()));
}

const toCart = (page: Page) => page.getByRole("link", { name: /^View cart/ }).click();
const toMenu = (page: Page) => page.getByRole("link", { name: "Back to Menu" }).click();

describe("one cart for the table", () => {
  it("live on both phones, merged after one goes offline, and sent once for everyone", async () => {
    const a = await phone();
    const b = await phone();
    try {
      // Phone A adds a line and names itself; phone B sees both without a reload.
      await addItem(a.page, "Lumpia Shanghai");
      await toCart(a.page);
      await a.page.getByLabel("Your name at this table").fill("Alice");
      await a.page.getByRole("button", { name: "Save name" }).click();
      await toCart(b.page);
      await expect.poll(() => cartRows(b.page), { timeout: 5_000 }).toEqual(["Lumpia Shanghai — Added by Alice"]);

      // And the other way: B's line shows on A's open cart, as "Phone 2".
      await toMenu(b.page);
      await addItem(b.page, "Red Horse");
      await expect
        .poll(() => cartRows(a.page), { timeout: 5_000 })
        .toEqual(["Lumpia Shanghai — Added by Alice", "Red Horse — Added by Phone 2"]);

      // B drops off the network and keeps ordering; A adds meanwhile.
      await b.context.setOffline(true);
      await addItem(b.page, "BBQ Skewers");
      await toCart(b.page);
      await expect.poll(() => cartRows(b.page)).toContain("BBQ Skewers — Added by you");
      await toMenu(a.page);
      await addItem(a.page, "Nachos");
      await toCart(a.page);
      // A's page sends its line in its own time.
      await expect
        .poll(async () => (await serverCart()).lines.map((line) => line.name).sort())
        .toEqual(["Lumpia Shanghai", "Nachos", "Red Horse"]);

      // Back online: B's queued line goes up, B gets A's; nothing lost, nothing doubled.
      await b.context.setOffline(false);
      const all = [
        "BBQ Skewers — Added by Phone 2",
        "Lumpia Shanghai — Added by Alice",
        "Nachos — Added by Alice",
        "Red Horse — Added by Phone 2",
      ];
      await expect.poll(() => cartRows(b.page), { timeout: 10_000 }).toEqual(all);
      await expect.poll(() => cartRows(a.page), { timeout: 5_000 }).toEqual(all);
      const merged = await serverCart();
      expect(merged.lines).toHaveLength(4);
      for (const page of [a.page, b.page]) {
        await page.locator(".cart-total td", { hasText: `$${merged.total}` }).waitFor({ timeout: 5_000 });
      }

      // Both press Submit at once: one order, and both phones show it sent. The first submit to finish
      // placed it; the other was told another phone had just sent it.
      const statuses = await submitTogether([a.page, b.page]);
      expect([...statuses].sort()).toEqual([201, 409]);
      const sender = statuses[0] === 201 ? a.page : b.page;
      const sent = /Your order has been submitted\.|Your table's order has been sent\./;
      await Promise.all(
        [a.page, b.page].map((page) => page.getByRole("status").filter({ hasText: sent }).first().waitFor({ timeout: 10_000 })),
      );
      const orders = await ordersOf(suite.server, suite.token, suite.table);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.lines.map((line) => line.name).sort()).toEqual(["BBQ Skewers", "Lumpia Shanghai", "Nachos", "Red Horse"]);
      expect(orders[0]!.total).toBe(merged.total);
      for (const page of [a.page, b.page]) await page.getByRole("heading", { name: `Order #${orders[0]!.number}` }).waitFor();
      expect((await serverCart()).lines).toEqual([]);

      // The table's cart is empty on both phones once the sender starts the next round. (Until its own
      // answer arrives, the sender may show the table's order as the other phone does, without Return home.)
      await sender.getByRole("link", { name: "Return home" }).click();
      await sender.goto("/order/cart");
      for (const page of [a.page, b.page]) await page.getByText("Your cart is empty.").waitFor();
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  });

  it("shows the order on the phone that did not press Submit: its number, its lines with who added each, its live status, and an empty cart", async () => {
    const table = await createDiningTable(suite.server, suite.token, 1, "Booth 4");
    const menu = await readMenu(suite.server, 1);
    // Two dishes any day can order with no choice to make, named so that tapping one cannot hit another.
    const products = CATEGORY_KEYS.flatMap((key) => (menu[key] ?? []) as Product[]);
    const orderable = products.filter(
      (p) =>
        p.available &&
        p.weekday === undefined &&
        p.stock === null &&
        !Object.values(p.customizations ?? {}).some((group) => group.required) &&
        !products.some((other) => other !== p && other.name.startsWith(p.name)),
    );
    const [first, second] = orderable;
    expect(second, "two orderable dishes on the menu").toBeDefined();
    const a = await phone(table);
    const b = await phone(table);
    try {
      await addItem(a.page, first!.name);
      await toCart(a.page);
      await a.page.getByLabel("Your name at this table").fill("Alice");
      await a.page.getByRole("button", { name: "Save name" }).click();
      await expect.poll(async () => (await serverCart(table)).lines.map((line) => line.phone_name), { timeout: 5_000 }).toEqual(["Alice"]);
      // B adds its drink and stays on the menu.
      await addItem(b.page, second!.name);
      const rows = [`1 × ${first!.name} — Added by Alice`, `1 × ${second!.name} — Added by Phone 2`].sort();
      await expect
        .poll(() => cartRows(a.page), { timeout: 5_000 })
        .toEqual([`${first!.name} — Added by Alice`, `${second!.name} — Added by Phone 2`].sort());

      await a.page.getByRole("button", { name: "Submit Order" }).click();
      await a.page.getByRole("status").filter({ hasText: "Your order has been submitted." }).waitFor({ timeout: 10_000 });
      const [order] = await ordersOf(suite.server, suite.token, table);
      expect(order).toBeDefined();

      // B, on the menu, is told, and its link leads to the order.
      const notice = b.page.getByRole("link", { name: `Your table's order #${order!.number} has been sent: see how it's going.` });
      await notice.waitFor({ timeout: 10_000 });
      await notice.click();
      await b.page.getByRole("status").filter({ hasText: "Your table's order has been sent." }).waitFor();
      await b.page.getByRole("heading", { name: `Order #${order!.number}` }).waitFor();
      await expect.poll(() => sentRows(b.page), { timeout: 5_000 }).toEqual(rows);
      const step = () => b.page.locator(".order-progress-status").getAttribute("data-step");
      await expect.poll(step, { timeout: 5_000 }).toBe("sent");

      // Staff move it; B follows.
      expect((await call<Order>(suite.server, "POST", `/api/orders/${order!.id}/seen`, { token: suite.token, json: {} })).status).toBe(200);
      await expect.poll(step, { timeout: 15_000 }).toBe("seen");
      await setStatus(suite.server, suite.token, order!.id, "preparing");
      await expect.poll(step, { timeout: 15_000 }).toBe("preparing");
      await setStatus(suite.server, suite.token, order!.id, "ready");
      await expect.poll(step, { timeout: 15_000 }).toBe("ready");
      await b.page.getByText("Your order is ready.").waitFor();

      // B's cart is the next round: empty, and B may fill it.
      await b.page.getByText("Your cart is empty.").waitFor();
      expect((await serverCart(table)).lines).toEqual([]);
      await toMenu(b.page);
      await addItem(b.page, first!.name);
      await expect
        .poll(async () => (await serverCart(table)).lines.map((line) => `${line.name} — ${line.phone_name}`), { timeout: 5_000 })
        .toEqual([`${first!.name} — Phone 2`]);
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  });
});
