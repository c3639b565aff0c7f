/**
 * Staff sign-in / sign-out in real headless Chromium on a landscape tablet: the protected-route
 * wrapper, the validation messages, clear messages for bad credentials and throttling,
 * the redirect back, and a sign-out that the server enforces.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { axeViolations, NO_SERVICE_WORKER } from "./site-support";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
  return { context, page: await context.newPage() };
}

const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "access_token");

describe("staff sign-in", () => {
  it("shows 'Loading...' while checking, then sends a signed-out visitor to /login", async () => {
    const { context, page } = await newPage();
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/current_user", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/upload_menu");
      await page.getByText("Loading...", { exact: true }).waitFor();
      expect(page.url()).toBe(`${server.url}/upload_menu`);
      release();
      await page.waitForURL(`${server.url}/login`);
      await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("validates, refuses a wrong password clearly, then signs in and returns to the page that sent you", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto("/stations");
      await page.waitForURL(`${server.url}/login`);
      const email = page.getByLabel("Email");
      const password = page.getByLabel("Password");
      const submit = page.getByRole("button", { name: "Sign in" });

      // The messages, tied to their fields, focus on the first problem.
      await submit.click();
      await page.getByText("Email format incorrect.").waitFor();
      await page.getByText("Password is required.").waitFor();
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
      const describedBy = await password.getAttribute("aria-describedby");
      await expect.poll(() => page.locator(`#${describedBy}`).textContent()).toBe("Password is required.");

      // Wrong password: a clear message, no session.
      await email.fill(server.staff.email);
      await password.fill("not the password");
      await submit.click();
      const alert = page.getByRole("alert").filter({ hasText: "Wrong email or password" });
      await alert.waitFor();
      expect(await sessionCookie(context)).toBeUndefined();
      await expect.poll(() => password.inputValue()).toBe("");

      // Right password: back to /stations, signed in, with the staff tools.
      await password.fill(server.staff.password);
      await submit.click();
      await page.waitForURL(`${server.url}/stations`);
      await page.getByRole("heading", { name: /^Stations · Thornhill/ }).waitFor();
      const nav = page.getByRole("navigation", { name: "Staff" });
      for (const name of ["Stations", "Upload menu", "Kitchen"]) await nav.getByRole("link", { name }).waitFor();
      await page.getByRole("banner").getByText(server.staff.email).waitFor();

      // The session is the HttpOnly cookie: page scripts can't see a token anywhere.
      const cookie = await sessionCookie(context);
      expect(cookie?.httpOnly).toBe(true);
      const visibleToScripts = await page.evaluate(() =>
        [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join(" "),
      );
      expect(visibleToScripts).not.toContain(cookie!.value);

      // Already signed in: /login just redirects (to the role's home when nothing sent you there).
      await page.goto("/login");
      await page.waitForURL(`${server.url}/staff`);
    } finally {
      await context.close();
    }
  });

  it("says so when sign-in is throttled (429)", async () => {
    const { context, page } = await newPage();
    try {
      await page.route("**/api/login", (route) =>
        route.fulfill({
          status: 429,
          contentType: "application/json",
          headers: { "Retry-After": "60" },
          body: JSON.stringify({ error: { code: "too_many_attempts", message: "Too many sign-in attempts." } }),
        }),
      );
      await page.goto("/login");
      await page.getByLabel("Email").fill(server.staff.email);
      await page.getByLabel("Password").fill("whatever");
      const signIn = page.getByRole("button", { name: "Sign in" });
      await signIn.click();
      const alert = page.getByRole("alert").filter({ hasText: "Too many sign-in attempts" });
      await expect.poll(() => alert.textContent()).toBe("Too many sign-in attempts. Wait a few minutes, then try again.");
      // Still on the sign-in form, free to try again later, with what was typed kept.
      expect(new URL(page.url()).pathname).toBe("/login");
      await expect.poll(() => signIn.isEnabled()).toBe(true);
      await expect.poll(() => page.getByLabel("Email").inputValue()).toBe(server.staff.email);
    } finally {
      await context.close();
    }
  });
});

describe("staff sign-out", () => {
  it("ends the session on the server: protected pages go to /login and the old token gets 401", async () => {
    const { context, page } = await newPage();
    try {
      // Signed in from the board itself, so the app returns there without a page load in between.
      await page.goto("/kitchen");
      await page.waitForURL(`${server.url}/login`);
      await page.getByLabel("Email").fill(server.staff.email);
      await page.getByLabel("Password").fill(server.staff.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${server.url}/kitchen`);
      await page.getByRole("heading", { name: /^Kitchen · / }).waitFor();
      const token = (await sessionCookie(context))!.value;
      const before = await fetch(`${server.url}/api/current_user`, { headers: { Authorization: `Bearer ${token}` } });
      expect(before.status).toBe(200);

      await page.getByRole("banner").getByRole("link", { name: "Sign out" }).click();
      await page.waitForURL(`${server.url}/login`);
      await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
      await expect.poll(() => sessionCookie(context)).toBeUndefined();

      // Revoked server-side, not just forgotten by the browser.
      const after = await fetch(`${server.url}/api/current_user`, { headers: { Authorization: `Bearer ${token}` } });
      expect(after.status).toBe(401);
      const stations = await fetch(`${server.url}/api/stations?branch_id=1`, { headers: { Authorization: `Bearer ${token}` } });
      expect(stations.status).toBe(401);

      await page.goto("/kitchen");
      await page.waitForURL(`${server.url}/login`);
      await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
