/**
 * The floor plan on a landscape tablet (1180 × 820): a manager places a table and moves it with the
 * arrow keys, drags another with the pointer, both kept after a reload; a table turns "In the
 * kitchen" and "Bill requested" live, without a reload; axe finds nothing; at 320 CSS px nothing
 * scrolls sideways.
 */
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable, Floor, FloorTable, Menu } from "../../contract/schemas";
import { orderableAnyDay } from "../support/api-helpers";
import type { TestServer } from "../support/test-server";
import { sidewaysScroll } from "./a11y-support";
import { axeViolations } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  ({ server, browser, token, page, context } = await openSignedInTablet());
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);
const floorTable = async (id: string) => ((await api("GET", "/api/floor?branch_id=1")) as Floor).tables.find((t) => t.id === id)!;
const shot = (name: string) => page.screenshot({ path: `/tmp/floor-${name}.png`, fullPage: true });

describe("the floor plan on a tablet", () => {
  it("shows the room's tables with their state, and passes axe", async () => {
    await page.goto("/staff/floor");
    await page.getByRole("heading", { name: "Floor · Thornhill" }).waitFor();
    const table1 = page.getByRole("link", { name: /^Table 1 ?, Free/ });
    await table1.waitFor();
    expect(await page.getByRole("button", { name: /^Bar \(1\)/ }).count()).toBe(1);
    await expect.poll(() => axeViolations(page)).toEqual([]);
    await shot("view");
  });

  it("places a table and moves it with the arrow keys; drags another; both are kept after a reload", async () => {
    const created = (await api("POST", "/api/stations?branch_id=1", { codename: "Window", capacity: 2 })) as DiningTable;
    await page.goto("/staff/floor");
    await page.getByRole("heading", { name: "Not on the plan yet" }).waitFor();
    await page.getByRole("button", { name: "Arrange tables" }).click();
    await page.getByRole("button", { name: "Place Window" }).click();
    const tile = page.getByRole("button", { name: /^Window ?, / });
    await tile.waitFor();
    await expect.poll(async () => (await floorTable(created.id)).position).not.toBeNull();
    const placed = (await floorTable(created.id)).position!;
    // The keyboard stays on the placed table: three presses right, one down with Shift.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(/^Window, /);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    await expect(page.getByRole("status").filter({ hasText: /Window saved at/ })).toBeDefined();
    const expected = { x: Math.min(1000, placed.x + 60), y: Math.min(1000, placed.y + 100) };
    await expect.poll(async () => (await floorTable(created.id)).position, { timeout: 5_000 }).toEqual(expected);
    await page.getByRole("status").filter({ hasText: "Window saved at" }).waitFor({ state: "attached" });
    await expect.poll(() => axeViolations(page)).toEqual([]);
    await shot("arranging");

    // Drag Table 2 by a finger's worth to the right and down.
    const table2 = page.getByRole("button", { name: /^Table 2 ?, / });
    const before = (await floorTable((await tableNamed("2")).id)).position!;
    await page.getByRole("region", { name: "Main floor plan" }).scrollIntoViewIfNeeded();
    const box = (await table2.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2 + 60, { steps: 8 });
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 120, { steps: 8 });
    await page.mouse.up();
    await shot("after-drag");
    await expect
      .poll(async () => {
        const after = (await floorTable((await tableNamed("2")).id)).position!;
        return after.x > before.x + 100 && after.y > before.y + 100;
      })
      .toBe(true);
    const dragged = (await floorTable((await tableNamed("2")).id)).position!;

    await page.reload();
    await page.getByRole("heading", { name: "Floor · Thornhill" }).waitFor();
    await page.getByRole("button", { name: "Arrange tables" }).click();
    expect(await page.getByRole("button", { name: /^Window ?, / }).textContent()).toMatch(
      new RegExp(`, ${Math.round(expected.x / 10)}% across, ${Math.round(expected.y / 10)}% down$`),
    );
    expect(await page.getByRole("button", { name: /^Table 2 ?, / }).textContent()).toMatch(
      new RegExp(`, ${Math.round(dragged.x / 10)}% across, ${Math.round(dragged.y / 10)}% down$`),
    );
    await page.getByRole("button", { name: "Done arranging" }).click();
  });

  it("a table turns In the kitchen and Bill requested live, and opens its tab", async () => {
    const table = await tableNamed("3");
    await page.goto("/staff/floor");
    const tile = page.getByRole("link", { name: /^Table 3 ?, / });
    await tile.waitFor();
    expect(await tile.textContent()).toMatch(/^Table 3, Free/);

    const product = orderableAnyDay((await api("GET", "/api/products_by_category?branch_id=1")) as Menu)[0]!;
    await api(
      "POST",
      "/api/orders",
      { station_id: table.id, branch_id: 1, products: [{ id: product.id, quantity: 1, selectedCustomizations: [] }] },
      { "Idempotency-Key": randomUUID() },
    );
    await expect.poll(() => tile.textContent(), { timeout: 5_000 }).toMatch(/^Table 3, In the kitchen, just now, \$/);
    await expect.poll(() => tile.textContent()).toContain("In the kitchen");

    await api("POST", `/api/stations/${table.id}/calls`, { kind: "bill" });
    await expect.poll(() => tile.textContent(), { timeout: 5_000 }).toMatch(/^Table 3, Bill requested, just now, Bill, \$/);
    await expect.poll(() => tile.textContent()).toContain("Bill");
    await expect.poll(() => axeViolations(page)).toEqual([]);
    await shot("live");

    await tile.click();
    await page.getByRole("heading", { name: "Table 3 · check" }).waitFor();
  });

  it("reflows at 320 CSS px: the plan becomes a list, nothing scrolls sideways", async () => {
    const narrow = await context.newPage();
    try {
      await narrow.setViewportSize({ width: 320, height: 700 });
      await narrow.goto("/staff/floor");
      await narrow.getByRole("link", { name: /^Table 1 ?, / }).waitFor();
      expect(await sidewaysScroll(narrow)).toBe(0);
      await narrow.screenshot({ path: "/tmp/floor-320.png", fullPage: true });
    } finally {
      await narrow.close();
    }
  });
});

async function tableNamed(codename: string): Promise<FloorTable> {
  return ((await api("GET", "/api/floor?branch_id=1")) as Floor).tables.find((t) => t.codename === codename)!;
}
