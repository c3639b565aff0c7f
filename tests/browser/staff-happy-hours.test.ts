/**
 * The happy-hours screen (issue 32, item 4): a manager sets a branch's windows on the tablet — the
 * form says clearly what is wrong before anything is sent — and a diner's phone with the menu open
 * prices by the new window at once; the change is in the audit log under the manager's name. The
 * server's time is the test's TestClock, the phone's Playwright's clock, set alike: a Saturday 13:00
 * in Toronto, outside the seeded Monday–Friday 14:00–18:00.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, DiningTable } from "../../contract/schemas";
import { launchBrowser, PHONE, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { ACCOUNT_PASSWORD, staffAccount, type TestAccount } from "../support/staff-accounts";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { createDiningTable, orderUrl } from "./ordering-support";
import { axeViolations, NO_SERVICE_WORKER } from "./site-support";

const SATURDAY_1PM = new Date("2026-11-28T18:00:00Z"); // 13:00 in Toronto (UTC-5)
const clock = new TestClock();
let server: TestServer;
let browser: Browser;
let ownerToken: string;
let manager: TestAccount;
let table: DiningTable;

beforeAll(async () => {
  clock.set(SATURDAY_1PM);
  [server, browser] = await Promise.all([startTestServer({ server: { clock } }), launchBrowser()]);
  ownerToken = await staffToken(server);
  manager = await staffAccount(server, "manager", [1], { signIn: false });
  table = await createDiningTable(server, ownerToken, 1, "Happy 2");
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

const beerPrice = async (page: Page) =>
  (
    (await page
      .getByRole("button", { name: /^Domestic Beer\b/ })
      .locator(".menu-item-price")
      .textContent()) ?? ""
  ).replace(/\s+/g, " ");

describe("the happy-hours screen", () => {
  it("a manager adds a Saturday window, told clearly what is wrong first; an open menu's prices follow; it is audited", async () => {
    const phone = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const tablet = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
    try {
      const diner = await phone.newPage();
      await diner.clock.install({ time: SATURDAY_1PM });
      await diner.goto(orderUrl(table));
      await expect.poll(() => beerPrice(diner)).toBe("$4.49");

      expect((await tablet.request.post("/api/login", { data: { email: manager.email, password: ACCOUNT_PASSWORD } })).status()).toBe(200);
      const page = await tablet.newPage();
      await page.goto("/staff/happy-hours");
      await page.getByRole("heading", { name: "Happy hours · Thornhill" }).waitFor();
      const form = page.getByRole("form", { name: "Happy hours" });
      // The seeded window.
      await expect.poll(() => form.getByLabel("Window 1: from").inputValue()).toBe("14:00");
      expect(await form.getByLabel("Window 1: to").inputValue()).toBe("18:00");
      await expect.poll(() => axeViolations(page)).toEqual([]);

      // A second window, wrong twice: no day, and an end before its start.
      await form.getByRole("button", { name: "Add a window" }).click();
      const second = form.getByRole("group", { name: "Window 2: days" });
      for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) await second.getByLabel(day).uncheck();
      await form.getByLabel("Window 2: from").fill("12:00");
      await form.getByLabel("Window 2: to").fill("11:00");
      await form.getByRole("button", { name: "Save happy hours" }).click();
      await second.getByText("Window 2: choose at least one day.").waitFor();
      await form.getByText("Window 2: it must end after it starts (12:00), on the same day.").waitFor();
      // Focus on the first field in error, which its message describes.
      await expect.poll(() => second.getByLabel("Monday").evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await form.getByLabel("Window 2: to").getAttribute("aria-invalid")).toBe("true");

      await second.getByLabel("Saturday").check();
      await form.getByLabel("Window 2: to").fill("15:00");
      await form.getByRole("button", { name: "Save happy hours" }).click();
      await page.getByRole("status").filter({ hasText: "Saved: Monday–Friday, 2–6 p.m.; Saturday, 12–3 p.m." }).waitFor();

      // The phone, untouched, now in happy hour.
      await expect.poll(() => diner.locator(".happy-hour-notice").textContent()).toMatch(/Happy hour until 3\s?p\.m\./);
      await expect.poll(() => beerPrice(diner)).toBe("$3.50 $4.49");

      const log = (await (
        await fetch(`${server.url}/api/audit_log?branch_id=1`, { headers: { Authorization: `Bearer ${ownerToken}` } })
      ).json()) as AuditEntry[];
      const entry = log.find((e) => e.action === "happy_hours.changed");
      expect(entry).toMatchObject({ target: "branch:1" });
      expect(entry!.actor_email).toBe(manager.email);
    } finally {
      await phone.close();
      await tablet.close();
    }
  });
});
