/**
 * A phone left open at a table does not follow the next party (API.md "Trust at the table"): when
 * staff close the tab the phone says the visit has ended, and joins the table's next visit only when
 * the diner asks. Real Chromium against a real server.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Order } from "../../contract/schemas";
import { call, orderableAnyDay, readMenu } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import { addItem, createDiningTable, NO_SERVICE_WORKER, orderUrl, orderingBrowserSuite } from "./ordering-support";

const suite = orderingBrowserSuite("Patio 7");

describe("the end of a table's visit", () => {
  it("an open phone says the visit has ended when staff close the tab, and joins the next one when the diner asks", async () => {
    const { server, token, table } = suite;
    const context = await suite.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const page = await context.newPage();
    try {
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: `Ordering for table ${table.codename}` }).waitFor();
      await addItem(page, "Lumpia Shanghai");
      const product = orderableAnyDay(await readMenu(server, 1))[0]!;
      const placed = await call<Order>(server, "POST", "/api/orders", {
        headers: { "Idempotency-Key": randomUUID() },
        json: { station_id: table.id, branch_id: 1, products: [{ id: product.id, quantity: 1 }] },
      });
      expect(placed.status).toBe(201);

      const ended = page.getByText("This table's visit has ended");
      expect(await ended.count()).toBe(0);
      const closed = await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "card" } });
      expect(closed.status).toBe(200);
      await expect.poll(() => ended.isVisible(), { timeout: 5_000 }).toBe(true);
      const startNew = page.getByRole("button", { name: "Start a new visit" });
      expect(await startNew.isVisible()).toBe(true);

      // The next party's changes do not reach the phone while it has not asked to join…
      const nextParty = async (name: string) => {
        const operation = {
          type: "add_line",
          op_id: randomUUID(),
          at: new Date().toISOString(),
          line_id: randomUUID(),
          product_id: product.id,
          quantity: 1,
          options: [],
          note: name,
        };
        const response = await call(server, "POST", `/api/stations/${table.id}/cart/operations`, {
          json: { phone_id: randomUUID(), operations: [operation] },
        });
        expect(response.status, response.text).toBe(200);
      };
      await nextParty("next party");
      await page.waitForTimeout(500);
      expect(await ended.isVisible()).toBe(true);
      const viewCart = page.getByRole("link", { name: /^View cart/ });
      expect(await viewCart.count()).toBe(0);

      // …and do once the diner starts a new visit.
      await startNew.click();
      await expect.poll(() => ended.count(), { timeout: 5_000 }).toBe(0);
      await nextParty("another line");
      await expect.poll(() => viewCart.count(), { timeout: 5_000 }).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("a reload after the visit ended still says so, and joins the next visit only when the diner asks", async () => {
    const { server, token } = suite;
    const table = await createDiningTable(server, token, 1, `Reload ${randomUUID().slice(0, 6)}`);
    const context = await suite.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const page = await context.newPage();
    try {
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: `Ordering for table ${table.codename}` }).waitFor();
      const product = orderableAnyDay(await readMenu(server, 1))[0]!;
      const placed = await call<Order>(server, "POST", "/api/orders", {
        headers: { "Idempotency-Key": randomUUID() },
        json: { station_id: table.id, branch_id: 1, products: [{ id: product.id, quantity: 1 }] },
      });
      expect(placed.status).toBe(201);
      const closed = await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "card" } });
      expect(closed.status, closed.text).toBe(200);
      const ended = page.getByText("This table's visit has ended");
      await expect.poll(() => ended.isVisible(), { timeout: 5_000 }).toBe(true);

      // The next party sits down and fills the table's cart; the diner reloads the page.
      const operation = {
        type: "add_line",
        op_id: randomUUID(),
        at: new Date().toISOString(),
        line_id: randomUUID(),
        product_id: product.id,
        quantity: 1,
        options: [],
        note: "next party",
      };
      const added = await call(server, "POST", `/api/stations/${table.id}/cart/operations`, {
        json: { phone_id: randomUUID(), operations: [operation] },
      });
      expect(added.status, added.text).toBe(200);
      await page.reload();
      await page.getByRole("heading", { name: `Ordering for table ${table.codename}` }).waitFor();
      await expect.poll(() => ended.isVisible(), { timeout: 5_000 }).toBe(true);
      await page.waitForTimeout(500);
      const viewCart = page.getByRole("link", { name: /^View cart/ });
      expect(await viewCart.count()).toBe(0);

      await page.getByRole("button", { name: "Start a new visit" }).click();
      await expect.poll(() => ended.count(), { timeout: 5_000 }).toBe(0);
      // Joined: the table's cart as it is now, and its changes from now on.
      await expect.poll(() => viewCart.count(), { timeout: 5_000 }).toBe(1);
      await page.reload();
      await page.getByRole("heading", { name: `Ordering for table ${table.codename}` }).waitFor();
      await expect.poll(() => viewCart.count(), { timeout: 5_000 }).toBe(1);
      expect(await ended.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("the order's status says the visit has ended when staff close the tab while the diner watches it", async () => {
    const { server, token } = suite;
    const table = await createDiningTable(server, token, 1, `Status ${randomUUID().slice(0, 6)}`);
    const context = await suite.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const page = await context.newPage();
    try {
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: `Ordering for table ${table.codename}` }).waitFor();
      await addItem(page, "Lumpia Shanghai");
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      const progress = page.locator(".order-progress");
      await progress.waitFor();
      const notice = progress.getByText("This visit has ended. This order's status still updates here.");
      expect(await notice.count()).toBe(0);

      const closed = await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "cash" } });
      expect(closed.status).toBe(200);
      await expect.poll(() => notice.isVisible(), { timeout: 5_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});
