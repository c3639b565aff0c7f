/**
 * Tablet-sized, one way (issue 32, item 3): on every staff screen each role may open, at 1180 × 820,
 * with the forms behind its buttons opened too (a new table, a new printer, the menu editor's dish,
 * switch user, the sold-out list), every input, select, checkbox, radio, file picker, text box and
 * button measures at least 44 × 44 CSS px to tap (a checkbox or radio with its label, which taps it
 * too; a file picker hidden behind its label by its label), and text fields use the body font.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "../../contract/roles";
import { screensFor } from "../../src/staff/lib/screens";
import { launchBrowser, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { ACCOUNT_PASSWORD, staffAccount } from "../support/staff-accounts";
import { startTestServer, type TestServer } from "../support/test-server";
import { NO_SERVICE_WORKER } from "./site-support";

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

async function signedIn(role: StaffRole): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
  expect((await context.request.post("/api/login", { data: credentials[role] })).status()).toBe(200);
  return { context, page: await context.newPage() };
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

/** Opens what a screen keeps behind a button, when the role has it: the forms and panels to measure too. */
async function openForms(page: Page, path: string): Promise<void> {
  const click = async (name: RegExp | string) => {
    const button = page.getByRole("button", { name }).first();
    if ((await button.count()) > 0 && (await button.isEnabled())) await button.click();
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
  }
  await page.waitForTimeout(300);
}

describe.each(STAFF_ROLES)("as %s, at 1180 × 820", (role) => {
  it("every control on every screen is at least 44 × 44, in the body font", async () => {
    const { context, page } = await signedIn(role);
    try {
      const problems: string[] = [];
      for (const screen of screensFor(role)) {
        await page.goto(screen.to);
        await page.locator("main h1").first().waitFor();
        await page.waitForLoadState("networkidle").catch(() => undefined);
        await openForms(page, screen.to);
        problems.push(...(await smallControls(page)).map((problem) => `${screen.to}: ${problem}`));
        const shots = process.env.SCREENSHOT_DIR;
        if (shots) await page.screenshot({ path: `${shots}/${role}${screen.to.replace(/\//g, "-")}.png`, fullPage: true });
      }
      // The switch-user dialog, over the last screen.
      await page.getByRole("button", { name: "Switch user" }).click();
      await page.getByRole("dialog").waitFor();
      problems.push(...(await smallControls(page)).map((problem) => `switch user: ${problem}`));
      expect(problems).toEqual([]);
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
