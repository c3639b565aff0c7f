/**
 * The layout on every public page: the navbar (logo home, Menu with both branches / Reserve / About /
 * Contact; a hamburger under 768 px that starts closed, toggles aria-expanded and works from the
 * keyboard) and the footer (social links, both branches, the 2018 copyright line with the
 * restaurant's weekday; none on /order).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SUNDAY, siteBrowserSuite, tabOf } from "./site-support";

const site = siteBrowserSuite();

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const toggle = (page: Page) => nav(page).getByRole("button", { name: "Navigation" });
/** The Menu item: a disclosure offering each branch's menu. */
const menus = (page: Page) => nav(page).locator("summary", { hasText: "Menu" });

describe("navbar at phone width", () => {
  it("starts closed, opens and closes with the hamburger, and aria-expanded follows", async () => {
    const page = await tabOf(site.phone);
    await page.goto("/about");
    await page.getByRole("heading", { name: "About us" }).waitFor();

    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => nav(page).getByRole("link", { name: "About" }).isVisible()).toBe(false);

    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => menus(page).isVisible()).toBe(true);
    for (const name of ["Reserve", "About", "Contact"]) {
      await expect.poll(() => nav(page).getByRole("link", { name, exact: true }).isVisible(), { message: name }).toBe(true);
    }
    await menus(page).click();
    for (const name of ["Thornhill menu", "Pickering menu"]) {
      await expect.poll(() => nav(page).getByRole("link", { name, exact: true }).isVisible(), { message: name }).toBe(true);
    }

    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => nav(page).getByRole("link", { name: "About", exact: true }).isVisible()).toBe(false);
  });

  it("works from the keyboard: Enter opens, Tab reaches the links, Escape closes", async () => {
    const page = await tabOf(site.phone);
    await page.goto("/about");
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Menu");
    // The Menu item opens from the keyboard too, and Escape closes it before the hamburger.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Thornhill menu");
    await page.keyboard.press("Escape");
    await expect
      .poll(() =>
        nav(page)
          .locator("details.nav-menus")
          .evaluate((details: HTMLDetailsElement) => details.open),
      )
      .toBe(false);
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
    await toggle(page).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
  });

  it("closes after following a link, which goes to its page", async () => {
    const page = await tabOf(site.phone);
    await page.goto("/about");
    await toggle(page).click();
    await menus(page).click();
    await nav(page).getByRole("link", { name: "Pickering menu", exact: true }).click();
    await page.getByRole("heading", { name: "Pickering Location", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/menu2");
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
    await expect
      .poll(() => nav(page).getByRole("link", { name: "Pickering menu", exact: true, includeHidden: true }).getAttribute("aria-current"))
      .toBe("page");
  });
});

describe("navbar on a wide screen", () => {
  it("always shows the links, hides the hamburger, and the logo goes home", async () => {
    const page = await tabOf(site.desktop);
    await page.goto("/about");
    await page.getByRole("heading", { name: "About us" }).waitFor();
    await expect.poll(() => toggle(page).isVisible()).toBe(false);

    const items = nav(page).locator(".nav-links > li");
    await expect.poll(() => items.count()).toBe(4);
    await expect.poll(() => menus(page).isVisible()).toBe(true);
    for (const [name, href] of [
      ["Reserve", "/reserve"],
      ["About", "/about"],
      ["Contact", "/#contact"],
    ]) {
      await expect.poll(() => nav(page).getByRole("link", { name, exact: true }).isVisible(), { message: name }).toBe(true);
      await expect.poll(() => nav(page).getByRole("link", { name, exact: true }).getAttribute("href"), { message: name }).toBe(href);
    }
    await expect.poll(() => nav(page).getByRole("link", { name: "About", exact: true }).getAttribute("aria-current")).toBe("page");
    // Menu drops down both branches' menus, and closes on a click elsewhere.
    await menus(page).click();
    await expect.poll(() => nav(page).getByRole("link", { name: "Thornhill menu" }).getAttribute("href")).toBe("/menu");
    await expect.poll(() => nav(page).getByRole("link", { name: "Pickering menu" }).getAttribute("href")).toBe("/menu2");
    await page.getByRole("heading", { name: "About us" }).click();
    await expect.poll(() => nav(page).getByRole("link", { name: "Thornhill menu" }).isVisible()).toBe(false);

    await nav(page).getByRole("link", { name: "Limitless Bar & Grill home" }).click();
    await page.getByRole("heading", { name: "Limitless Bar & Grill", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("Contact goes to the landing page's contact section", async () => {
    const page = await tabOf(site.desktop);
    await page.goto("/about");
    await nav(page).getByRole("link", { name: "Contact" }).click();
    const contact = page.locator("#contact");
    await contact.getByRole("heading", { name: "Contact" }).waitFor();
    await expect.poll(() => contact.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(120);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });
});

describe("footer", () => {
  it("has the social links and the 2018 copyright line with today's weekday", async () => {
    const page = await site.desktop.newPage();
    site.clock.set(SUNDAY);
    await page.goto("/about");
    site.clock.reset();
    const footer = page.getByRole("contentinfo");
    await footer.waitFor();
    const social = footer.getByRole("list", { name: "Follow us" }).getByRole("link");
    await expect.poll(() => social.count()).toBe(4);
    await expect
      .poll(() => social.evaluateAll((links) => links.map((link) => link.getAttribute("data-network"))))
      .toEqual(["facebook", "instagram", "yelp", "mail"]);
    await expect.poll(() => footer.getByRole("link", { name: /^Facebook/ }).getAttribute("target")).toBe("_blank");
    await expect.poll(() => footer.getByRole("link", { name: "Email us" }).getAttribute("href")).toMatch(/^mailto:/);
    await expect.poll(() => footer.locator(".copyright").textContent()).toBe("© 2018 Limitless Bar & Grill · Happy Sunday!");
    // Both branches, each with its own phone.
    const branches = footer.getByRole("list", { name: "Our locations" }).getByRole("listitem");
    await expect
      .poll(() => branches.allTextContents())
      .toEqual([
        "Thornhill · 7600 Yonge St, Thornhill, ON · (905) 555-0123",
        "Pickering · 2200 Brock Rd Unit A1, Pickering, ON · (905) 555-0187",
      ]);
    await expect.poll(() => footer.getByRole("link", { name: "(905) 555-0187" }).getAttribute("href")).toBe("tel:+19055550187");
    await page.close();
  });

  it("is not shown on the order screens", async () => {
    const page = await tabOf(site.phone);
    for (const path of ["/order", "/order/cart"]) {
      await page.goto(path);
      // The table's own header stands where the site's would: no way off the table.
      await page.getByRole("banner").waitFor();
      await page.locator("main").waitFor();
      await expect.poll(() => page.getByRole("contentinfo").count(), { message: path }).toBe(0);
      expect(await nav(page).count(), path).toBe(0);
    }
  });
});
