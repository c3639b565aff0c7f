/**
 * The layout on every public page: the navbar (logo home, Menu / Reserve / About / Contact; a
 * hamburger under 768 px that starts closed, toggles aria-expanded and works from the keyboard)
 * and the footer (social links, the 2018 copyright line with today's weekday; none on /order).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SUNDAY, siteBrowserSuite, tabOf } from "./site-support";

const site = siteBrowserSuite();

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const toggle = (page: Page) => nav(page).getByRole("button", { name: "Navigation" });

describe("navbar at phone width", () => {
  it("starts closed, opens and closes with the hamburger, and aria-expanded follows", async () => {
    const page = await tabOf(site.phone);
    await page.goto("/about");
    await page.getByRole("heading", { name: "About us" }).waitFor();

    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => nav(page).getByRole("link", { name: "About" }).isVisible()).toBe(false);

    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
    for (const name of ["Menu", "Reserve (opens in a new tab)", "About", "Contact"]) {
      await expect.poll(() => nav(page).getByRole("link", { name, exact: true }).isVisible(), { message: name }).toBe(true);
    }

    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => nav(page).getByRole("link", { name: "Menu", exact: true }).isVisible()).toBe(false);
  });

  it("works from the keyboard: Enter opens, Tab reaches the links, Escape closes", async () => {
    const page = await tabOf(site.phone);
    await page.goto("/about");
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Menu");
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
    await nav(page).getByRole("link", { name: "Menu", exact: true }).click();
    await page.getByRole("heading", { name: "Thornhill Location", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/menu");
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
  });
});

describe("navbar on a wide screen", () => {
  it("always shows the links, hides the hamburger, and the logo goes home", async () => {
    const page = await tabOf(site.desktop);
    await page.goto("/about");
    await page.getByRole("heading", { name: "About us" }).waitFor();
    await expect.poll(() => toggle(page).isVisible()).toBe(false);

    const links = nav(page).getByRole("listitem");
    await expect.poll(() => links.allTextContents()).toEqual(["Menu", "Reserve↗ (opens in a new tab)", "About", "Contact"]);
    await expect.poll(() => nav(page).getByRole("link", { name: "Menu", exact: true }).getAttribute("href")).toBe("/menu");
    await expect.poll(() => nav(page).getByRole("link", { name: "About", exact: true }).getAttribute("href")).toBe("/about");
    await expect.poll(() => nav(page).getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("/#contact");

    const reserve = nav(page).getByRole("link", { name: /^Reserve/ });
    await expect.poll(() => reserve.getAttribute("target")).toBe("_blank");
    await expect.poll(() => reserve.getAttribute("rel")).toContain("noopener");
    await expect.poll(() => reserve.getAttribute("href")).toMatch(/^https:\/\//);

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
    await page.clock.setFixedTime(SUNDAY);
    await page.goto("/about");
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
    await page.close();
  });

  it("is not shown on the order screens", async () => {
    const page = await tabOf(site.phone);
    for (const path of ["/order", "/order/cart"]) {
      await page.goto(path);
      await nav(page).waitFor();
      await page.locator("main").waitFor();
      await expect.poll(() => page.getByRole("contentinfo").count(), { message: path }).toBe(0);
    }
  });
});
