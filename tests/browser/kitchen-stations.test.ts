/**
 * Kitchen and bar boards, and the alarms on every staff screen: with no board open, a staff screen
 * says so and raises the alarm for an order no board has shown; a board showing the order records
 * that it was seen and ends the alarm. The bar and the kitchen each see their own lines, and the
 * order is ready once both have bumped it.
 */
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderableAnyDay } from "../support/api-helpers";
import type { Menu, Order, Product, DiningTable } from "../../contract/schemas";
import type { TestServer } from "../support/test-server";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let station: DiningTable;
let product: Product;

beforeAll(async () => {
  // A short alert time, so the alarm goes off while the test waits for it.
  ({ server, browser, token, context, page } = await openSignedInTablet({ config: { unseenAlertSeconds: 1 } }));
  station = ((await api("GET", "/api/stations?branch_id=1")) as DiningTable[]).find((s) => /^\d+$/.test(s.codename))!;
  const menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
  product = orderableAnyDay(menu)[0]!;
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

/** An order of `lines` lines; those at `barLines` are made at the bar (every product is the kitchen's in the seed menu). */
async function placeOrder(lines: number, barLines: number[] = []): Promise<Order> {
  const products = Array.from({ length: lines }, () => ({ id: product.id, quantity: 1, selectedCustomizations: [] }));
  const order = (await api(
    "POST",
    "/api/orders",
    { station_id: station.id, branch_id: 1, products },
    { "Idempotency-Key": randomUUID() },
  )) as Order;
  for (const position of barLines)
    await server.query("UPDATE order_lines SET prep_station = 'bar', note = 'no ice' WHERE order_id = ? AND position = ?", [
      order.id,
      position,
    ]);
  return order;
}

const readOrder = async (order: Order) => (await api("GET", `/api/orders/${order.id}`)) as Order;
const ticket = (on: Page, order: Order) => on.getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` });
const column = (on: Page, title: "Received" | "Preparing" | "Ready") => on.getByRole("region", { name: new RegExp(`^${title} \\(`) });

describe("kitchen alarms on the staff screens", () => {
  it("says no board is online, raises the alarm for an unseen order, and a board showing it ends the alarm", async () => {
    await page.goto("/stations");
    const banner = page.getByRole("alert").filter({ hasText: "No kitchen board is online" });
    await banner.waitFor();

    const order = await placeOrder(1);
    const alarm = page.getByRole("alert").filter({ hasText: "not been seen by the kitchen" });
    await alarm.filter({ hasText: `Order #${order.number} · Table ${station.codename}` }).waitFor();
    expect((await readOrder(order)).seen_at).toBeNull();

    // A kitchen board opens (another tablet): it shows the order, which records the sighting.
    const board = await context.newPage();
    try {
      await board.goto("/kitchen");
      await ticket(board, order).waitFor();
      await expect.poll(async () => (await readOrder(order)).seen_at).not.toBeNull();
      await alarm.waitFor({ state: "detached" });
      // A board is online now: the banner goes too.
      await banner.waitFor({ state: "detached" });
    } finally {
      await board.close();
    }
  });
});

describe("kitchen and bar boards", () => {
  it("shows each station its own lines, and the order is ready once both have bumped it", async () => {
    const order = await placeOrder(2, [1]);
    const bar = await context.newPage();
    try {
      await Promise.all([page.goto("/kitchen"), bar.goto("/kitchen?station=bar")]);
      await bar.getByRole("heading", { name: "Bar · Thornhill" }).waitFor();
      await expect.poll(() => bar.getByRole("button", { name: "Bar", exact: true }).getAttribute("aria-pressed")).toBe("true");

      const kitchenTicket = ticket(page, order);
      const barTicket = ticket(bar, order);
      await Promise.all([kitchenTicket.waitFor(), barTicket.waitFor()]);
      await expect.poll(() => kitchenTicket.getByText("Note: no ice").count()).toBe(0);
      await barTicket.getByText("Note: no ice").waitFor();
      await expect.poll(() => kitchenTicket.getByRole("listitem").count()).toBe(1);
      await expect.poll(() => barTicket.getByRole("listitem").count()).toBe(1);

      // The kitchen's part is done: the ticket waits under Ready for the bar; the order is being prepared.
      await kitchenTicket.getByRole("button", { name: `Bump order ${order.number}` }).click();
      await column(page, "Ready").getByText("Waiting for the bar").waitFor();
      expect(await readOrder(order)).toMatchObject({ status: "preparing", bumped: ["kitchen"] });

      await barTicket.getByRole("button", { name: `Bump order ${order.number}` }).click();
      await column(bar, "Ready")
        .getByRole("button", { name: `Served order ${order.number}` })
        .waitFor();
      // The kitchen board follows live.
      await column(page, "Ready")
        .getByRole("button", { name: `Served order ${order.number}` })
        .waitFor();
      expect(await readOrder(order)).toMatchObject({ status: "ready", bumped: ["kitchen", "bar"] });

      // The bar recalls its bump: back to preparing, on both boards.
      await bar.getByRole("button", { name: `Recall #${order.number}` }).click();
      await column(bar, "Preparing")
        .getByRole("article", { name: `Order #${order.number}, Table ${station.codename}` })
        .waitFor();
      await column(page, "Ready").getByText("Waiting for the bar").waitFor();
      expect(await readOrder(order)).toMatchObject({ status: "preparing", bumped: ["kitchen"] });
    } finally {
      await bar.close();
    }
  });
});
