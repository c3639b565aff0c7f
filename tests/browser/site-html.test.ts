/**
 * The public site as HTML (docs/decisions/0027), in real Chromium: with JavaScript off every page
 * reads whole (the navbar's links shown, all five photos, the menus); the language picker moves
 * between the three languages' addresses and remembers the choice for the ordering screens; nothing
 * shifts while a page loads, on a first visit or a repeat one; and IBM's Equal Access engine, a
 * second accessibility checker beside axe, finds no violation on any page in any language.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE } from "../support/browser";
import { siteBrowserSuite } from "./site-support";
import { followRequests } from "./staff-support";

const site = siteBrowserSuite();
const TABLET: BrowserContextOptions = { viewport: { width: 1180, height: 820 }, hasTouch: true };
const ACE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("accessibility-checker-engine/ace.js"), "utf8");
const PAGES = ["/", "/menu", "/menu2", "/about", "/reserve"] as const;
const ALL_PAGES = [...PAGES.flatMap((path) => [path, `/fil${path}`, `/zh${path}`]), "/no-such-page"];

const mainText = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ");

describe("with JavaScript off", () => {
  it("every page reads whole: its content, the navbar's links, both branches in the footer", async () => {
    for (const [options, label] of [
      [PHONE, "phone"],
      [DESKTOP, "desktop"],
    ] as const) {
      const context = await site.browser.newContext({ ...options, javaScriptEnabled: false, baseURL: site.server.url });
      const page = await context.newPage();
      const expected: Record<string, string[]> = {
        "/": ["Try our new items", "Sisig $12.99", "(905) 555-0123", "(905) 555-0187", "Domestic Bucket $30.00"],
        "/menu": ["Thornhill Location", "Lumpia Shanghai $5.49", "Domestic Bucket $30.00", "Monday–Saturday 11:30 a.m. – 2 a.m."],
        "/menu2": ["Pickering Location", "Lumpia Shanghai $5.49", "(905) 555-0187"],
        "/about": ["About us", "be LIMITLESS"],
        "/reserve": ["Reserve a table", "Book Now"],
        "/zh/menu": ["Thornhill店", "今日菜单", "啤酒桶套餐"],
        "/fil/": ["Subukan ang aming mga bagong putahe", "Oras at pakikipag-ugnayan"],
      };
      for (const [path, texts] of Object.entries(expected)) {
        await page.goto(path);
        for (const text of texts) await expect.poll(() => mainText(page), { message: `${label} ${path}: ${text}` }).toContain(text);
        // No hamburger to open without a script: the links are shown instead.
        const nav = page.getByRole("navigation").first();
        await expect.poll(() => nav.getByRole("button").count(), { message: `${label} ${path}` }).toBe(0);
        for (const name of [/Reserve|订座|Magpareserba/, /About|关于我们|Tungkol/]) {
          await expect.poll(() => nav.getByRole("link", { name }).isVisible(), { message: `${label} ${path} ${name}` }).toBe(true);
        }
        await expect.poll(() => page.getByRole("contentinfo").innerText()).toContain("2200 Brock Rd Unit A1");
      }
      // The carousel shows all five photos (no dots to press), the first one eager.
      await page.goto("/");
      const photos = page.getByRole("region", { name: "Photos of Limitless Bar & Grill" }).getByRole("img");
      await expect.poll(() => photos.count()).toBe(5);
      await expect.poll(() => page.locator(".carousel-controls").isVisible()).toBe(false);
      await context.close();
    }
  });
});

describe("the language picker", () => {
  it("moves between the page's three languages, sets <html lang>, and the ordering screens follow the choice", async () => {
    const context = await site.browser.newContext({ ...PHONE, baseURL: site.server.url, locale: "en-CA" });
    const page = await context.newPage();
    await page.goto("/menu");
    const picker = page.locator("details.language-picker");
    await expect.poll(() => picker.locator("summary [lang]").innerText()).toBe("English");
    await picker.locator("summary").click();
    const list = page.getByRole("list", { name: "This page in" });
    await expect.poll(() => list.getByRole("link").allTextContents()).toEqual(["English", "Filipino", "中文"]);
    await expect.poll(() => list.getByRole("link", { name: "English" }).getAttribute("aria-current")).toBe("true");
    await list.getByRole("link", { name: "Filipino" }).click();
    await page.getByRole("heading", { name: "Lokasyon sa Thornhill", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/fil/menu");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fil");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("fil");
    await expect.poll(() => page.locator("main").innerText()).toContain("Menu ngayong araw");

    // From the keyboard: Enter opens it, Escape closes it and leaves focus on it.
    await page.locator("details.language-picker summary").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("list", { name: "Ang pahinang ito sa" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("list", { name: "Ang pahinang ito sa" }).isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");

    // Chinese from there, then the home page in Chinese from the logo.
    await page.locator("details.language-picker summary").click();
    await page.getByRole("link", { name: "中文" }).click();
    await page.getByRole("heading", { name: "Thornhill店", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/zh/menu");
    await page.getByRole("link", { name: "Limitless Bar & Grill首页" }).click();
    await page.getByRole("heading", { name: "尝尝我们的新菜" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/zh/");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("zh");
    await context.close();
  });
});

/**
 * Waits until a public page has done what it does after its load event (site/browser/site.ts): the
 * carousel's other photos put in, half a second after the first has loaded; they, the announcement's
 * check and every other request answered (the live menus' streams stay open); then two frames, so a
 * shift any of it caused has reached the observer.
 */
