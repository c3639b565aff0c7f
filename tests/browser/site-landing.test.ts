/**
 * The landing page: the carousel (dots go to the clicked slide, swipe, autoplay and its pauses,
 * cover/contain, responsive images), the texts and prices, both branches' hours and contact, the
 * menu sections from the live menus (in the HTML as sent, and kept live), and the event announcement
 * modal.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Menu } from "../../contract/schemas";
import { DESKTOP, PHONE } from "../support/browser";
import { staffToken } from "../support/test-server";
import { NO_SERVICE_WORKER, siteBrowserSuite, tabOf } from "./site-support";

const site = siteBrowserSuite();

const carousel = (page: Page) => page.getByRole("region", { name: "Photos of Limitless Bar & Grill" });
const dot = (page: Page, n: number) => carousel(page).getByRole("button", { name: `Show photo ${n}` });

/** The 1-based number of the dot marked current. */
async function currentDot(page: Page): Promise<number> {
  const dots = carousel(page).locator(".carousel-dot");
  const states = await dots.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-current")));
  return states.indexOf("true") + 1;
}

/** A section's text as read, its white space collapsed. */
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ");

/** The 1-based number of the slide the track shows. */
function visibleSlide(page: Page): Promise<number> {
  return carousel(page)
    .locator(".carousel-track")
    .evaluate((track) => Math.round(track.scrollLeft / track.clientWidth) + 1);
}

async function openLanding(context: BrowserContext): Promise<Page> {
  const page = await tabOf(context);
  await page.goto("/");
  await carousel(page).waitFor();
  return page;
}

