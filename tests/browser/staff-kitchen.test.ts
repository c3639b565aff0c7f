/**
 * The kitchen board on a landscape tablet: open orders by status, a new order arriving live (no reload),
 * moving it received → preparing → bumped → served and recalling a bump, cancelling with confirmation, a refused transition,
 * the sold-out switch reaching the public menu, and catching up after the server restarts.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import { orderableAnyDay } from "../support/api-helpers";
import type { Menu, Order, Product, DiningTable } from "../../contract/schemas";
import { PHONE } from "../support/browser";
import { axeViolations, NO_SERVICE_WORKER } from "./site-support";
import type { TestServer } from "../support/test-server";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let station: DiningTable;
let menu: Menu;

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet());
  // A table with a number for a codename, shown as "Table <n>".
  station = ((await api("GET", "/api/stations?branch_id=1")) as DiningTable[]).find((s) => /^\d+$/.test(s.codename))!;
  menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

const products = () => CATEGORY_KEYS.flatMap((key) => menu[key]);

/** A product with choices, orderable on any day: the first option of every group goes with it. */
function productWithOptions(): { product: Product; optionIds: number[]; optionNames: string[] } {
  const product = products().find(
    (p) => p.available && p.weekday === undefined && p.stock === null && Object.keys(p.customizations).length > 0,
  )!;
  const picked = Object.values(product.customizations).map((group) => group.options[0]!);
  return { product, optionIds: picked.map((o) => o.id), optionNames: picked.map((o) => o.name) };
}

function plainProduct(): Product {
  return orderableAnyDay(menu)[0]!;
}

/** A diner's order, placed through the API as the order screen would. */
async function placeOrder(lines: { id: number; quantity: number; selectedCustomizations: number[] }[]): Promise<Order> {
  return (await api(
    "POST",
    "/api/orders",
    { station_id: station.id, branch_id: 1, products: lines },
    { "Idempotency-Key": randomUUID() },
  )) as Order;
}

const statusOf = async (order: Order) => ((await api("GET", `/api/orders/${order.id}`)) as Order).status;

