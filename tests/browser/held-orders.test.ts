/**
 * Nobody can lock a table out (API.md "Trust at the table"): past the table's limit (1 here) the
 * phone's order is held; the phone says it waits for a server, every kitchen board shows it apart
 * with Release and Turn down, and once released the phone follows it as any order.
 */
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, Order, Product, DiningTable } from "../../contract/schemas";
import { orderableAnyDay } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import type { TestServer } from "../support/test-server";
import { addItem, createDiningTable, orderUrl, ordersOf } from "./ordering-support";
import { axeViolations } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let product: Product;

beforeAll(async () => {
  ({ server, browser, token, context, page } = await openSignedInTablet({ config: { tableOrderLimit: 1 } }));
  const menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
  product = orderableAnyDay(menu)[0]!;
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

/** A new table that has used up its limit: its next order is held. */
async function tablePastItsLimit(codename: string): Promise<DiningTable> {
  const table = await createDiningTable(server, token, 1, codename);
  const first = (await api(
    "POST",
    "/api/orders",
    { station_id: table.id, branch_id: 1, products: [{ id: product.id, quantity: 1 }] },
    { "Idempotency-Key": randomUUID() },
  )) as Order;
  expect(first.status).toBe("received");
  return table;
}

const placeHeld = async (table: DiningTable) => {
  const order = (await api(
    "POST",
    "/api/orders",
    { station_id: table.id, branch_id: 1, products: [{ id: product.id, quantity: 2 }] },
    { "Idempotency-Key": randomUUID() },
  )) as Order;
  expect(order.status).toBe("held");
  return order;
};

const readOrder = async (order: Order) => (await api("GET", `/api/orders/${order.id}`)) as Order;
const heldSection = (on: Page) => on.getByRole("region", { name: /^Waiting for a staff OK \(/ });
// Tables named as staff see them ("Held 1" stays "Held 1"); exact, as "Order #5, Held 1" is inside "Held order #5, Held 1".
const heldCard = (on: Page, order: Order, table: DiningTable) =>
  heldSection(on).getByRole("article", { name: `Held order #${order.number}, ${table.codename}`, exact: true });
const ticket = (on: Page, order: Order, table: DiningTable) =>
  on.getByRole("article", { name: `Order #${order.number}, ${table.codename}`, exact: true });
const column = (on: Page, title: "Received" | "Preparing" | "Ready") => on.getByRole("region", { name: new RegExp(`^${title} \\(`) });

describe("held orders on the kitchen boards", () => {
  it("shows a held order apart on every board, releases it into Received, and turns another down", async () => {
    const table = await tablePastItsLimit("Held 1");
    const bar = await context.newPage();
    try {
      await Promise.all([page.goto("/kitchen"), bar.goto("/kitchen?station=bar")]);
      await column(page, "Received").waitFor();
      const toRelease = await placeHeld(table);
      const toTurnDown = await placeHeld(table);

      // Both boards, the bar's too (the order has nothing for the bar), show the held orders whole.
      for (const board of [page, bar]) {
        await heldCard(board, toRelease, table).waitFor();
        await heldCard(board, toTurnDown, table).waitFor();
        await expect.poll(() => heldCard(board, toRelease, table).textContent()).toContain(`2× ${product.name}`);
      }
      // Not in the prep columns, and no board told the server it saw them.
      await expect.poll(() => ticket(page, toRelease, table).count()).toBe(0);
      expect((await readOrder(toRelease)).seen_at).toBeNull();
      await expect.poll(() => axeViolations(page)).toEqual([]);

      await heldCard(page, toRelease, table)
        .getByRole("button", { name: `Release order ${toRelease.number}` })
        .click();
      await ticket(page, toRelease, table).waitFor();
      await expect
        .poll(() =>
          column(page, "Received")
            .getByRole("article", { name: `Order #${toRelease.number}, ${table.codename}`, exact: true })
            .count(),
        )
        .toBe(1);
      await expect.poll(async () => (await readOrder(toRelease)).status).toBe("received");
      // The board showed it in its columns: now it is seen. The other board drops it from the held list.
      await expect.poll(async () => (await readOrder(toRelease)).seen_at).not.toBeNull();
      await expect.poll(() => heldCard(bar, toRelease, table).count()).toBe(0);

      await heldCard(page, toTurnDown, table)
        .getByRole("button", { name: `Turn down order ${toTurnDown.number}` })
        .click();
      const dialog = page.getByRole("dialog", { name: `Turn down order #${toTurnDown.number}?` });
      await dialog.getByRole("button", { name: "Turn down order" }).click();
      await expect.poll(async () => (await readOrder(toTurnDown)).status).toBe("cancelled");
      // No held order left: the section goes from every board.
      await expect.poll(() => heldSection(page).count()).toBe(0);
      await expect.poll(() => heldSection(bar).count()).toBe(0);
      await expect.poll(() => ticket(page, toTurnDown, table).count()).toBe(0);
    } finally {
      await bar.close();
    }
  });
});

describe("a held order on the diner's phone", () => {
  it("says it waits for a server to confirm the order, then follows it once released", async () => {
    const table = await tablePastItsLimit("Held 2");
    const phoneContext = await browser.newContext({ ...PHONE, baseURL: server.url, serviceWorkers: "block" });
    const phone = await phoneContext.newPage();
    try {
      await phone.goto(orderUrl(table));
      await addItem(phone, product.name);
      await phone.getByRole("link", { name: /^View cart/ }).click();
      await phone.getByRole("button", { name: "Submit Order" }).click();

      const status = phone.locator(".order-progress-status");
      await expect.poll(() => status.getAttribute("data-status")).toBe("held");
      await expect.poll(() => status.textContent()).toContain("Waiting for a server to confirm your order");
      // No steps and no ready time while it waits.
      await expect.poll(() => phone.locator(".order-steps").count()).toBe(0);
      await expect.poll(() => phone.locator(".order-progress-eta").count()).toBe(0);

      const held = (await ordersOf(server, token, table)).find((order) => order.status === "held")!;
      await page.goto("/kitchen");
      await heldCard(page, held, table)
        .getByRole("button", { name: `Release order ${held.number}` })
        .click();

      // Released: the usual progress, live, from the kitchen having it on to preparing.
      await expect.poll(() => status.getAttribute("data-status")).toBe("received");
      await expect.poll(() => phone.locator(".order-steps").count()).toBe(1);
      await ticket(page, held, table)
        .getByRole("button", { name: `Start preparing order ${held.number}` })
        .click();
      await expect.poll(() => status.getAttribute("data-status")).toBe("preparing");
    } finally {
      await phoneContext.close();
    }
  });
});