describe("carousel", () => {
  it("goes to the clicked dot's slide (not the next one), both ways", async () => {
    const page = await openLanding(site.desktop);
    await expect.poll(() => carousel(page).locator(".carousel-dot").count()).toBe(5);
    await expect.poll(() => currentDot(page)).toBe(1);

    await dot(page, 4).click();
    await expect.poll(() => visibleSlide(page)).toBe(4);
    await expect.poll(() => currentDot(page)).toBe(4);

    await dot(page, 2).click();
    await expect.poll(() => visibleSlide(page)).toBe(2);
    await expect.poll(() => currentDot(page)).toBe(2);
  });

  it("follows a touch swipe at phone width", async () => {
    const page = await openLanding(site.phone);
    // Paused first, so that on a slow machine the autoplay cannot move a slide during the swipe.
    await carousel(page).getByRole("button", { name: "Pause slideshow" }).click();
    // A finger on a page still loading its menu sections can land before the track is laid out
    // for scrolling; a diner's swipe comes after the page has settled.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
    const before = await visibleSlide(page);
    expect(before).toBeLessThan(5);
    const box = (await carousel(page).locator(".carousel-track").boundingBox())!;
    // A finger dragging right to left across the photo, as the DevTools protocol's touch input.
    const cdp = await site.phone.newCDPSession(page);
    const y = Math.round(box.y + box.height / 2);
    const from = Math.round(box.x + box.width * 0.8);
    const to = Math.round(box.x + box.width * 0.2);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 10; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + ((to - from) * step) / 10, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
    await expect.poll(() => visibleSlide(page)).toBe(before + 1);
    await expect.poll(() => currentDot(page)).toBe(before + 1);
  });

  it("autoplays, pauses on hover and focus, and stops with the pause button", async () => {
    const page = await site.desktop.newPage();
    await page.clock.install();
    await page.goto("/");
    await carousel(page).waitFor();
    await page.mouse.move(5, 880); // away from the carousel

    await page.clock.runFor(5_100);
    await expect.poll(() => currentDot(page)).toBe(2);
    await expect.poll(() => visibleSlide(page)).toBe(2);

    // Pointer over the carousel: it stays.
    await carousel(page).locator(".carousel-track").hover();
    await page.clock.runFor(12_000);
    expect(await currentDot(page)).toBe(2); // read once, as each "it stays" below: nothing is to change
    await page.mouse.move(5, 880);
    await page.clock.runFor(5_100);
    await expect.poll(() => currentDot(page)).toBe(3);

    // Keyboard focus inside: it stays.
    await carousel(page).locator(".carousel-track").focus();
    await page.clock.runFor(12_000);
    expect(await currentDot(page)).toBe(3);

    // The pause button stops it even after focus and pointer leave.
    await carousel(page).getByRole("button", { name: "Pause slideshow" }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 880);
    await page.clock.runFor(12_000);
    expect(await currentDot(page)).toBe(3);
    await carousel(page).getByRole("button", { name: "Play slideshow" }).waitFor();
    await page.close();
  });

  it("does not autoplay when the visitor prefers reduced motion", async () => {
    const context = await site.browser.newContext({ ...DESKTOP, ...NO_SERVICE_WORKER, baseURL: site.server.url, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/");
    await carousel(page).getByRole("button", { name: "Play slideshow" }).waitFor();
    await page.mouse.move(5, 880);
    await page.clock.runFor(15_000);
    expect(await currentDot(page)).toBe(1);
    expect(await visibleSlide(page)).toBe(1);
    await context.close();
  });

  it("fills the slide on phones and shows the whole photo on wider screens", async () => {
    for (const [context, fit] of [
      [site.phone, "cover"],
      [site.desktop, "contain"],
    ] as const) {
      const page = await openLanding(context);
      const img = carousel(page).locator("img").first();
      await expect.poll(() => img.evaluate((el) => getComputedStyle(el).objectFit)).toBe(fit);
    }
  });

  it("serves responsive modern images: first eager with high priority, the rest lazy and after it, all sized", async () => {
    const page = await site.phone.newPage();
    const requests: { path: string; afterFirstLoaded: boolean }[] = [];
    let firstLoaded = false;
    page.on("request", (request) => {
      if (request.url().includes("/images/carousel/"))
        requests.push({ path: new URL(request.url()).pathname, afterFirstLoaded: firstLoaded });
    });
    page.on("requestfinished", (request) => {
      if (request.url().includes("/images/carousel/grill-")) firstLoaded = true;
    });
    await page.goto("/");
    await expect.poll(() => carousel(page).locator("img").count(), { timeout: 10_000 }).toBe(5);
    // The first photo is asked for first; the others only once it has arrived.
    expect(requests[0]?.path).toBe("/images/carousel/grill-960.avif");
    await expect.poll(() => requests.length).toBeGreaterThan(1);
    expect(requests.slice(1).every((request) => request.afterFirstLoaded)).toBe(true);
    const images = await carousel(page)
      .locator("img")
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          loading: img.getAttribute("loading"),
          priority: img.getAttribute("fetchpriority"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          alt: img.alt,
          sources: [...(img.parentElement?.querySelectorAll("source") ?? [])].map((source) => [source.type, source.srcset, source.sizes]),
        })),
      );
    expect(images).toHaveLength(5); // drawn with the five images counted above
    expect(images.map((image) => image.loading)).toEqual(["eager", "lazy", "lazy", "lazy", "lazy"]);
    expect(images[0]!.priority).toBe("high");
    for (const image of images) {
      expect(image.width).toBe("1440");
      expect(image.height).toBe("960");
      expect(image.alt.length).toBeGreaterThan(10);
      expect(image.sources.map(([type]) => type)).toEqual(["image/avif", "image/webp"]);
      expect(image.sources[0]![1]).toMatch(/-480\.avif 480w, .*-960\.avif 960w, .*-1440\.avif 1440w$/);
      expect(image.sources[0]![2]).toBeTruthy();
    }
    const first = carousel(page).locator("img").first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    await page.close();
  });
});

