/**
 * A new version of the app is offered, never forced: with a cart in progress, a deploy shows
 * "A new version of this site is available"; nothing reloads until the diner taps Reload, and the
 * cart is still there afterwards.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, releaseBrowser, PHONE } from "../support/browser";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { addItem, createDiningTable, orderUrl, waitForOfflineReady } from "./ordering-support";

let server: TestServer;
let browser: Browser;
let siteDir: string;

beforeAll(async () => {
  // A copy of the build this test may "redeploy" (the shared build is never touched).
  siteDir = mkdtempSync(join(tmpdir(), "limitless-update-"));
  cpSync(resolve(process.env.STATIC_DIR ?? "dist"), siteDir, { recursive: true });
  [server, browser] = await Promise.all([startTestServer({ staticDir: siteDir }), launchBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
  rmSync(siteDir, { recursive: true, force: true });
});

it("offers the new version with a prompt and reloads only when the diner says so", async () => {
  const token = await staffToken(server);
  const table = await createDiningTable(server, token, 1, "Update 1");
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto(orderUrl(table));
    await waitForOfflineReady(page, table);
    await addItem(page, "Nachos", ["Pork Belly"]);

    // Deploy: a different service worker (the server reads files once per start, so restart it).
    await server.stop();
    appendFileSync(join(siteDir, "sw.js"), "\n// deploy 2\n");
    for (const stale of ["sw.js.gz", "sw.js.br"]) rmSync(join(siteDir, stale), { force: true });
    await server.start();

    // Not forced: "Later" keeps the page (and the cart) as it is. The diner taps it the moment the
    // prompt appears, before workbox-window's second announcement of the same worker (200 ms later),
    // which must not bring the prompt back.
    const tappedLater = page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const tapLater = () => {
            const later = [...document.querySelectorAll<HTMLButtonElement>(".pwa-prompt button")].find(
              (button) => button.textContent === "Later",
            );
            if (!later) return false;
            later.click();
            observer.disconnect();
            resolve();
            return true;
          };
          const observer = new MutationObserver(tapLater);
          observer.observe(document.body, { childList: true, subtree: true });
        }),
    );
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      return navigator.serviceWorker.getRegistration().then((registration) => registration?.update());
    });
    await tappedLater;
    const prompt = page.getByRole("status").filter({ hasText: "A new version of this site is available." });
    await prompt.waitFor({ state: "hidden" });
    await page.waitForTimeout(1_000); // past the second announcement
    expect(await prompt.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

    // Asking again (the next check) and accepting: the page reloads under the new worker, cart intact.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    await page.reload(); // a reload alone does not activate a waiting worker…
    await prompt.waitFor({ timeout: 15_000 }); // …the prompt comes back instead
    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await page.getByRole("heading", { name: "Ordering for table Update 1" }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null))).toBeNull();
    await expect.poll(() => page.getByRole("link", { name: /^View cart/ }).textContent()).toBe("View cart • $14.99");
  } finally {
    await context.close();
  }
});
