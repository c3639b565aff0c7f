/**
 * Three languages on a phone, in real Chromium: a Chinese phone gets the order screen in Chinese
 * (and `<html lang>` says so) while an English phone downloads no translation; switching to Filipino
 * on the order screen changes its words and a dish's name from the menu data, survives a reload and
 * carries over to the public site's Filipino pages (/fil/…), whose language picker carries a choice back.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable } from "../../contract/schemas";
import { launchBrowser, releaseBrowser, PHONE } from "../support/browser";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { createDiningTable, orderUrl } from "./ordering-support";

let server: TestServer;
let browser: Browser;
let table: DiningTable;

const NACHOS = {
  fil: { name: "Nachos ng Barkada", description: "Tortilla chips na may keso, pico de gallo at jalapeño." },
  zh: { name: "墨西哥玉米片", description: "玉米片配芝士、莎莎酱和墨西哥辣椒。" },
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  table = await createDiningTable(server, await staffToken(server), 1, "Patio 9");
  // The dish's translations as the menu data carries them (the CSV's translation columns end up here).
  await server.query("UPDATE products SET translations = ? WHERE name = ?", [JSON.stringify(NACHOS), "Nachos"]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

async function phone(options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, ...options, baseURL: server.url });
  return { context, page: await context.newPage() };
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const dish = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}`) });

describe("languages", () => {
  it("gives a Chinese phone the order screen in Chinese, and an English phone no translation to download", async () => {
    const chinese = await phone({ locale: "zh-CN" });
    const english = await phone({ locale: "en-CA" });
    try {
      const { page } = chinese;
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: "点餐桌号：Patio 9" }).waitFor();
      await expect.poll(() => htmlLang(page)).toBe("zh-Hans");
      await expect.poll(() => page.getByRole("combobox", { name: "语言" }).inputValue()).toBe("zh");
      await expect.poll(() => page.getByRole("navigation", { name: "菜单分类" }).getByRole("link").first().textContent()).toBe("特价菜");
      const nachos = dish(page, NACHOS.zh.name);
      await expect.poll(() => nachos.textContent()).toContain(NACHOS.zh.description);
      await expect.poll(() => nachos.textContent()).toContain("$11.99");

      const catalogs: string[] = [];
      english.page.on("request", (request) => {
        if (/\/assets\/(fil|zh)-[\w-]+\.js$/.test(request.url())) catalogs.push(request.url());
      });
      await english.page.goto(orderUrl(table));
      await english.page.getByRole("heading", { name: "Ordering for table Patio 9" }).waitFor();
      await dish(english.page, "Nachos").waitFor();
      await expect.poll(() => htmlLang(english.page)).toBe("en-CA");
      expect(catalogs).toEqual([]);
    } finally {
      await Promise.all([chinese.context.close(), english.context.close()]);
    }
  });

  it("switches to Filipino on the order screen, keeps it after a reload and on the public site", async () => {
    const { context, page } = await phone({ locale: "en-CA" });
    try {
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: "Ordering for table Patio 9" }).waitFor();
      const switcher = page.getByRole("combobox", { name: "Language" });
      // On a phone it stays in the table's header.
      await expect.poll(() => switcher.isVisible()).toBe(true);
      await expect.poll(() => switcher.locator("option").allTextContents()).toEqual(["English", "Filipino", "中文"]);

      await switcher.selectOption("fil");
      await page.getByRole("heading", { name: "Nag-o-order para sa mesa Patio 9" }).waitFor();
      await expect.poll(() => htmlLang(page)).toBe("fil");
      await dish(page, NACHOS.fil.name).click();
      const panel = page.getByRole("dialog", { name: NACHOS.fil.name });
      await expect.poll(() => panel.getByRole("button", { name: /^Idagdag/ }).textContent()).toBe("Idagdag • $11.99");
      await panel.getByRole("button", { name: /^Idagdag/ }).click();
      await panel.waitFor({ state: "hidden" });
      await expect.poll(() => dish(page, NACHOS.fil.name).textContent()).toContain("1 nasa cart");
      await expect.poll(() => page.getByRole("link", { name: /^Tingnan ang cart/ }).textContent()).toBe("Tingnan ang cart • $11.99");

      await page.reload();
      await page.getByRole("heading", { name: "Nag-o-order para sa mesa Patio 9" }).waitFor();
      await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("fil");
      await expect.poll(() => page.getByRole("combobox", { name: "Wika" }).inputValue()).toBe("fil");

      await page.getByRole("link", { name: /^Tingnan ang cart/ }).click();
      await page.getByRole("heading", { name: "Ang inyong order" }).waitFor();
      await expect.poll(() => page.getByRole("table").textContent()).toContain(NACHOS.fil.name);

      // The public site (no link to it from the table's screens): its Filipino pages, chrome and live menu.
      await page.goto("/fil/menu");
      await expect.poll(() => htmlLang(page)).toBe("fil");
      await page.getByRole("heading", { name: NACHOS.fil.name }).waitFor();
      await page.getByRole("list", { name: "Sundan kami" }).waitFor();
      await expect.poll(() => page.locator(".site-footer").textContent()).toContain("I-email kami");

      // Back to English with the public site's picker: the order screen follows.
      await page.locator("details.language-picker summary").click();
      await page.getByRole("link", { name: "English" }).click();
      await page.getByRole("heading", { name: "Nachos", exact: true }).waitFor();
      await expect.poll(() => htmlLang(page)).toBe("en-CA");
      await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: "Ordering for table Patio 9" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
