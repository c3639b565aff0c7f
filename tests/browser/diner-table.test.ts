/**
 * The diner's table as a newcomer meets it on a phone (issue 33, the fifth round's decisions): the
 * table's own frame on /order and /order/cart (restaurant, table, language, call staff; no public
 * navigation), and the offline banner that comes and goes with the network.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE } from "../support/browser";
import { addItem, NO_SERVICE_WORKER, orderUrl, orderingBrowserSuite } from "./ordering-support";

const suite = orderingBrowserSuite("Lanai 5");

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: suite.server.url });
  return { context, page: await context.newPage() };
}

/** Every link on the page that leads off the diner's two screens (the public site's pages, or anywhere else). */
const linksOffTheTable = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      .filter((a) => {
        const url = new URL(a.href, location.href);
        return url.origin !== location.origin || !/^\/order(\/cart)?$/.test(url.pathname);
      })
      .map((a) => a.outerHTML),
  );

describe("the table's own frame", () => {
  it("shows the restaurant, the table, the language and call staff on /order and /order/cart, and no public navigation", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Lanai 5" }).waitFor();
      const header = page.locator("header.table-header");
      await header.getByRole("img", { name: "Limitless Bar & Grill" }).waitFor();
      await header.getByText("Table Lanai 5").waitFor();
      await header.getByLabel("Language").waitFor();
      // The one navigation is the menu's own category tabs; the public site's is not there.
      expect(await page.getByRole("navigation").evaluateAll((navs) => navs.map((nav) => nav.getAttribute("aria-label")))).toEqual([
        "Menu categories",
      ]);
      expect(await page.locator(".site-header").count()).toBe(0);
      expect(await linksOffTheTable(page)).toEqual([]);

      // Call staff opens the two calls; what happens stays in view after the panel closes.
      const toggle = header.getByRole("button", { name: "Call staff" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByRole("button", { name: "Call a server" }).isVisible()).toBe(false);
      await toggle.click();
      await page.getByRole("button", { name: "Call a server" }).click();
      await page.locator('[data-call="server"][data-status="open"]').waitFor();
      await toggle.click();
      await page.locator('[data-call="server"][data-status="open"]').waitFor();
      const box = await toggle.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);

      // The category tabs sit right under the header, whatever its height.
      const headerBottom = await header.evaluate((el) => el.getBoundingClientRect().bottom);
      const tabsTop = await page.locator(".category-tabs").evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(tabsTop - headerBottom)).toBeLessThanOrEqual(1);

      await addItem(page, "Lumpia Shanghai");
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      await header.getByText("Table Lanai 5").waitFor();
      await header.getByRole("button", { name: "Call staff" }).waitFor();
      expect(await page.getByRole("navigation").count()).toBe(0);
      expect(await page.locator(".site-header").count()).toBe(0);
      expect(await linksOffTheTable(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says the phone is offline and that orders go when the network is back, and stops saying it when it is", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Lanai 5" }).waitFor();
      const banner = page.locator(".offline-banner");
      expect(await banner.count()).toBe(0);
      await context.setOffline(true);
      await banner.waitFor();
      await expect.poll(() => banner.textContent()).toContain("orders will be sent when the connection is back");
      // Inside a live region that was there all along, so a screen reader hears it arrive.
      expect(await banner.evaluate((el) => el.parentElement?.getAttribute("role"))).toBe("status");
      await context.setOffline(false);
      await banner.waitFor({ state: "detached" });
    } finally {
      await context.close();
    }
  });
});
