/**
 * QR codes that work (issue 32, item 7): with PUBLIC_ORIGIN set, every code on the tables screen and
 * the QR sheet carries it, whatever address the manager browses from, and nothing warns; without it,
 * on a loopback address, the screen and the printed sheet say so before anything is printed.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";
import { NO_SERVICE_WORKER } from "./site-support";

const PUBLIC = "https://limitless.example";
let configured: TestServer;
let unset: TestServer;
let browser: Browser;

beforeAll(async () => {
  [configured, unset, browser] = await Promise.all([
    startTestServer({ config: { publicOrigin: PUBLIC } }),
    startTestServer(),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await Promise.all([configured?.dispose(), unset?.dispose()]);
});

async function tablesScreen(server: TestServer) {
  const context = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
  expect((await context.request.post("/api/login", { data: server.staff })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto("/stations");
  await page.locator(".dining-table-card figure").first().waitFor();
  return { context, page };
}

describe("QR codes", () => {
  it("carry PUBLIC_ORIGIN on the screen and the sheet, with no warning", async () => {
    const { context, page } = await tablesScreen(configured);
    try {
      await expect
        .poll(() => page.locator(".dining-table-card figure").first().getAttribute("data-qr-value"))
        .toMatch(new RegExp(`^${PUBLIC}/order\\?station_id=[0-9a-f-]{36}$`));
      const values = await page
        .locator(".dining-table-card figure")
        .evaluateAll((figures) => figures.map((f) => f.getAttribute("data-qr-value")));
      expect(values.every((value) => value!.startsWith(`${PUBLIC}/order?`))).toBe(true);
      expect(await page.getByText(/diners' phones cannot reach/).count()).toBe(0);
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".qr-print-sheet__warning").count()).toBe(0);
      await expect.poll(() => page.locator(".qr-print-card").count()).toBe(values.length);
    } finally {
      await context.close();
    }
  });

  it("without PUBLIC_ORIGIN, on a loopback address, say so on the screen and on the printed sheet", async () => {
    const { context, page } = await tablesScreen(unset);
    try {
      const warning = page.getByRole("alert").filter({ hasText: "diners' phones cannot reach" });
      await warning.waitFor();
      expect(await warning.textContent()).toContain(`These QR codes point at ${unset.url}`);
      expect(await warning.textContent()).toContain("PUBLIC_ORIGIN");
      await page.emulateMedia({ media: "print" });
      await expect.poll(() => page.locator(".qr-print-sheet__warning").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
