/**
 * Staff screens by role in headless Chromium: a kitchen account sees the boards and the sold-out
 * panel and is offered no reports, menu upload, tables or staff; a screen it opens directly says it
 * is not allowed. The Staff screen (an owner adds an account, changes its role, resets a password —
 * a weak one refused with the policy's reason — and deactivates it), its audit log, and a PIN take-over
 * of a tablet.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, StaffAccount } from "../../contract/schemas";
import { launchBrowser, PHONE, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { ACCOUNT_PASSWORD, staffAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { axeViolations, NO_SERVICE_WORKER } from "./site-support";

let server: TestServer;
let browser: Browser;
let ownerToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  ownerToken = await staffToken(server);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

async function signedIn(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
  expect((await context.request.post("/api/login", { data: { email, password } })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const navLinks = async (page: Page) => page.getByRole("navigation", { name: "Staff" }).getByRole("link").allTextContents();

describe("a kitchen account", () => {
  it("sees the boards and the sold-out panel, and no reports, upload, tables or staff links", async () => {
    const cook = await staffAccount(server, "kitchen", [1], { signIn: false });
    const { context, page } = await signedIn(cook.email, ACCOUNT_PASSWORD);
    try {
      await page.goto("/kitchen");
      await page.getByRole("navigation", { name: "Staff" }).waitFor();
      expect(await navLinks(page)).toEqual(["Kitchen"]);
      await page.getByRole("button", { name: /^Sold-out items/ }).click();
      await page.getByRole("spinbutton", { name: "Stock: Sisig", exact: true }).waitFor();
      await page.goto("/staff/reports");
      await page.getByRole("heading", { name: "Not allowed" }).waitFor();
      expect(await page.getByRole("alert").textContent()).toMatch(/kitchen\) may not use this screen/);
      await page.goto("/upload_menu");
      await page.getByRole("heading", { name: "Not allowed" }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("a floor account", () => {
  it("sees the stations without add, edit or delete (the server refuses them)", async () => {
    const waiter = await staffAccount(server, "floor", [1], { signIn: false });
    const { context, page } = await signedIn(waiter.email, ACCOUNT_PASSWORD);
    try {
      await page.goto("/stations");
      await page.getByRole("heading", { name: /^Stations · / }).waitFor();
      await page.locator(".dining-table-card").first().waitFor();
      expect(await page.getByRole("button", { name: "New Station" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Edit / }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Delete / }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("an invalid staff form", () => {
  it("moves focus to the first invalid field, which its error describes", async () => {
    const manager = await staffAccount(server, "manager", [1], { signIn: false });
    const { context, page } = await signedIn(manager.email, ACCOUNT_PASSWORD);
    try {
      await page.goto("/stations");
      await page.getByRole("button", { name: "New Station" }).click();
      const form = page.getByRole("form", { name: "New station" });
      await form.getByLabel("Table name or number").fill("");
      await form.getByLabel("Capacity").fill("0");
      await form.getByRole("button", { name: "Create station" }).click();
      const codename = form.getByLabel("Table name or number");
      await expect.poll(() => codename.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await codename.getAttribute("aria-invalid")).toBe("true");
      const describedBy = await codename.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Enter the table's name or number.");
      expect(await form.getByLabel("Capacity").getAttribute("aria-invalid")).toBe("true");
    } finally {
      await context.close();
    }
  });
});

describe("the Staff screen", () => {
  it("adds an account, changes its role, refuses a weak password with its reason, resets it and deactivates it", async () => {
    const { context, page } = await signedIn(server.staff.email, server.staff.password);
    try {
      await page.goto("/staff/accounts");
      await page.getByRole("heading", { name: /Staff at/ }).waitFor();
      expect(await navLinks(page)).toContain("Staff");
      await page.getByLabel("E-mail").fill("rosa@limitless.example");
      await page.getByLabel("Name").fill("Rosa");
      await page.getByLabel("Role").selectOption("kitchen");
      await page.getByLabel("Password").fill("short one");
      await page.getByRole("button", { name: "Add account" }).click();
      expect(await page.getByRole("alert").first().textContent()).toMatch(/at least 15 characters/);
      await page.getByLabel("Password").fill("saffron meadow tumble ledger");
      await page.getByRole("button", { name: "Add account" }).click();
      await page.getByRole("cell", { name: "rosa@limitless.example", exact: true }).waitFor();

      await page.getByRole("button", { name: "Change rosa@limitless.example" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Role").selectOption("floor");
      await dialog.getByRole("button", { name: "Save role and branches" }).click();
      await page.getByText("rosa@limitless.example is now floor.").waitFor();

      await dialog.getByLabel("New password").fill("password1234567");
      await dialog.getByRole("button", { name: "Reset password" }).click();
      expect(await dialog.getByRole("alert").textContent()).toMatch(/too common|easy to guess/);
      await dialog.getByLabel("New password").fill("juniper caravan osprey lull");
      await dialog.getByRole("button", { name: "Reset password" }).click();
      await page.getByText(/password was reset/).waitFor();

      await dialog.getByRole("button", { name: "Deactivate" }).click();
      await page.getByText(/was deactivated and signed out everywhere/).waitFor();
      const accounts = (await (
        await fetch(`${server.url}/api/staff?branch_id=1`, { headers: { Authorization: `Bearer ${ownerToken}` } })
      ).json()) as StaffAccount[];
      expect(accounts.find((a) => a.email === "rosa@limitless.example")).toMatchObject({ role: "floor", active: false });
      const signIn = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "rosa@limitless.example", password: "juniper caravan osprey lull" }),
      });
      expect(signIn.status).toBe(401);
      await dialog.getByRole("button", { name: "Close" }).click();
      await page.getByRole("heading", { name: "Recent changes" }).waitFor();
      // What was done to the account, in words.
      const entries = page.getByRole("region", { name: "Recent changes" }).getByRole("listitem");
      for (const said of [
        /— staff@limitless\.example \(owner\) added Rosa as kitchen staff at Thornhill$/,
        /— Role of Rosa changed from kitchen to floor \(staff@limitless\.example, owner\)$/,
        /— staff@limitless\.example \(owner\) deactivated Rosa, who was signed out everywhere$/,
      ])
        await entries.filter({ hasText: said }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the Staff screen on a phone", () => {
  it("shows each account as a card whose Change button is in reach without scrolling sideways, at 390 and 320 px", async () => {
    const cook = await staffAccount(server, "kitchen", [1], { signIn: false });
    const context = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    try {
      expect((await context.request.post("/api/login", { data: server.staff })).status()).toBe(200);
      const page = await context.newPage();
      await page.goto("/staff/accounts");
      const change = page.getByRole("button", { name: `Change ${cook.email}` });
      await change.waitFor();
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        const reach = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          boxes: [...document.querySelectorAll(".staff-table-scroll")].map((box) => box.scrollWidth - box.clientWidth),
          // Every Change button wholly on screen, and big enough for a finger.
          outOfReach: [...document.querySelectorAll("table button")].filter((button) => {
            const { left, right, height } = button.getBoundingClientRect();
            return left < 0 || right > window.innerWidth || height < 44;
          }).length,
        }));
        expect(reach, `${width} px`).toEqual({ page: 0, boxes: [0], outOfReach: 0 });
        // Each line shows what it is ("E-mail"), and the cell is named by its e-mail alone, as on the tablet.
        const email = page.getByRole("cell", { name: cook.email, exact: true });
        expect(
          await email.evaluate((cell) => [cell.dataset.label, getComputedStyle(cell, "::before").display, getComputedStyle(cell).display]),
        ).toEqual(["E-mail", "block", "grid"]);
      }
    } finally {
      await context.close();
    }
  });
});

describe("the audit log", () => {
  it("says in words what a change of a branch's happy hours and of a dish's price was, filtered by who, what and day", async () => {
    const changed = await fetch(`${server.url}/api/branches/1/happy_hours`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" },
      body: JSON.stringify([{ weekdays: [6, 7], from: "12:00", to: "15:00" }]),
    });
    expect(changed.status).toBe(200);
    const owner = { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" };
    const menu = (await (await fetch(`${server.url}/api/products_by_category?branch_id=1`, { headers: owner })).json()) as Menu;
    const dish = menu.main[0]!;
    const repriced = await fetch(`${server.url}/api/products/${dish.id}`, {
      method: "PUT",
      headers: owner,
      body: JSON.stringify({ price: "13.49" }),
    });
    expect(repriced.status).toBe(200);
    const { context, page } = await signedIn(server.staff.email, server.staff.password);
    try {
      await page.goto("/staff/accounts");
      const log = page.getByRole("region", { name: "Recent changes" });
      const entry = log.getByRole("listitem").filter({ hasText: "changed the happy hours at Thornhill" });
      await entry.waitFor();
      expect((await entry.textContent())!.replace(/\s/g, " ")).toMatch(
        /— staff@limitless\.example \(owner\) changed the happy hours at Thornhill from Monday–Friday, 2–6 p\.m\. to Saturday and Sunday, 12–3 p\.m\.$/,
      );
      const price = log.getByRole("listitem").filter({ hasText: `Price of ${dish.name} changed` });
      expect((await price.textContent())!.replace(/\s/g, " ")).toMatch(
        new RegExp(
          `— Price of ${escaped(dish.name)} changed from ${escaped(dish.price)} to 13\\.49 \\(staff@limitless\\.example, owner\\)$`,
        ),
      );
      // What: only happy hours; who: someone else, nothing; day: another day, nothing.
      await log.getByLabel("What").selectOption("happy_hours");
      await expect.poll(() => log.getByRole("listitem").count()).toBe(1);
      await log.getByLabel("What").selectOption("staff");
      await expect.poll(() => log.getByRole("listitem").filter({ hasText: "happy hours" }).count()).toBe(0);
      await log.getByLabel("What").selectOption("");
      await log.getByLabel("Who").selectOption(server.staff.email);
      await expect.poll(async () => (await log.getByRole("listitem").count()) > 0).toBe(true);
      await log.getByLabel("Day").fill("2020-01-01");
      await log.getByText("No change matches these filters.").waitFor();
      await expect.poll(() => axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("Switch user", () => {
  it("a person takes over a signed-in tablet with their PIN, and the screens follow their role", async () => {
    const waiter = await staffAccount(server, "floor", [1]);
    const pinSet = await fetch(`${server.url}/api/current_user/pin`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${waiter.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ pin: "2468" }),
    });
    expect(pinSet.status).toBe(200);
    const cook = await staffAccount(server, "kitchen", [1], { signIn: false });
    const { context, page } = await signedIn(cook.email, ACCOUNT_PASSWORD);
    try {
      await page.goto("/kitchen");
      await page.getByRole("button", { name: "Switch user" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Your e-mail").fill(waiter.email);
      await dialog.getByLabel("Your PIN").fill("1111");
      await dialog.getByRole("button", { name: "Take over this tablet" }).click();
      expect(await dialog.getByRole("alert").textContent()).toMatch(/not right/);
      expect(page.url()).toBe(`${server.url}/kitchen`);
      await dialog.getByLabel("Your PIN").fill("2468");
      await dialog.getByRole("button", { name: "Take over this tablet" }).click();
      await page.getByRole("banner").getByText("Test floor", { exact: true }).waitFor();
      expect(await navLinks(page)).toEqual(["Kitchen", "Stations", "Floor", "Tabs"]);
    } finally {
      await context.close();
    }
  });
});
