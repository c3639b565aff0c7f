/**
 * The shared table cart (docs/decisions/0010) on two phones at one table, in real Chromium against a
 * real server: lines appear on the other phone live with who added them, a phone that drops off the
 * network keeps adding and merges when it returns (nothing lost, nothing doubled), and two phones
 * pressing Submit together make one order that both then show as sent.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TableCart } from "../../contract/schemas";
import { call } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import { addItem, NO_SERVICE_WORKER, orderUrl, ordersOf, orderingBrowserSuite } from "./ordering-support";

const suite = orderingBrowserSuite("Booth 3");

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: suite.server.url });
  const page = await context.newPage();
  await page.goto(orderUrl(suite.table));
  await page.getByRole("heading", { name: "Ordering for table Booth 3" }).waitFor();
  return { context, page };
}

/** The cart page's lines as "name — who added it". */
async function cartRows(page: Page): Promise<string[]> {
  const rows = page.locator(".cart-table tbody tr");
  return (await rows.evaluateAll((trs) =>
    trs.map((tr) => `${tr.querySelector(".cart-item-name")?.textContent ?? ""} — ${tr.querySelector(".cart-adder")?.textContent ?? ""}`),
  )).sort();
}

async function serverCart(): Promise<TableCart> {
  const response = await call<TableCart>(suite.server, "GET", `/api/stations/${suite.table.id}/cart`);
  expect(response.status).toBe(200);
  return response.body;
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
      await expect.poll(async () => (await serverCart()).lines.map((line) => line.name).sort()).toEqual(["Lumpia Shanghai", "Nachos", "Red Horse"]);

      // Back online: B's queued line goes up, B gets A's; nothing lost, nothing doubled.
      await b.context.setOffline(false);
      const all = ["BBQ Skewers — Added by Phone 2", "Lumpia Shanghai — Added by Alice", "Nachos — Added by Alice", "Red Horse — Added by Phone 2"];
      await expect.poll(() => cartRows(b.page), { timeout: 10_000 }).toEqual(all);
      await expect.poll(() => cartRows(a.page), { timeout: 5_000 }).toEqual(all);
      const merged = await serverCart();
      expect(merged.lines).toHaveLength(4);
      for (const page of [a.page, b.page]) {
        await page.locator(".cart-total td", { hasText: `$${merged.total}` }).waitFor({ timeout: 5_000 });
      }

      // Both press Submit at once: one order, and both phones show it sent.
      await Promise.all([a.page, b.page].map((page) => page.getByRole("button", { name: "Submit Order" }).click()));
      const sent = /Your order has been submitted\.|Your table's order has been sent\./;
      await Promise.all([a.page, b.page].map((page) => page.getByRole("status").filter({ hasText: sent }).first().waitFor({ timeout: 10_000 })));
      const orders = await ordersOf(suite.server, suite.token, suite.table);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.lines.map((line) => line.name).sort()).toEqual(["BBQ Skewers", "Lumpia Shanghai", "Nachos", "Red Horse"]);
      expect(orders[0]!.total).toBe(merged.total);
      for (const page of [a.page, b.page]) await page.getByRole("heading", { name: `Order #${orders[0]!.number}` }).waitFor();
      expect((await serverCart()).lines).toEqual([]);

      // The table's cart is empty on both phones once the sender starts the next round.
      for (const page of [a.page, b.page]) {
        const more = page.getByRole("link", { name: "Order more" });
        if (await more.count()) {
          await more.click();
          await page.goto("/order/cart");
        }
        await page.getByText("Your cart is empty.").waitFor();
      }
    } finally {
      await Promise.all([a.context.close(), b.context.close()]);
    }
  });
});
