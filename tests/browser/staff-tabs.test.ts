/**
 * The tabs screen under a slow network: an answer that arrives after the staff moved on (another
 * branch, another table) must not replace what they moved to.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, DiningTable } from "../../contract/schemas";
import { orderableAnyDay } from "../support/api-helpers";
import type { TestServer } from "../support/test-server";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet());
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

/** A table in `branchId` with one order on its tab. */
async function tableWithTab(branchId: number, codename: string): Promise<DiningTable> {
  const table = (await api("POST", `/api/stations?branch_id=${branchId}`, { codename, capacity: 4 })) as DiningTable;
  const product = orderableAnyDay((await api("GET", `/api/products_by_category?branch_id=${branchId}`)) as Menu)[0]!;
  await api(
    "POST",
    "/api/orders",
    { station_id: table.id, branch_id: branchId, products: [{ id: product.id, quantity: 1, selectedCustomizations: [] }] },
    { "Idempotency-Key": randomUUID() },
  );
  return table;
}

/**
 * Holds the first request matching `url` until `release()`; later ones pass. `handedOver` resolves once
 * the held answer has reached the page.
 */
async function holdFirst(url: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const held = new Promise<void>((resolve) => (started = resolve));
  let handedOver!: () => void;
  const delivered = new Promise<void>((resolve) => (handedOver = resolve));
  let first = true;
  await page.route(url, async (route: Route) => {
    if (!first) return route.continue();
    first = false;
    const response = await route.fetch();
    started();
    await released;
    await route.fulfill({ response });
    handedOver();
  });
  return { held, release, delivered };
}

describe("tabs under a slow network", () => {
  it("keeps the branch switched to when the branch left answers late", async () => {
    await tableWithTab(1, "Slow Thornhill");
    await tableWithTab(2, "Quick Pickering");
    const slow = await holdFirst(/\/api\/tabs\?branch_id=1(&|$)/);

    await page.goto("/staff/tabs");
    await slow.held;
    await page.getByRole("radio", { name: "Pickering" }).check();
    await page.getByRole("heading", { name: "Open tabs · Pickering" }).waitFor();
    const quick = page.getByRole("button", { name: /^Quick Pickering/ });
    await quick.waitFor();

    slow.release();
    await slow.delivered;
    // Let React render whatever the late answer would have set.
    await page.waitForTimeout(500);
    expect(await page.getByRole("button", { name: /^Slow Thornhill/ }).count()).toBe(0);
    expect(await quick.count()).toBe(1);
    await page.unrouteAll();
  });

  it("keeps the table opened last when the table opened before answers late", async () => {
    await page.goto("/staff/tabs");
    await page.getByRole("radio", { name: "Thornhill" }).check();
    const first = await tableWithTab(1, "Patio Slow");
    await tableWithTab(1, "Patio Quick");
    const slow = await holdFirst(new RegExp(`/api/stations/${first.id}/tab(\\?|$)`));

    await page.reload();
    await page.getByRole("button", { name: /^Patio Slow/ }).click();
    await slow.held;
    await page.getByRole("button", { name: /^Patio Quick/ }).click();
    await page.getByRole("heading", { name: "Patio Quick's tab" }).waitFor();

    slow.release();
    await slow.delivered;
    await page.waitForTimeout(500);
    expect(await page.getByRole("heading", { name: "Patio Slow's tab" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Patio Quick's tab" }).count()).toBe(1);
    await page.unrouteAll();
  });
});
