/**
 * The staff app's frame and homes (docs/decisions/0031), for each role on a landscape tablet
 * (1180 × 820): signing in lands on the role's home; no public header, footer or social links; the
 * navigation lists exactly the role's screens (contract/roles.ts through src/staff/lib/screens.ts);
 * the kitchen board's chrome above its columns is at most a tenth of the height and nothing in it
 * wraps; on every staff screen a role may open, no request is refused (403) and nothing is logged as
 * an error. With SCREENSHOT_DIR set, each role's home is saved at tablet and phone size, and every
 * screen it opens.
 *
 * Tablet-sized, one way (issue 32, item 3): on the same walk through every screen, with the forms behind
 * its buttons opened too (a new table, a new printer, the menu editor's dish, switch user, the sold-out
 * list), every input, select, checkbox, radio, file picker, text box and button measures at least
 * 44 × 44 CSS px to tap (a checkbox or radio with its label, which taps it too; a file picker hidden
 * behind its label by its label), and text fields use the body font; the sign-in form too.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "../../contract/roles";
import { homeFor, screensFor, STAFF_SCREENS } from "../../src/staff/lib/screens";
import { launchBrowser, PHONE, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { ACCOUNT_PASSWORD, staffAccount } from "../support/staff-accounts";
import { startTestServer, type TestServer } from "../support/test-server";
import { axeViolations, NO_SERVICE_WORKER } from "./site-support";
import { followRequests } from "./staff-support";

let server: TestServer;
let browser: Browser;
const credentials = {} as Record<StaffRole, { email: string; password: string }>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  credentials.owner = server.staff;
  for (const role of ["manager", "kitchen", "floor"] as const) {
    const account = await staffAccount(server, role, [1], { signIn: false });
    credentials[role] = { email: account.email, password: ACCOUNT_PASSWORD };
  }
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

/** A tablet signed in through the sign-in form, as a person would. */
async function signInAs(role: StaffRole, size = TABLET_LANDSCAPE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...size, ...NO_SERVICE_WORKER, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(credentials[role].email);
  await page.getByLabel("Password").fill(credentials[role].password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}${homeFor(role)}`);
  return { context, page };
}

/** Every visible form control smaller than 44 × 44 to tap, or whose text is not in the body's font. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bodyFont = getComputedStyle(document.body).fontFamily;
    const name = (control: HTMLElement) =>
      `${control.tagName.toLowerCase()}${control instanceof HTMLInputElement ? `[${control.type}]` : ""} "${(
        control.getAttribute("aria-label") ??
        (control as HTMLInputElement).labels?.[0]?.textContent ??
        control.textContent ??
        ""
      )
        .trim()
        .slice(0, 40)}"`;
    for (const control of document.querySelectorAll<HTMLElement>("button, input:not([type=hidden]), select, textarea")) {
      if (control.closest("[hidden], .skip-link") || control.getClientRects().length === 0) continue;
      const labels = [...((control as HTMLInputElement).labels ?? [])];
      const hiddenBehindLabel = control.closest(".visually-hidden") !== null || getComputedStyle(control).opacity === "0";
      if (control.closest(".visually-hidden") && labels.length === 0) continue;
      const boxes = [...(hiddenBehindLabel ? [] : [control]), ...labels]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => element.getBoundingClientRect());
      const width = Math.max(0, ...boxes.map((box) => box.width));
      const height = Math.max(0, ...boxes.map((box) => box.height));
      if (width < 44 - 0.5 || height < 44 - 0.5) problems.push(`${name(control)} ${Math.round(width)}×${Math.round(height)}`);
      // Where text is typed or shown in the field: the body font (checkboxes, radios and file inputs show none).
      const textual =
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement ||
        (control instanceof HTMLInputElement && !["checkbox", "radio", "file"].includes(control.type));
      if (textual && getComputedStyle(control).fontFamily !== bodyFont)
        problems.push(`${name(control)} in ${getComputedStyle(control).fontFamily}`);
    }
    return problems;
  });
}

/**
 * Opens what a screen keeps behind a button, when the role has it: the forms and panels to measure too.
 * Says whether it opened one.
 */
async function openForms(page: Page, path: string): Promise<boolean> {
  let opened = false;
  const click = async (name: RegExp | string) => {
    const button = page.getByRole("button", { name }).first();
    if ((await button.count()) > 0 && (await button.isEnabled())) {
      await button.click();
      opened = true;
    }
  };
  if (path === "/stations") await click("New Station");
  if (path === "/staff/printers") await click("Add printer");
  if (path === "/kitchen") await click(/^Sold-out items/);
  if (path === "/staff/menu") {
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .waitFor();
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    opened = true;
  }
  return opened;
}

const navLinks = (page: Page) => page.getByRole("navigation", { name: "Staff" }).getByRole("link").allTextContents();

