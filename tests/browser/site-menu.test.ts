/**
 * The menu pages: /menu (Thornhill) with its documents in new tabs, the happy-hour preview card
 * (hover, keyboard focus, and a Preview button on touch screens), and the live menu — the eight
 * sections in order in the HTML as sent, today's special on a Sunday and on a Monday (the
 * restaurant's day), sold-out items, changes shown live on the open page, and a failed refresh that
 * leaves the menu as it was; /menu2 (Pickering) with its documents and branch 2's live menu.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Menu } from "../../contract/schemas";
import { PHONE } from "../support/browser";
import { staffToken } from "../support/test-server";
import { MONDAY, SUNDAY, siteBrowserSuite, tabOf } from "./site-support";

const site = siteBrowserSuite();

const liveMenu = (page: Page) => page.getByRole("region", { name: "Today's menu" });
const SECTIONS = ["Specials", "Starters", "Fries", "Burgers", "Seafood", "Mains", "Drinks", "Buckets"];

async function openMenu(context: BrowserContext, path = "/menu"): Promise<Page> {
  const page = await tabOf(context);
  await page.goto(path);
  await liveMenu(page).getByRole("heading", { name: "Specials" }).waitFor();
  return page;
}

/** Staff's sold-out switch for a Thornhill starter, through the API. */
async function setAvailable(name: string, available: boolean, branchId = 1): Promise<void> {
  const token = await staffToken(site.server);
  const menu = (await (await fetch(`${site.server.url}/api/products_by_category?branch_id=${branchId}`)).json()) as Menu;
  const product = menu.starter.find((candidate) => candidate.name === name)!;
  const patched = await fetch(`${site.server.url}/api/products/${product.id}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ available }),
  });
  expect(patched.status).toBe(200);
}

async function highlightedSpecials(page: Page): Promise<string[]> {
  return liveMenu(page).locator("li.is-today .menu-item-name").allTextContents();
}

describe("/menu — Thornhill Location", () => {
  it("says when happy hour is (from the branch), and links the menu PDF (2024-12-17), the drink menu PDF and the happy hour image, each in a new tab", async () => {
    const page = await openMenu(site.phone);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Thornhill Location");
    await expect
      .poll(async () => (await page.locator("main").innerText()).replace(/\s+/g, " "))
      .toContain("Happy hour Monday–Friday, 2–6 p.m.");

    const documents = [
      [/^Menu PDF · 2024-12-17/, "/menus/limitless-menu-2024-12-17.pdf", "application/pdf"],
      [/^Drink Menu PDF/, "/menus/drink-menu.pdf", "application/pdf"],
      [/^Happy Hour Menu Image/, "/images/happy-hour-menu.webp", "image/webp"],
    ] as const;
    for (const [name, href, type] of documents) {
      const link = page.getByRole("link", { name });
      await expect.poll(() => link.getAttribute("href")).toBe(href);
      await expect.poll(() => link.getAttribute("target")).toBe("_blank");
      await expect.poll(() => link.getAttribute("rel")).toContain("noopener");
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"]).toBe(type);
    }
    const pdf = await page.request.get("/menus/limitless-menu-2024-12-17.pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("opens a document in a new tab", async () => {
    const page = await openMenu(site.desktop);
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: /^Drink Menu/ }).click()]);
    await popup.waitForLoadState("domcontentloaded").catch(() => undefined);
    expect(new URL(popup.url()).pathname).toBe("/menus/drink-menu.pdf");
    expect(new URL(page.url()).pathname).toBe("/menu");
    await popup.close();
  });

  it("previews the happy hour menu on hover and on keyboard focus; Escape hides it", async () => {
    const page = await openMenu(site.desktop);
    const card = page.locator("#happy-hour-preview");
    const link = page.getByRole("link", { name: /^Happy Hour Menu/ });
    await expect.poll(() => card.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole("button", { name: "Preview" }).isVisible()).toBe(false);

    await link.hover();
    await card.waitFor({ state: "visible" });
    const preview = card.getByRole("img", { name: "Preview of the Happy Hour Menu" });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await card.waitFor({ state: "hidden" });

    await page.mouse.move(5, 880);
    await link.focus();
    await card.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await card.waitFor({ state: "hidden" });
  });

  it("offers a Preview button on touch screens", async () => {
    const page = await openMenu(site.phone);
    const card = page.locator("#happy-hour-preview");
    const button = page.getByRole("button", { name: "Preview" });
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => card.isVisible()).toBe(false);
    await button.click();
    await card.waitFor({ state: "visible" });
    const hide = page.getByRole("button", { name: "Hide preview" });
    await expect.poll(() => hide.getAttribute("aria-expanded")).toBe("true");
    await hide.click();
    await card.waitFor({ state: "hidden" });
  });
});

describe("live menu", () => {
  it("is in the page as sent: the eight sections in order, with no loading state, even without JavaScript", async () => {
    const context = await site.browser.newContext({ ...PHONE, javaScriptEnabled: false, baseURL: site.server.url });
    const page = await context.newPage();
    await page.goto("/menu");
    await expect.poll(() => liveMenu(page).locator("h3").allTextContents()).toEqual(SECTIONS);
    await expect
      .poll(async () => (await liveMenu(page).getByRole("region", { name: "Starters" }).innerText()).replace(/\s+/g, " "))
      .toContain("Lumpia Shanghai $5.49");
    await expect.poll(() => liveMenu(page).getByRole("status").count()).toBe(0);
    await context.close();
  });

  it("lists each item's sizes, add-ons and upgrades with their prices", async () => {
    const page = await openMenu(site.phone);
    const item = (name: string) =>
      liveMenu(page)
        .locator("li.menu-item", { has: page.getByRole("heading", { name, exact: true }) })
        .innerText();
    await expect.poll(() => item("Asahi")).toContain("Size: 16oz / 64oz (+$13.00)");
    await expect.poll(() => item("Wings")).toContain("Size: 1 lb / 2 lbs (+$10.00)");
    await expect.poll(() => item("Nachos")).toContain("Add-ons: Pork Belly (+$3.00) / Chicken Tenders (+$4.00)");
    await expect.poll(() => item("Lumpia Shanghai")).not.toContain(":");
  });

  it("highlights Sunday's special on a Sunday (ISO weekday 7, not getDay's 0)", async () => {
    const page = await site.phone.newPage();
    site.clock.set(SUNDAY);
    await page.goto("/menu");
    site.clock.reset();
    await liveMenu(page).getByRole("heading", { name: "Specials" }).waitFor();
    await expect.poll(() => highlightedSpecials(page)).toEqual(["Sunday Cocktails"]);
    const today = liveMenu(page).locator("li.is-today");
    await expect.poll(() => today.innerText()).toContain("Today's special");
    await expect.poll(() => liveMenu(page).innerText()).toContain("Today is Sunday");
    await page.close();
  });

  it("highlights Monday's special on a Monday", async () => {
    const page = await site.phone.newPage();
    site.clock.set(MONDAY);
    await page.goto("/menu");
    site.clock.reset();
    await liveMenu(page).getByRole("heading", { name: "Specials" }).waitFor();
    await expect.poll(() => highlightedSpecials(page)).toEqual(["Monday Wings"]);
    await page.close();
  });

  it("shows an item staff marked sold out as sold out", async () => {
    await setAvailable("Tacos", false);

    const page = await openMenu(site.phone);
    const item = liveMenu(page).locator("li.menu-item", { has: page.getByRole("heading", { name: "Tacos", exact: true }) });
    await expect.poll(() => item.getAttribute("class")).toContain("is-sold-out");
    await expect.poll(() => item.innerText()).toContain("Sold out");
    const lumpia = liveMenu(page).locator("li.menu-item", { has: page.getByRole("heading", { name: "Lumpia Shanghai" }) });
    await expect.poll(() => lumpia.innerText()).not.toContain("Sold out");
  });

  it("shows a sold-out switch on the open page, without a reload, and back on again", async () => {
    const page = await site.phone.newPage();
    await page.goto("/menu");
    await page.waitForLoadState("load");
    const nachos = liveMenu(page).locator("li.menu-item", { has: page.getByRole("heading", { name: "Nachos", exact: true }) });
    await expect.poll(() => nachos.innerText()).not.toContain("Sold out");
    // The page listens once it has loaded; give its stream a moment to open.
    await page.waitForTimeout(1_000);
    await setAvailable("Nachos", false);
    await expect.poll(() => nachos.innerText(), { timeout: 10_000 }).toContain("Sold out");
    await setAvailable("Nachos", true);
    await expect.poll(() => nachos.innerText(), { timeout: 10_000 }).not.toContain("Sold out");
    await page.close();
  });

  it("keeps the menu it shows when a refresh fails, and catches up with the next change", async () => {
    const page = await site.phone.newPage();
    await page.goto("/menu");
    await page.waitForLoadState("load");
    await page.waitForTimeout(1_000);
    let refreshes = 0;
    // The page's own reads of itself (not the navigation that loaded it): the first one fails.
    await page.route(
      (url) => url.pathname === "/menu",
      (route) => {
        refreshes += 1;
        return refreshes === 1 ? route.abort("internetdisconnected") : route.fallback();
      },
    );
    const wings = liveMenu(page).locator("li.menu-item", { has: page.getByRole("heading", { name: "Wings", exact: true }) });
    await setAvailable("Wings", false);
    await expect.poll(() => refreshes, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => liveMenu(page).locator("h3").allTextContents()).toEqual(SECTIONS);
    expect(await wings.innerText()).not.toContain("Sold out"); // read once: the failed read changed nothing
    await setAvailable("BBQ Skewers", false);
    await expect.poll(() => wings.innerText(), { timeout: 10_000 }).toContain("Sold out");
    await setAvailable("Wings", true);
    await setAvailable("BBQ Skewers", true);
    await page.close();
  });

  it("jumps to a section from the section links", async () => {
    const page = await openMenu(site.phone);
    await liveMenu(page).getByRole("navigation", { name: "Menu sections" }).getByRole("link", { name: "Seafood" }).click();
    const heading = liveMenu(page).getByRole("heading", { name: "Seafood", exact: true });
    // Below the sticky navbar (50 px), not under it.
    await expect.poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(120);
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(50);
  });
});

describe("/menu2 — Pickering Location", () => {
  it("shows its heading, address, phone, documents in new tabs, booking page, and branch 2's live menu", async () => {
    await setAvailable("Tacos", false, 2);
    const page = await tabOf(site.phone);
    await page.goto("/menu2");
    await liveMenu(page).getByRole("heading", { name: "Buckets" }).waitFor();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Pickering Location");
    await expect.poll(() => page.locator("main").innerText()).toContain("2200 Brock Rd Unit A1");
    await expect
      .poll(() => page.locator("main").getByRole("link", { name: "(905) 555-0187" }).getAttribute("href"))
      .toBe("tel:+19055550187");

    const pdf = page.getByRole("link", { name: /^Menu PDF/ });
    await expect.poll(() => pdf.getAttribute("href")).toBe("/menus/pickering-menu.pdf");
    await expect.poll(() => pdf.getAttribute("target")).toBe("_blank");
    await expect.poll(() => pdf.getAttribute("rel")).toContain("noopener");
    expect((await page.request.get("/menus/pickering-menu.pdf")).headers()["content-type"]).toBe("application/pdf");
    await expect.poll(() => page.getByRole("link", { name: /^Drink Menu PDF/ }).getAttribute("href")).toBe("/menus/drink-menu.pdf");
    await expect
      .poll(() => page.getByRole("link", { name: /^Book a table \(Pickering\)/ }).getAttribute("href"))
      .toBe("https://www.opentable.ca/r/limitless-bar-and-grill-pickering");
    await expect.poll(() => liveMenu(page).locator("h3").allTextContents()).toEqual(SECTIONS);
    // Branch 2's own menu: its sold-out Tacos, while Thornhill's are on.
    const tacos = liveMenu(page).locator("li.menu-item", { has: page.getByRole("heading", { name: "Tacos", exact: true }) });
    await expect.poll(() => tacos.innerText()).toContain("Sold out");
    await setAvailable("Tacos", true, 2);
  });
});
