/**
 * About, Reserve and the not-found page; robots.txt and sitemap.xml; axe-core on every public
 * page at phone and desktop widths (plus the open phone menu and the event modal), and per-page
 * titles and descriptions.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE } from "../support/browser";
import { NO_SERVICE_WORKER, PUBLIC_PAGES, axeViolations, siteBrowserSuite, tabOf } from "./site-support";

const site = siteBrowserSuite();

/** Opens a public page in the context's tab and waits until its content (the live menu too) has settled. */
async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await tabOf(context);
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).waitFor();
  if (path === "/") await page.getByRole("region", { name: "Bucket Deals" }).getByRole("listitem").first().waitFor();
  if (path.startsWith("/menu")) await page.getByRole("region", { name: "Buckets" }).waitFor();
  return page;
}

const normalized = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ");

describe("static pages", () => {
  it("/about has its text and both slogans", async () => {
    const page = await open(site.phone, "/about");
    await expect.poll(() => normalized(page)).toContain("up-and-coming");
    await expect.poll(() => normalized(page)).toContain("delicious food at affordable prices in a relaxed atmosphere");
    await expect.poll(() => normalized(page)).toContain("Eat at your limit for less");
    await expect.poll(() => normalized(page)).toContain("be LIMITLESS");
  });

  it("/reserve lets the diner pick the branch: a Book Now link to each branch's booking page, in a new tab", async () => {
    const page = await open(site.phone, "/reserve");
    const hrefs = new Set<string | null>();
    for (const branch of ["Thornhill", "Pickering"]) {
      const book = page.getByRole("link", { name: `Book Now — Book a table at ${branch} (opens in a new tab)` });
      await expect.poll(() => book.getAttribute("target")).toBe("_blank");
      await expect.poll(() => book.getAttribute("rel")).toContain("noopener");
      await expect.poll(() => book.getAttribute("href")).toMatch(/^https:\/\//);
      hrefs.add(await book.getAttribute("href"));
    }
    expect(hrefs.size).toBe(2);
  });

  it("an unknown path answers 404 and says so", async () => {
    const page = await site.phone.newPage();
    for (const path of ["/no-such-page", "/menu/extra", "/about/us"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      const heading = page.getByRole("heading", { level: 1 });
      await heading.waitFor();
      await expect.poll(() => heading.textContent()).toBe("The page you have requested could not be found!");
      await expect.poll(() => page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    }
    await page.close();
  });

  it("known public pages answer 200", async () => {
    for (const path of PUBLIC_PAGES.filter((p) => p !== "/no-such-page")) {
      const response = await fetch(`${site.server.url}${path}`);
      expect(response.status, path).toBe(200);
    }
  });
});

describe("crawl files", () => {
  it("serves robots.txt and sitemap.xml listing the public pages", async () => {
    const robots = await fetch(`${site.server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    expect(rules).toContain("User-agent: *");
    expect(rules).toContain("Disallow: /stations");
    expect(rules).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);

    const sitemap = await fetch(`${site.server.url}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("xml");
    const xml = await sitemap.text();
    for (const path of ["/menu", "/menu2", "/about", "/reserve"]) expect(xml).toContain(`${path}</loc>`);
  });
});

describe("accessibility (axe-core)", () => {
  it("finds no violations on any public page at phone width", async () => {
    for (const path of PUBLIC_PAGES) {
      const page = await open(site.phone, path);
      await expect.poll(() => axeViolations(page), { message: `${path} at phone width` }).toEqual([]);
    }
  });

  // The titles and descriptions are read on the same visit as axe's desktop pass: one load per page.
  it("finds no violations at desktop width, and every public page has its own title and meta description", async () => {
    const titles = new Map<string, string>();
    for (const path of PUBLIC_PAGES) {
      const page = await open(site.desktop, path);
      // The page sets its own title once drawn (index.html's is the landing page's, first in the list).
      await expect
        .poll(() => page.title(), { message: `${path} title is unique` })
        .toSatisfy((title: string) => ![...titles.values()].includes(title));
      const title = await page.title();
      const description = page.locator('meta[name="description"]');
      expect(title, path).toContain("Limitless Bar & Grill");
      titles.set(path, title);
      await expect.poll(() => description.count(), { message: path }).toBe(1);
      await expect.poll(async () => (await description.getAttribute("content"))?.length, { message: path }).toBeGreaterThan(50);
      await expect.poll(() => axeViolations(page), { message: `${path} at desktop width` }).toEqual([]);
    }
    expect(titles.get("/menu")).toMatch(/^Thornhill Menu/);
    expect(titles.get("/no-such-page")).toMatch(/^Page Not Found/);
  });

  it("finds none with the phone menu open or the happy hour preview shown", async () => {
    const page = await open(site.phone, "/menu");
    await page.getByRole("button", { name: "Navigation" }).click();
    await page.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => axeViolations(page)).toEqual([]);
  });

  it("finds none with the event announcement open", async () => {
    const context = await site.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: site.server.url });
    const page = await context.newPage();
    await page.route("**/event.json", (route) =>
      route.fulfill({
        json: { enabled: true, title: "Karaoke Night", image: "/images/carousel/bar-480.webp", imageAlt: "The bar at night" },
      }),
    );
    await page.goto("/");
    await page.getByRole("dialog", { name: "Karaoke Night" }).waitFor();
    await expect.poll(() => axeViolations(page)).toEqual([]);
    await context.close();
  });
});