describe.each(STAFF_ROLES)("signed in as %s", (role) => {
  it("lands on its home, in the staff frame, offered exactly its screens", async () => {
    const { context, page } = await signInAs(role);
    try {
      await page.locator("main h1").first().waitFor();
      expect(await navLinks(page)).toEqual(screensFor(role).map((screen) => screen.label));
      // The current screen is marked as such in the navigation.
      expect(await page.getByRole("navigation", { name: "Staff" }).locator("[aria-current=page]").textContent()).toBe(
        STAFF_SCREENS.find((screen) => screen.to === homeFor(role))!.label,
      );
      // The staff app's own frame: none of the public site's header, footer or social links.
      expect(await page.locator("footer, .site-footer, .site-header, .social-links").count()).toBe(0);
      expect(await page.locator("a[href*='facebook'], a[href*='instagram'], a[href*='tiktok']").count()).toBe(0);
      // Who, which branch, switch user, sign out.
      const rail = page.getByRole("banner");
      await rail.getByText(role === "owner" ? "Owner" : `Test ${role}`, { exact: true }).waitFor();
      await rail.getByRole("radio", { name: "Thornhill" }).waitFor();
      await rail.getByRole("button", { name: "Switch user" }).waitFor();
      await rail.getByRole("link", { name: "Sign out" }).waitFor();
      // In sight at 820 px, however many screens the role has: an owner's twelve scroll above them.
      for (const control of [rail.getByRole("button", { name: "Switch user" }), rail.getByRole("link", { name: "Sign out" })]) {
        const box = (await control.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(820);
      }
      // Already signed in, /login without a referrer goes home again.
      await page.goto("/login");
      await page.waitForURL(`${server.url}${homeFor(role)}`);
      await expect.poll(() => axeViolations(page)).toEqual([]);
      const shots = process.env.SCREENSHOT_DIR;
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.waitForTimeout(500);
        await page.screenshot({ path: join(shots, `${role}-home-tablet.png`) });
      }
    } finally {
      await context.close();
    }
  });

  it("opens every screen it may use with no refused request, no console error, and every control tablet-sized in the body font", async () => {
    const { context, page } = await signInAs(role);
    const refused: string[] = [];
    const errors: string[] = [];
    const small: string[] = [];
    const requests = followRequests(page);
    page.on("response", (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      for (const screen of screensFor(role)) {
        await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: screen.label, exact: true }).click();
        await page.waitForURL(`${server.url}${screen.to}`);
        await page.locator("main h1").first().waitFor();
        // Its reads have answered (the page's own, the alerts', the stream's first).
        await requests.settled();
        // What a button opened may read too; a screen with nothing behind one is quiet already (above).
        if (await openForms(page, screen.to)) await requests.settled(10_000, { fromNow: true });
        small.push(...(await smallControls(page)).map((problem) => `${screen.to}: ${problem}`));
        const shots = process.env.SCREENSHOT_DIR;
        if (shots) await page.screenshot({ path: join(shots, `${role}${screen.to.replace(/\//g, "-")}.png`), fullPage: true });
      }
      // The switch-user dialog, over the last screen.
      await page.getByRole("button", { name: "Switch user" }).click();
      await page.getByRole("dialog").waitFor();
      small.push(...(await smallControls(page)).map((problem) => `switch user: ${problem}`));
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      expect(small).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the sign-in form", () => {
  it("has tablet-sized controls in the body font", async () => {
    const context = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
    try {
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(await smallControls(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the kitchen board", () => {
  it("uses the whole screen: at most a tenth of 820 px above the columns, nothing wrapping", async () => {
    const { context, page } = await signInAs("kitchen");
    try {
      const columns = page.locator(".kitchen__columns");
      await columns.waitFor();
      const top = await columns.evaluate((element) => element.getBoundingClientRect().top);
      expect(top).toBeLessThanOrEqual(82);
      const shots = process.env.SCREENSHOT_DIR;
      if (shots) await page.screenshot({ path: join(shots, "kitchen-board-tablet.png") });
      // One row: every part of the toolbar on the same line (its middle), and no label runs onto a second line.
      const middles = await page
        .locator(".kitchen__toolbar > *")
        .evaluateAll((parts) => parts.map((part) => part.getBoundingClientRect()).map((box) => (box.top + box.bottom) / 2));
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
      const wrapped = await page
        .locator(".kitchen__toolbar button, .staff-rail button, .staff-rail a")
        .evaluateAll((controls) =>
          controls
            .filter((control) => control.getClientRects().length > 0 && control.scrollHeight > 52)
            .map((control) => control.textContent),
        );
      expect(wrapped).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("on a phone", () => {
  it.each(STAFF_ROLES)("%s: the navigation is behind Menu, the screen reflows", async (role) => {
    const { context, page } = await signInAs(role, PHONE);
    try {
      await page.locator("main h1").first().waitFor();
      const menu = page.getByRole("button", { name: "Menu" });
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByRole("navigation", { name: "Staff" }).isVisible()).toBe(false);
      await menu.click();
      await page.getByRole("navigation", { name: "Staff" }).waitFor();
      expect(await navLinks(page)).toEqual(screensFor(role).map((screen) => screen.label));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      const shots = process.env.SCREENSHOT_DIR;
      if (shots) {
        await page.screenshot({ path: join(shots, `${role}-menu-phone.png`) });
        await menu.click();
        await page.screenshot({ path: join(shots, `${role}-home-phone.png`) });
      }
    } finally {
      await context.close();
    }
  });
});