async function settledAfterLoad(page: Page, requests: ReturnType<typeof followRequests>): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-carousel] noscript")].every((holder) => holder.nextElementSibling !== null),
  );
  await requests.settled(15_000, { fromNow: true });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The layout shifts a page has had so far that no input caused (what CLS adds up), with what moved. */
async function layoutShifts(page: Page): Promise<{ value: number; sources: string[] }[]> {
  return page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
}

describe("no layout shift", () => {
  it("on the landing and menu pages, at phone and tablet size, on a first visit and a repeat one", async () => {
    for (const [options, label] of [
      [PHONE, "phone"],
      [TABLET, "tablet"],
    ] as const) {
      const context = await site.browser.newContext({ ...options, baseURL: site.server.url, serviceWorkers: "block" });
      await context.addInitScript(() => {
        const shifts: { value: number; sources: string[] }[] = [];
        (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
        new PerformanceObserver((list) => {
          const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`;
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[]) {
            if (!entry.hadRecentInput)
              shifts.push({
                value: entry.value,
                // What moved, from where to where, and when (ms after the navigation), in a window how wide.
                sources: entry.sources.map(
                  (source) =>
                    `${(source.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? "?"} ${box(source.previousRect)} → ${box(source.currentRect)} at ${Math.round(entry.startTime)} ms, ${innerWidth}×${innerHeight}`,
                ),
              });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      const page = await context.newPage();
      const requests = followRequests(page);
      for (const path of ["/", "/menu", "/menu2", "/zh/menu"]) {
        for (const visit of ["first", "repeat"]) {
          if (visit === "first") await page.goto(path);
          else await page.reload();
          await settledAfterLoad(page, requests);
          expect(await layoutShifts(page), `${label} ${path} ${visit} visit`).toEqual([]);
        }
      }
      await context.close();
    }
  });
});

interface AceResult {
  ruleId: string;
  level: string;
  message: string;
  snippet: string;
  path: { dom: string };
}

describe("IBM Equal Access", () => {
  it("finds no violation on any public page in any language, at phone width and with the menus open", async () => {
    const context = await site.browser.newContext({ ...PHONE, baseURL: site.server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    const check = async (label: string) => {
      // Evaluated through the DevTools protocol (as axe is in site-support.ts): the site's CSP does not apply.
      if (!(await page.evaluate(() => "ace" in window))) await page.evaluate(ACE_SOURCE);
      const violations = await page.evaluate(async () => {
        const ace = (
          window as unknown as {
            ace: { Checker: new () => { check(doc: Document, rulesets: string[]): Promise<{ results: AceResult[] }> } };
          }
        ).ace;
        const report = await new ace.Checker().check(document, ["IBM_Accessibility"]);
        return report.results
          .filter((result) => result.level === "violation")
          .map((result) => `${result.ruleId}: ${result.message} ${result.snippet}`);
      });
      expect(violations, label).toEqual([]);
    };
    for (const path of ALL_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("load");
      await check(path);
    }
    // The phone's menu and both drop-downs open, and the preview card shown.
    await page.goto("/menu");
    await page.getByRole("button", { name: "Navigation" }).click();
    await page.locator("summary", { hasText: "Menu" }).click();
    await check("/menu with the navbar's Menu open");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.locator("details.language-picker summary").click();
    await check("/menu with the language picker and the preview open");
    await context.close();
  });
});