describe("texts, prices and links", () => {
  it("shows its sections with their texts and prices", async () => {
    const page = await openLanding(site.phone);
    const main = page.locator("main");
    for (const expected of [
      "Limitless Bar & Grill",
      "Menus",
      "Thornhill Location Menu 7600 Yonge St, Thornhill, ON",
      "Pickering Location Menu 2200 Brock Rd Unit A1, Pickering, ON",
      "Try our new items",
      "Sisig $12.99",
      "Beef Steak Sandwich $14.99",
      "Steak and Frites $18.99",
      "Stir Fry Beef $17.99",
      "Hours and contact",
      "Thornhill Location 7600 Yonge St Thornhill, ON L4J 1V9 Phone: (905) 555-0123",
      "Pickering Location 2200 Brock Rd Unit A1 Pickering, ON L1X 2R2 Phone: (905) 555-0187",
      "Monday–Saturday 11:30 a.m. – 2 a.m.",
      "Sunday 11:30 a.m. – 12 a.m.",
      "Happy hour Monday–Friday, 2–6 p.m.",
    ]) {
      await expect.poll(() => textOf(main), { message: expected }).toContain(expected);
    }
    await expect.poll(() => page.getByRole("link", { name: /^Thornhill Location Menu/ }).getAttribute("href")).toBe("/menu");
    await expect.poll(() => page.getByRole("link", { name: /^Pickering Location Menu/ }).getAttribute("href")).toBe("/menu2");
  });

  it("has the delivery-partner button, the phone link and the map link, external ones in a new tab", async () => {
    const page = await openLanding(site.phone);
    const delivery = page.getByRole("link", { name: /^Order delivery/ });
    await expect.poll(() => delivery.getAttribute("target")).toBe("_blank");
    await expect.poll(() => delivery.getAttribute("rel")).toContain("noopener");
    await expect.poll(() => delivery.getAttribute("href")).toMatch(/^https:\/\//);

    const contact = page.locator("section#contact");
    // No maps key on this server: a link to each branch's map instead of the embed.
    await expect.poll(() => contact.locator("iframe").count()).toBe(0);
    for (const [branch, phone, tel, street] of [
      ["Thornhill", "(905) 555-0123", "tel:+19055550123", "7600 Yonge St"],
      ["Pickering", "(905) 555-0187", "tel:+19055550187", "2200 Brock Rd Unit A1"],
    ]) {
      const card = contact.getByRole("region", { name: `${branch} Location` });
      await expect.poll(() => card.getByRole("link", { name: phone }).getAttribute("href")).toBe(tel);
      const maps = card.getByRole("link", { name: /^Open in Maps/ });
      await expect.poll(() => maps.getAttribute("target")).toBe("_blank");
      await expect.poll(() => maps.getAttribute("href")).toContain(encodeURIComponent(street!));
      await expect
        .poll(() => card.getByRole("link", { name: `${branch} menu` }).getAttribute("href"))
        .toBe(branch === "Thornhill" ? "/menu" : "/menu2");
    }
  });

  it("starts at the top when arriving from a scrolled page", async () => {
    const page = await tabOf(site.desktop);
    await page.goto("/menu");
    await page.getByRole("heading", { name: "Specials" }).waitFor();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("link", { name: "Limitless Bar & Grill home" }).click();
    await carousel(page).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe("Bucket Deals, Limitless Burgers and Drinks from the live menus", () => {
  it("lists the buckets, burgers and drinks with their prices", async () => {
    const page = await openLanding(site.phone);
    const section = (name: string) => page.getByRole("region", { name });
    const buckets = () => textOf(section("Bucket Deals"));
    await expect.poll(buckets).toContain("Domestic Bucket $30.00");
    await expect.poll(buckets).toContain("Import Bucket $34.00");
    await expect.poll(buckets).toContain("4 Domestic beers with choice of 1 lb Wings, Pork Belly Fries or 6 BBQ Skewers");

    const burgers = () => textOf(section("Limitless Burgers"));
    for (const name of [
      "Limitless Mega Burger",
      "Pork Belly sandwich",
      "Chorizo (Longanisa) Burger",
      "Chicken Burger",
      "Classic Crispy Chicken Burger",
    ]) {
      await expect.poll(burgers).toContain(`${name} $13.99`);
    }
    await expect.poll(burgers).toContain("onion rings instead +2.00");

    const drinks = () => textOf(section("Drinks"));
    await expect.poll(drinks).toContain("Domestic Beer $4.49");
    await expect.poll(drinks).toContain("Import Beer $5.49");
  });

  it("shows what the menus say, live: a new price appears on the open page, and a price that differs by branch shows each branch's", async () => {
    const page = await site.phone.newPage();
    await page.goto("/");
    await page.waitForLoadState("load");
    const token = await staffToken(site.server);
    const menu = (await (await fetch(`${site.server.url}/api/products_by_category?branch_id=2`)).json()) as Menu;
    const bucket = menu.bucket.find((product) => product.name === "Import Bucket")!;
    const put = (price: string) =>
      fetch(`${site.server.url}/api/products/${bucket.id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ price }),
      });
    expect((await put("36.00")).status).toBe(200);
    const buckets = page.getByRole("region", { name: "Bucket Deals" });
    await expect.poll(() => textOf(buckets), { timeout: 10_000 }).toContain("Import Bucket Thornhill $34.00 · Pickering $36.00");
    expect((await put("34.00")).status).toBe(200);
    await expect.poll(() => textOf(buckets), { timeout: 10_000 }).toContain("Import Bucket $34.00");
    await page.close();
  });
});

describe("event announcement modal", () => {
  it("is off by default", async () => {
    const page = await openLanding(site.desktop);
    const response = await page.request.get("/event.json");
    expect(((await response.json()) as { enabled: boolean }).enabled).toBe(false);
    await page.getByRole("region", { name: "Bucket Deals" }).getByRole("heading", { name: "Domestic Bucket" }).waitFor();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  });

  it("when enabled: full-screen overlay with the image, scroll locked, focus inside, Escape closes and restores", async () => {
    const context = await site.browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: site.server.url });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/event.json", async (route) => {
      await held;
      await route.fulfill({
        json: {
          enabled: true,
          title: "Karaoke Night",
          image: "/images/carousel/bar-960.webp",
          imageAlt: "The bar at night",
          width: 960,
          height: 640,
        },
      });
    });
    await page.goto("/");
    const delivery = page.getByRole("link", { name: /^Order delivery/ });
    await delivery.focus();
    release();

    const dialog = page.getByRole("dialog", { name: "Karaoke Night" });
    await dialog.waitFor();
    const overlay = () =>
      dialog.evaluate((el) => {
        const rect = el.getBoundingClientRect();
        return { width: rect.width, height: rect.height, background: getComputedStyle(el).backgroundColor };
      });
    await expect.poll(overlay).toMatchObject({ width: 390, height: 844, background: expect.stringMatching(/rgba\(0, 0, 0, 0\.9/) });
    await expect
      .poll(() => dialog.getByRole("img", { name: "The bar at night" }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // Focus moves to the close button and stays inside the dialog.
    const close = dialog.getByRole("button", { name: "Close" });
    await expect.poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement) || el === document.activeElement)).toBe(true);

    // The page does not scroll behind it.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(300); // give a wrong scroll time to happen
    expect(await page.evaluate(() => window.scrollY)).toBe(0); // so read once

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("visible");
    await expect.poll(() => delivery.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Once closed it stays closed for the visit.
    await page.reload();
    await page.getByRole("region", { name: "Bucket Deals" }).getByRole("heading", { name: "Domestic Bucket" }).waitFor();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("closes with its close button too", async () => {
    const context = await site.browser.newContext({ ...DESKTOP, ...NO_SERVICE_WORKER, baseURL: site.server.url });
    const page = await context.newPage();
    await page.route("**/event.json", (route) =>
      route.fulfill({ json: { enabled: true, title: "Trivia", image: "/images/carousel/bar-480.webp", imageAlt: "The bar" } }),
    );
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Trivia" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe("");
    await context.close();
  });
});
