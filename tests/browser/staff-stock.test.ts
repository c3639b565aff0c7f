/**
 * Stock counts set from the kitchen tablet's sold-out panel: a count reaches the public menu, the
 * list says how many are left and follows the orders live, 0 sells the item out, and an emptied
 * field stops counting.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Menu, Product, DiningTable } from "../../contract/schemas";
import type { TestServer } from "../support/test-server";
import { axeViolations } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let station: DiningTable;

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet());
  station = ((await api("GET", "/api/stations?branch_id=1")) as DiningTable[])[0]!;
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

/** The product as the public menu has it now. */
async function publicProduct(name: string): Promise<Product> {
  const menu = (await (await fetch(`${server.url}/api/products_by_category?branch_id=1`)).json()) as Menu;
  return CATEGORY_KEYS.flatMap((key) => menu[key]).find((p) => p.name === name)!;
}

async function openPanel(): Promise<void> {
  await page.goto("/kitchen");
  await page.getByRole("button", { name: /^Sold-out items/ }).click();
}

const item = (name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("spinbutton", { name: `Stock: ${name}`, exact: true }) });

it("sets a count from the tablet: the public menu has it, the list says how many are left and follows orders live", async () => {
  const sisig = await publicProduct("Sisig");
  expect(sisig.stock).toBeNull();
  await openPanel();
  const field = page.getByRole("spinbutton", { name: "Stock: Sisig", exact: true });
  await field.waitFor();
  await expect.poll(() => field.inputValue()).toBe("");
  await expect.poll(() => axeViolations(page)).toEqual([]);

  await field.fill("3");
  await page.getByRole("button", { name: "Save stock: Sisig", exact: true }).click();
  await expect.poll(async () => (await publicProduct("Sisig")).stock).toBe(3);
  await expect.poll(() => item("Sisig").textContent()).toContain("3 left");

  // A diner's order takes two: the tablet hears it (product.updated) without a reload.
  await api(
    "POST",
    "/api/orders",
    { station_id: station.id, branch_id: 1, products: [{ id: sisig.id, quantity: 2 }] },
    { "Idempotency-Key": randomUUID() },
  );
  await expect.poll(() => item("Sisig").textContent()).toContain("1 left");
  await expect.poll(() => field.inputValue()).toBe("1");
});

it("sells an item out at 0 and stops counting when the field is emptied", async () => {
  await openPanel();
  const field = page.getByRole("spinbutton", { name: "Stock: Poutine", exact: true });
  const save = page.getByRole("button", { name: "Save stock: Poutine", exact: true });
  const soldOut = page.getByRole("button", { name: "Sold out: Poutine", exact: true });
  await field.waitFor();
  await expect.poll(() => soldOut.getAttribute("aria-pressed")).toBe("false");

  await field.fill("0");
  await save.click();
  await expect.poll(() => soldOut.getAttribute("aria-pressed")).toBe("true");
  expect(await publicProduct("Poutine")).toMatchObject({ stock: 0, available: false });
  await expect.poll(() => item("Poutine").textContent()).toContain("0 left");

  await field.fill("12");
  await save.click();
  await expect.poll(() => soldOut.getAttribute("aria-pressed")).toBe("false");
  expect(await publicProduct("Poutine")).toMatchObject({ stock: 12, available: true });

  await field.fill("");
  await save.click();
  await expect.poll(async () => (await publicProduct("Poutine")).stock).toBeNull();
  await expect.poll(() => item("Poutine").textContent()).not.toContain("left");
  expect((await publicProduct("Poutine")).available).toBe(true);
});