const columnOf = (status: "Received" | "Preparing" | "Ready") => page.getByRole("region", { name: new RegExp(`^${status} \\(`) });
const ticket = (order: Order) => page.getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` });

describe("kitchen board", () => {
  it("shows open orders, and a new one arrives live with a visual cue", async () => {
    const { product, optionIds, optionNames } = productWithOptions();
    const earlier = await placeOrder([{ id: product.id, quantity: 2, selectedCustomizations: optionIds }]);

    await page.goto("/kitchen");
    await page.getByRole("heading", { name: "Kitchen · Thornhill" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Live" }).waitFor();

    const existing = columnOf("Received").getByRole("article", { name: `Order #${earlier.number}, Table ${station.codename}` });
    await existing.waitFor();
    await expect.poll(() => existing.textContent()).toContain(`Table ${station.codename}`); // codename "1" → "Table 1"
    await expect.poll(() => existing.textContent()).toContain(`2×`);
    await expect.poll(() => existing.textContent()).toContain(product.name);
    for (const name of optionNames) await existing.getByText(name, { exact: true }).first().waitFor();
    await expect.poll(() => existing.locator("time").textContent()).toBe("just now");
    await expect.poll(() => existing.getByText("New", { exact: true }).count()).toBe(0);

    // Placed by "another client" (the API) while the board is open: no reload needed.
    const columnsTop = async () => (await page.locator(".kitchen__columns").boundingBox())!.y;
    const topBefore = await columnsTop();
    const started = Date.now();
    const live = await placeOrder([{ id: plainProduct().id, quantity: 1, selectedCustomizations: [] }]);
    const card = columnOf("Received").getByRole("article", { name: `Order #${live.number}, Table ${station.codename}` });
    await card.waitFor({ timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    await card.getByText("New", { exact: true }).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: `New order #${live.number} · Table ${station.codename}` })
      .waitFor();
    // The banner has its place already: the board does not jump under a finger about to tap.
    expect(await columnsTop()).toBeCloseTo(topBefore, 0); // read once: it must not have moved at all
    await expect.poll(() => axeViolations(page)).toEqual([]);
  });

  it("moves an order received → preparing → bumped (ready) → served with big buttons, and recalls a bump", async () => {
    const order = await placeOrder([{ id: plainProduct().id, quantity: 3, selectedCustomizations: [] }]);
    await page.goto("/kitchen");
    await columnOf("Received")
      .getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` })
      .waitFor();

    const start = ticket(order).getByRole("button", { name: `Start preparing order ${order.number}` });
    await expect.poll(async () => (await start.boundingBox())?.height).toBeGreaterThanOrEqual(48); // finger-sized
    await start.click();
    await columnOf("Preparing")
      .getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` })
      .waitFor();
    expect(await statusOf(order)).toBe("preparing");

    // Every line is the kitchen's: its bump makes the order ready.
    await ticket(order)
      .getByRole("button", { name: `Bump order ${order.number}` })
      .click();
    await columnOf("Ready")
      .getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` })
      .waitFor();
    expect(await statusOf(order)).toBe("ready");

    await page.getByRole("button", { name: `Recall #${order.number}` }).click();
    await columnOf("Preparing")
      .getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` })
      .waitFor();
    expect(await statusOf(order)).toBe("preparing");
    await expect.poll(() => page.getByRole("button", { name: /^Recall/ }).isDisabled()).toBe(true);

    await ticket(order)
      .getByRole("button", { name: `Bump order ${order.number}` })
      .click();
    await ticket(order)
      .getByRole("button", { name: `Served order ${order.number}` })
      .click();
    await ticket(order).waitFor({ state: "detached" });
    expect(await statusOf(order)).toBe("served");
  });

  it("cancels only after confirmation, and follows changes made on another tablet", async () => {
    const order = await placeOrder([{ id: plainProduct().id, quantity: 1, selectedCustomizations: [] }]);
    await page.goto("/kitchen");
    await ticket(order).waitFor();

    await ticket(order)
      .getByRole("button", { name: `Cancel order ${order.number}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Cancel order #${order.number}?` });
    await dialog.getByRole("button", { name: "Keep order" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await statusOf(order)).toBe("received");

    await ticket(order)
      .getByRole("button", { name: `Cancel order ${order.number}` })
      .click();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await ticket(order).waitFor({ state: "detached" });
    expect(await statusOf(order)).toBe("cancelled");

    // Another tablet moves an order: this board follows live.
    const other = await placeOrder([{ id: plainProduct().id, quantity: 1, selectedCustomizations: [] }]);
    await ticket(other).waitFor();
    await api("PATCH", `/api/orders/${other.id}`, { status: "preparing" });
    await columnOf("Preparing")
      .getByRole("article", { name: `Order #${other.number}, Table ${station.codename}` })
      .waitFor();
  });

  it("explains a refused transition (409) and refreshes the board", async () => {
    const order = await placeOrder([{ id: plainProduct().id, quantity: 1, selectedCustomizations: [] }]);
    await page.goto("/kitchen");
    await ticket(order).waitFor();
    let lists = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/orders?")) lists += 1;
    });
    await page.route(`**/api/orders/${order.id}`, (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({
            status: 409,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "invalid_transition", message: "An order that is cancelled cannot become preparing." } }),
          })
        : route.continue(),
    );
    await ticket(order)
      .getByRole("button", { name: `Start preparing order ${order.number}` })
      .click();
    await page
      .getByRole("alert")
      .filter({ hasText: "cannot become preparing" })
      .filter({ hasText: "The board has been refreshed." })
      .waitFor();
    await expect.poll(() => lists).toBeGreaterThan(0);
    await page.unroute(`**/api/orders/${order.id}`);
  });

  it("marks an item sold out, and the public menu says so", async () => {
    const product = plainProduct();
    await page.goto("/kitchen");
    await page.getByRole("button", { name: /^Sold-out items/ }).click();
    const toggle = page.getByRole("button", { name: `Sold out: ${product.name}`, exact: true });
    await toggle.waitFor();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => axeViolations(page)).toEqual([]);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    const publicMenu = async () => {
      const response = await fetch(`${server.url}/api/products_by_category?branch_id=1`);
      return Object.values((await response.json()) as Menu)
        .flat()
        .find((p) => p.id === product.id)?.available;
    };
    expect(await publicMenu()).toBe(false);
    await page.getByRole("button", { name: /^Sold-out items \(1\)$/ }).waitFor();

    // Switched back on from elsewhere: the board follows the product.updated event.
    await api("PATCH", `/api/products/${product.id}`, { available: true });
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await publicMenu()).toBe(true);
  });

  it("opens the sold-out list beside the orders on a tablet and after them on a phone, focus following", async () => {
    const order = await placeOrder([{ id: plainProduct().id, quantity: 1, selectedCustomizations: [] }]);
    const phone = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    try {
      expect((await phone.request.post("/api/login", { data: server.staff })).status()).toBe(200);
      for (const [screen, beside] of [
        [page, true],
        [await phone.newPage(), false],
      ] as const) {
        await screen.goto("/kitchen");
        const card = screen.getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` });
        await card.waitFor();
        await screen.getByRole("button", { name: /^Sold-out items/ }).click();
        const close = screen.getByRole("button", { name: "Close sold-out items" });
        // Focus goes to the list it opened, which is then in sight.
        await expect.poll(() => close.evaluate((button) => button === document.activeElement)).toBe(true);
        expect(await close.evaluate((button) => button.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
        const orders = (await screen.locator(".kitchen__orders").boundingBox())!;
        const list = (await screen.getByRole("complementary", { name: "Sold-out items" }).boundingBox())!;
        if (beside) expect(list.x).toBeGreaterThanOrEqual(orders.x + orders.width);
        else expect(list.y).toBeGreaterThanOrEqual(orders.y + orders.height);
        // The tickets come first in the page too: Tab reaches them before the list.
        const ticketFirst = await card
          .getByRole("button")
          .first()
          .evaluate(
            (button, closeButton) => !!(button.compareDocumentPosition(closeButton!) & Node.DOCUMENT_POSITION_FOLLOWING),
            await close.elementHandle(),
          );
        expect(ticketFirst).toBe(true);
      }
    } finally {
      await phone.close();
    }
  });

  it("reconnects by itself after the server restarts and catches up on what it missed", async () => {
    await page.goto("/kitchen");
    const connection = page.locator(".kitchen__connection");
    await expect.poll(() => connection.textContent()).toBe("Live");

    await server.stop();
    await expect.poll(() => connection.textContent()).toBe("Reconnecting… new orders may be late");
    await server.start();
    // Placed the moment the server is back, before the board has reconnected.
    const missed = await placeOrder([{ id: plainProduct().id, quantity: 1, selectedCustomizations: [] }]);
    const received = page.getByRole("region", { name: /^Received/ });
    await expect
      .poll(() => received.getByRole("article", { name: `Order #${missed.number}, Table ${station.codename}` }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(() => connection.textContent(), { timeout: 20_000 }).toBe("Live");

    // And the stream works again afterwards: a new order appears without a reload.
    const after = await placeOrder([{ id: plainProduct().id, quantity: 1, selectedCustomizations: [] }]);
    await expect.poll(() => ticket(after).isVisible(), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => ticket(missed).isVisible()).toBe(true);
  });
});
