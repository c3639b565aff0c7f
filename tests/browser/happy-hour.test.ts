/**
 * Happy hour on the diner's phone: at 15:00 on a Tuesday in Toronto the menu says until when and shows
 * both prices, the cart takes the happy-hour price, and when the clocks pass 18:00 the phone reprices
 * by itself. The server's time is the test's TestClock; the page's is Playwright's clock, set alike.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable } from "../../contract/schemas";
import { launchBrowser, releaseBrowser, PHONE } from "../support/browser";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { addItem, createDiningTable, orderUrl } from "./ordering-support";

const TUESDAY_3PM = new Date("2026-11-24T20:00:00Z"); // 15:00 in Toronto (UTC-5)
const clock = new TestClock();
let server: TestServer;
let browser: Browser;
let table: DiningTable;

beforeAll(async () => {
  clock.set(TUESDAY_3PM);
  [server, browser] = await Promise.all([startTestServer({ server: { clock } }), launchBrowser()]);
  table = await createDiningTable(server, await staffToken(server), 1, "Happy 1");
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();
const beerButton = (page: Page) => page.getByRole("button", { name: /^Domestic Beer\b/ });

describe("happy hour on the phone", () => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it("shows 'Happy hour until 6 p.m.' and both prices at 15:00 on a Tuesday, and reprices when the clock passes 18:00", async () => {
    context = await browser.newContext({ ...PHONE, baseURL: server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.clock.install({ time: TUESDAY_3PM });
    await page.goto(orderUrl(table));

    await expect.poll(() => text(page, ".happy-hour-notice")).toBe("Happy hour until 6 p.m.");
    const beer = beerButton(page);
    await expect.poll(async () => ((await beer.locator(".menu-item-price").textContent()) ?? "").replace(/\s+/g, " ")).toBe("$3.50 $4.49");
    await expect.poll(() => beer.locator("s.menu-item-regular-price").textContent()).toBe("$4.49");
    // Without a happy-hour price, one price.
    await expect
      .poll(() =>
        page
          .getByRole("button", { name: /^Nachos\b/ })
          .locator(".menu-item-price")
          .textContent(),
      )
      .toBe("$11.99");

    // The phone's write of its cart answered before the clocks move: an answer priced at 15:00 arriving after the
    // re-read at 18:00 would stand (both are the same version of the cart).
    const cartWritten = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith(`/api/stations/${table.id}/cart/operations`),
    );
    await addItem(page, "Domestic Beer");
    expect((await cartWritten).status()).toBe(200);
    await expect.poll(() => text(page, ".floating-cart")).toBe("View cart • $3.50");

    // 18:00:01 in Toronto on both clocks.
    clock.set("2026-11-24T23:00:01Z");
    await page.clock.fastForward("03:00:01");
    await expect.poll(() => page.locator(".happy-hour-notice").count()).toBe(0);
    await expect.poll(() => beer.locator(".menu-item-price").textContent()).toBe("$4.49");
    await expect.poll(() => beer.locator("s").count()).toBe(0);
    // The table's cart, re-read from the server, which prices it by its own clock now.
    await expect.poll(() => text(page, ".floating-cart")).toBe("View cart • $4.49");

    await page.goto("/order/cart");
    await expect.poll(async () => (await page.locator("main").innerText()).includes("$4.49")).toBe(true);
    await expect.poll(async () => (await page.locator("main").innerText()).includes("$3.50")).toBe(false);
  });
});
