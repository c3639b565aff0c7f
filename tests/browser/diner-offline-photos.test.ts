/**
 * Offline, the whole menu shows its photos (issue 33, docs/decisions/0030): after one online visit the
 * service worker keeps every dish's thumbnail — the first screen's, loaded before it took control, and
 * those the diner never scrolled to. Checked with the browser's own HTTP cache emptied and off, so only
 * the worker can answer.
 */
import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Menu, Product } from "../../contract/schemas";
import { call, productNamed } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import { escapeRegExp, orderUrl, orderingBrowserSuite, waitForOfflineReady } from "./ordering-support";

const suite = orderingBrowserSuite("Offline 9");

/** A photo of its own colour (photo URLs name their bytes: two dishes need two different images). */
async function uploadPhoto(product: Product, colour: { r: number; g: number; b: number }): Promise<void> {
  const image = await sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("photo", new Blob([image as BlobPart], { type: "image/jpeg" }), "dish.jpg");
  const answer = await call(suite.server, "POST", `/api/products/${product.id}/photo`, { token: suite.token, body: form });
  expect(answer.status).toBe(200);
}

const thumbnail = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${escapeRegExp(name)}\\b`) }).locator("img");
const hasPixels = (page: Page, name: string) =>
  thumbnail(page, name).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

describe("offline photos", () => {
  it("shows a photo never scrolled to online, and the first screen's, with the HTTP cache evicted and off", async () => {
    const menu = (await call<Menu>(suite.server, "GET", "/api/products_by_category?branch_id=1")).body;
    const first = productNamed(menu, "Lumpia Shanghai");
    // The menu's last dish that can be tapped: far below the first screen.
    const last = CATEGORY_KEYS.flatMap((key) => menu[key] ?? [])
      .filter((product) => product.available && product.weekday === undefined)
      .at(-1)!;
    await uploadPhoto(first, { r: 200, g: 90, b: 30 });
    await uploadPhoto(last, { r: 30, g: 120, b: 200 });

    const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url });
    const page = await context.newPage();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Offline 9" }).waitFor();
      await waitForOfflineReady(page, suite.table);
      // The worker keeps both thumbnails though the diner never scrolled to the last one.
      const photoUrls = async () =>
        page.evaluate(async () => (await (await caches.open("dish-photos")).keys()).map((request) => new URL(request.url).pathname));
      const withPhotos = (await call<Menu>(suite.server, "GET", "/api/products_by_category?branch_id=1")).body;
      const photos = [first, last].map((dish) => productNamed(withPhotos, dish.name).photo!);
      // The thumbnail each menu item shows: the srcset candidate covering 88 CSS px at this phone's pixel ratio.
      const wanted = await page.evaluate(
        (list) =>
          list.map((photo) => {
            const candidates = photo.srcset.split(",").map((part) => part.trim().split(/\s+/));
            const needed = 88 * window.devicePixelRatio;
            return (candidates.find(([, width]) => Number.parseInt(width!, 10) >= needed) ?? candidates.at(-1)!)[0]!;
          }),
        photos,
      );
      expect(new Set(wanted).size).toBe(2);
      await expect.poll(photoUrls, { timeout: 15_000 }).toEqual(expect.arrayContaining(wanted));

      // The browser's HTTP cache emptied and off, and no network: only the service worker can answer.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.clearBrowserCache");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { name: "Ordering for table Offline 9" }).waitFor();
      for (const dish of [first, last]) {
        await thumbnail(page, dish.name).scrollIntoViewIfNeeded();
        await expect.poll(() => hasPixels(page, dish.name), { timeout: 10_000, message: dish.name }).toBe(true);
      }
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
