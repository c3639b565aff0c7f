/**
 * The check and the end of day on a landscape tablet (1180 × 820): split a check two ways and pay the
 * parts (a card with a tip, cash with change due), a floor account's void waiting for a manager's PIN
 * typed on the same tablet, a refund of the closed check, and the day closed with a cash count and its
 * over/short. Screenshots go to test-results/ for a person to look at.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Check, DiningTable, Menu } from "../../contract/schemas";
import { orderableAnyDay } from "../support/api-helpers";
import { TABLET_LANDSCAPE } from "../support/browser";
import type { TestServer } from "../support/test-server";
import { focusedElement } from "./a11y-support";
import { NO_SERVICE_WORKER } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
const SHOTS = "test-results/check";
const PASSWORD = "lantern orchard velvet cobble";
const MANAGER = { email: `manager-${randomUUID().slice(0, 8)}@limitless.example`, pin: "735194" };
const FLOOR = { email: `floor-${randomUUID().slice(0, 8)}@limitless.example` };

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet());
  mkdirSync(SHOTS, { recursive: true });
  await api("POST", "/api/staff", { email: MANAGER.email, name: "Maria Manager", role: "manager", branch_ids: [1], password: PASSWORD });
  await api("POST", "/api/staff", { email: FLOOR.email, name: "Felix Floor", role: "floor", branch_ids: [1], password: PASSWORD });
  const { access_token: managerToken } = (await staffCall(server, "", "POST", "/api/login", {
    email: MANAGER.email,
    password: PASSWORD,
  })) as {
    access_token: string;
  };
  await staffCall(server, managerToken, "PUT", "/api/current_user/pin", { pin: MANAGER.pin });
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

/** A table of branch 1 with one round of `quantities` of the first orderable dishes. */
async function tableWithRound(codename: string, quantities: number[]): Promise<{ table: DiningTable; check: Check }> {
  const table = (await api("POST", "/api/stations?branch_id=1", { codename, capacity: 4 })) as DiningTable;
  const products = orderableAnyDay((await api("GET", "/api/products_by_category?branch_id=1")) as Menu).filter(
    (p) => p.stock === null && Object.values(p.customizations).every((g) => !g.required),
  );
  await api(
    "POST",
    "/api/orders",
    {
      station_id: table.id,
      branch_id: 1,
      products: quantities.map((quantity, i) => ({ id: products[i]!.id, quantity, selectedCustomizations: [] })),
    },
    { "Idempotency-Key": randomUUID() },
  );
  return { table, check: (await api("GET", `/api/stations/${table.id}/tab`)) as Check };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (price: string) => Math.round(Number(price) * 100);

async function shot(name: string, on: Page = page) {
  await on.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** No control of the check screen is smaller than 44 × 44 CSS px. */
async function expectTabletSizedControls(on: Page) {
  const small = await on.$$eval("main button, main a.staff-button, main input[type=radio], main input[type=checkbox]", (elements) =>
    elements
      .filter((el) => {
        const target = el.closest("label") ?? el;
        const box = target.getBoundingClientRect();
        return box.width > 0 && (box.width < 44 || box.height < 44);
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(small).toEqual([]);
}

describe("the check on a tablet", () => {
  let closedTabId = "";

  it("splits two ways, pays a part by card with a tip and a part in cash with the change due, and closes", async () => {
    const { table, check } = await tableWithRound("Patio 3", [2, 1]);
    await page.goto(`/staff/check?station_id=${table.id}`);
    await page.getByRole("heading", { name: "Patio 3 · check" }).waitFor();
    await expectTabletSizedControls(page);

    await page.getByLabel("Split equally").fill("2");
    await page.getByRole("button", { name: "Split", exact: true }).click();
    const total = cents(check.total);
    const [first, second] = [Math.ceil(total / 2), Math.floor(total / 2)];
    await page.getByRole("button", { name: `Part 1 of 2: ${money(first)}` }).click();
    await page.getByRole("radio", { name: "Card" }).check();
    await page.getByLabel("Tip ($)").fill("5.00");
    await shot("split-two-ways");
    await page.getByRole("button", { name: `Record card payment of ${money(first)} + $5.00 tip` }).click();
    await expect
      .poll(() => page.locator(".check-notice").textContent())
      .toContain(`Card payment of ${money(first)} with a $5.00 tip recorded.`);

    await page.getByRole("button", { name: `Part 2 of 2: ${money(second)}` }).click();
    await page.getByRole("radio", { name: "Cash" }).check();
    const handed = Math.ceil((second + 1) / 1000) * 1000 + 1000;
    await page.getByLabel("Cash handed over ($)").fill((handed / 100).toFixed(2));
    await expect.poll(() => page.locator(".check-change").textContent()).toBe(`Change due: ${money(handed - second)}`);
    await shot("cash-change-due");
    await page.getByRole("button", { name: `Record cash payment of ${money(second)}` }).click();
    await expect.poll(() => page.locator(".check-notice").textContent()).toContain("The check is paid and closed.");
    await expect.poll(() => page.locator(".check-notice").textContent()).toContain(`Change due: ${money(handed - second)}.`);
    await page.locator(".check-badge", { hasText: "Closed" }).waitFor();
    await shot("closed-check");
    closedTabId = check.id!;
    const closed = (await api("GET", `/api/tabs/${check.id}`)) as Check;
    expect(closed).toMatchObject({ status: "closed", tips: "5.00", paid: check.total, balance: "0.00" });
  });

  it("refunds part of a payment of the closed check", async () => {
    await page.goto(`/staff/check?tab=${closedTabId}`);
    await page.getByRole("button", { name: "Refund" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount ($)").fill("2.00");
    await dialog.getByLabel("Reason").fill("Cold fries");
    await shot("refund-dialog");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect.poll(() => page.locator(".check-notice").textContent()).toBe("Refund recorded.");
    await expect.poll(() => page.locator(".check-totals").textContent()).toContain("Refunded$2.00");
    const closed = (await api("GET", `/api/tabs/${closedTabId}`)) as Check;
    expect(closed.refunded).toBe("2.00");
  });
});

describe("a floor account's void on the same tablet", () => {
  let floorContext: BrowserContext;
  let floorPage: Page;

  beforeAll(async () => {
    floorContext = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
    expect((await floorContext.request.post("/api/login", { data: { email: FLOOR.email, password: PASSWORD } })).status()).toBe(200);
    floorPage = await floorContext.newPage();
  });
  afterAll(() => floorContext?.close());

  it("waits for a manager's PIN, then applies, without signing the floor account out", async () => {
    const { table, check } = await tableWithRound("Bar 7", [1, 1]);
    const line = check.lines[0]!;
    await floorPage.goto(`/staff/check?station_id=${table.id}`);
    await floorPage.getByRole("heading", { name: "Bar 7 · check" }).waitFor();
    await floorPage.getByRole("button", { name: `Void 1 × ${line.name}` }).click();
    const dialog = floorPage.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("Sent to the wrong table");
    await dialog.getByRole("button", { name: "Void" }).click();
    await expect.poll(() => floorPage.locator(".check-notice").textContent()).toContain("is waiting for a manager's PIN");
    await shot("void-waiting", floorPage);

    await floorPage.getByRole("button", { name: "Approve with a manager's PIN" }).click();
    const approve = floorPage.getByRole("dialog");
    await approve.getByLabel("Manager's e-mail").fill(MANAGER.email);
    await approve.getByLabel("Manager's PIN").fill("000000");
    await approve.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => approve.getByRole("alert").textContent()).toContain("That person or PIN is not right.");
    await approve.getByLabel("Manager's PIN").fill(MANAGER.pin);
    await shot("manager-pin", floorPage);
    await approve.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => floorPage.locator(".check-notice").textContent()).toContain("approved by Maria Manager");
    await expect.poll(() => floorPage.locator(".check-totals").textContent()).toContain(`Voids−${money(cents(line.line_total))}`);
    await shot("void-approved", floorPage);
    const me = (await (await floorContext.request.get("/api/current_user")).json()) as { logged_in_as: string };
    expect(me.logged_in_as).toBe(FLOOR.email);
  });

  it("turns a waiting void down, and focus goes to the check's heading, not nowhere", async () => {
    const { table, check } = await tableWithRound("Bar 8", [1]);
    const line = check.lines[0]!;
    await floorPage.goto(`/staff/check?station_id=${table.id}`);
    await floorPage.getByRole("heading", { name: "Bar 8 · check" }).waitFor();
    await floorPage.getByRole("button", { name: `Void 1 × ${line.name}` }).click();
    const dialog = floorPage.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("Asked twice");
    await dialog.getByRole("button", { name: "Void" }).click();
    await expect.poll(() => floorPage.locator(".check-notice").textContent()).toContain("is waiting for a manager's PIN");

    await floorPage.getByRole("button", { name: "Turn down" }).click();
    await expect.poll(() => floorPage.locator(".check-notice").textContent()).toContain("turned down");
    await expect.poll(() => floorPage.getByRole("button", { name: "Turn down" }).count()).toBe(0);
    await expect.poll(() => focusedElement(floorPage)).toBe("h1: Bar 8 · check");
  });
});

describe("the end of day", () => {
  it("shows the day, takes the cash count and says the over/short", async () => {
    await page.goto("/staff/day");
    await page.getByRole("heading", { name: "End of day · Thornhill" }).waitFor();
    const today = (await api("GET", "/api/reports/day?branch_id=1")) as { cash_expected: string };
    const counted = cents(today.cash_expected) - 150;
    await page.getByLabel("Cash counted in the drawer ($)").fill((counted / 100).toFixed(2));
    await page.getByRole("button", { name: "Save the count" }).click();
    await expect.poll(() => page.locator(".check-notice").textContent()).toContain("Over/short: −$1.50.");
    await expect.poll(() => page.getByLabel("The day in numbers").textContent()).toContain("Over / short−$1.50");
    await expectTabletSizedControls(page);
    await shot("end-of-day");
  });
});
