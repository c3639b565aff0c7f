/**
 * WCAG 2.2 AA beyond what axe checks: every screen reflows at 320 CSS px, the kitchen board works at
 * 200 % zoom on the tablet, controls are at least 24 × 24 px, focus is never hidden under the order
 * screen's fixed bars nor lost to the page body after a route change or an answered table call, and
 * the menu's English option names are marked as English on a Filipino page.
 */
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call, Menu, Order, Product, DiningTable } from "../../contract/schemas";
import { orderableAnyDay } from "../support/api-helpers";
import { launchBrowser, releaseBrowser, PHONE, TABLET_LANDSCAPE } from "../support/browser";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { focusedElement, focusObscured, sidewaysScroll, smallTargets, unreachableControls } from "./a11y-support";
import { addItem, createDiningTable, orderUrl } from "./ordering-support";
import { NO_SERVICE_WORKER, PUBLIC_PAGES } from "./site-support";
import { staffCall } from "./staff-support";

const STAFF_SCREENS = ["/stations", "/upload_menu", "/kitchen", "/staff/tabs", "/staff/reports"] as const;
/** 320 CSS px: a small phone, or a 1280 px screen at 400 % zoom (WCAG 1.4.10). */
const NARROW: BrowserContextOptions = { viewport: { width: 320, height: 640 }, hasTouch: true };
/** The 1180 × 820 tablet at 200 % zoom: half as many CSS px, each drawn twice as big. */
const TABLET_ZOOMED: BrowserContextOptions = { viewport: { width: 590, height: 410 }, deviceScaleFactor: 2, hasTouch: true };

let server: TestServer;
let browser: Browser;
let token: string;
let table: DiningTable;
let dish: Product;
/** An orderable dish with an optional choice, for the option names. */
let withOptions: Product;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  token = await staffToken(server);
  table = await createDiningTable(server, token, 1, "Patio 7");
  const products = orderableAnyDay((await api("GET", "/api/products_by_category?branch_id=1")) as Menu);
  dish = products[0]!;
  withOptions = products.find((product) => Object.values(product.customizations).some((group) => group.options.length > 0))!;
  expect(withOptions).toBeDefined();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

const placeOrder = async (station: DiningTable) =>
  (await api(
    "POST",
    "/api/orders",
    { station_id: station.id, branch_id: 1, products: [{ id: dish.id, quantity: 2, selectedCustomizations: [] }] },
    { "Idempotency-Key": randomUUID() },
  )) as Order;
const callStaff = async (station: DiningTable, kind: Call["kind"]) =>
  (await api("POST", `/api/stations/${station.id}/calls`, { kind })) as Call;

/** A new context (tab) of the given size; `staff` signs it in first. */
async function open(options: BrowserContextOptions, { staff = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, ...NO_SERVICE_WORKER, baseURL: server.url });
  if (staff) expect((await context.request.post("/api/login", { data: server.staff })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** The screen's own heading has been drawn (staff screens and the order screen load data first). */
const headingDrawn = (page: Page) => page.locator("main h1").first().waitFor();

describe("reflow at 320 CSS px (no sideways scrolling of the page)", () => {
  beforeAll(async () => {
    // Something on every board and list: tickets in each column, an open tab, a call.
    const [received, preparing, ready] = [await placeOrder(table), await placeOrder(table), await placeOrder(table)];
    expect(received.status).toBe("received");
    await api("PATCH", `/api/orders/${preparing.id}`, { status: "preparing" });
    // Every station of its lines bumps it: ready (an order with no line for one station counts it as bumped).
    for (const station of ["kitchen", "bar"])
      await fetch(`${server.url}/api/orders/${ready.id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ bumped: station }),
      });
    expect(((await api("GET", `/api/orders/${ready.id}`)) as Order).status).toBe("ready");
    await callStaff(table, "bill");
  });

  it("on every public page, the sign-in page and the diner's order and cart screens", async () => {
    const { context, page } = await open({ ...PHONE, ...NARROW });
    try {
      for (const path of [...PUBLIC_PAGES, "/login"]) {
        await page.goto(path);
        await headingDrawn(page);
        await expect.poll(() => sidewaysScroll(page), { message: path }).toBe(0);
      }
      await page.goto(orderUrl(table));
      await headingDrawn(page);
      await addItem(page, dish.name);
      await expect.poll(() => sidewaysScroll(page), { message: "/order" }).toBe(0);
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      await expect.poll(() => sidewaysScroll(page), { message: "/order/cart" }).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("on every staff screen, with its data shown", async () => {
    const { context, page } = await open(NARROW, { staff: true });
    try {
      for (const path of STAFF_SCREENS) {
        await page.goto(path);
        await headingDrawn(page);
        await page.getByRole("region", { name: "Table calls" }).getByText("asks for the bill").waitFor();
        if (path === "/kitchen") await expect.poll(() => page.locator(".order-card").count()).toBeGreaterThanOrEqual(3);
        if (path === "/staff/tabs") await page.getByRole("button", { name: /^Patio 7/ }).click();
        await expect.poll(() => sidewaysScroll(page), { message: path }).toBe(0);
      }
      // The kitchen's other view.
      await page.goto("/kitchen");
      await page.getByRole("button", { name: /^Sold-out items/ }).click();
      await page.getByRole("heading", { name: /^Sold-out items/ }).waitFor();
      await expect.poll(() => sidewaysScroll(page), { message: "/kitchen sold-out items" }).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("the kitchen board at 200 % zoom on the tablet (590 × 410 CSS px)", () => {
  it("keeps every ticket inside its column and every button where a tap reaches it", async () => {
    await placeOrder(table);
    const { context, page } = await open(TABLET_ZOOMED, { staff: true });
    try {
      await page.goto("/kitchen");
      await headingDrawn(page);
      await expect.poll(() => page.getByRole("button", { name: /^Bump order/ }).count()).toBeGreaterThanOrEqual(2);
      await expect.poll(() => sidewaysScroll(page)).toBe(0);
      const outside = () =>
        page.evaluate(() =>
          [...document.querySelectorAll(".order-card")].flatMap((card) => {
            const column = card.closest(".kitchen__column")!.getBoundingClientRect();
            const box = card.getBoundingClientRect();
            return box.left < column.left - 0.5 || box.right > column.right + 0.5
              ? [`${card.textContent?.slice(0, 20)} ${Math.round(box.width)} px in ${Math.round(column.width)} px`]
              : [];
          }),
        );
      await expect.poll(outside).toEqual([]);
      await expect.poll(() => unreachableControls(page, ".kitchen__columns")).toEqual([]);
      await expect.poll(() => unreachableControls(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("target size of at least 24 × 24 CSS px (WCAG 2.5.8)", () => {
  it("on the public pages, the order screen, the product panel and the cart", async () => {
    const { context, page } = await open(PHONE);
    try {
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await headingDrawn(page);
        await expect.poll(() => smallTargets(page), { message: path }).toEqual([]);
      }
      await page.goto(orderUrl(table));
      await headingDrawn(page);
      await expect.poll(() => smallTargets(page), { message: "/order" }).toEqual([]);
      await page.getByRole("button", { name: new RegExp(`^${withOptions.name}`) }).click();
      await page.getByRole("dialog").waitFor();
      await expect.poll(() => smallTargets(page), { message: "product panel" }).toEqual([]);
      await page.getByRole("dialog").getByRole("button", { name: /^Add/ }).click();
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      await expect.poll(() => smallTargets(page), { message: "/order/cart" }).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("on every staff screen", async () => {
    const { context, page } = await open(TABLET_LANDSCAPE, { staff: true });
    try {
      for (const path of ["/login", ...STAFF_SCREENS]) {
        await page.goto(path);
        await headingDrawn(page);
        await expect.poll(() => smallTargets(page), { message: path }).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});

describe("focus on the diner's order screen", () => {
  it("brings a category tab reached with Tab fully into view", async () => {
    const { context, page } = await open(PHONE);
    try {
      await page.goto(orderUrl(table));
      await headingDrawn(page);
      const tabs = page.getByRole("navigation", { name: "Menu categories" }).getByRole("link");
      const count = await tabs.count();
      expect(count).toBeGreaterThan(3);
      await tabs.first().focus();
      for (let index = 1; index < count; index++) {
        await page.keyboard.press("Tab");
        await expect.poll(() => focusedElement(page)).toBe(`a: ${await tabs.nth(index).textContent()}`);
        // The tab lies wholly inside its strip (which scrolls sideways) and the screen.
        const hidden = () =>
          page.evaluate(() => {
            const tab = document.activeElement!.getBoundingClientRect();
            const strip = document.activeElement!.closest("ul")!.getBoundingClientRect();
            return tab.left < strip.left - 0.5 || tab.right > strip.right + 0.5
              ? `${Math.round(tab.left)}–${Math.round(tab.right)} outside ${Math.round(strip.left)}–${Math.round(strip.right)}`
              : null;
          });
        await expect.poll(hidden).toBeNull();
      }
    } finally {
      await context.close();
    }
  });

  it("never leaves a dish reached with Tab under the fixed View cart bar or the tabs, and reaches View cart early", async () => {
    const { context, page } = await open(PHONE);
    try {
      await page.goto(orderUrl(table));
      await headingDrawn(page);
      await addItem(page, dish.name);
      const viewCart = page.getByRole("link", { name: /^View cart/ });
      await viewCart.waitFor();

      // Past the category tabs, View cart is the next stop: no tabbing past every dish.
      await page.getByRole("navigation", { name: "Menu categories" }).getByRole("link").last().focus();
      await page.keyboard.press("Tab");
      await expect.poll(() => focusedElement(page)).toMatch(/^a: View cart/);

      // Through the dishes downwards: each one focused is wholly visible, clear of the bars.
      let dishes = 0;
      for (let step = 0; step < 40 && dishes < 15; step++) {
        await page.keyboard.press("Tab");
        await expect.poll(() => focusObscured(page), { message: `Tab ${step + 1}: ${await focusedElement(page)}` }).toBeNull();
        if (await page.evaluate(() => document.activeElement?.classList.contains("menu-item") ?? false)) dishes++;
      }
      expect(dishes).toBeGreaterThan(5);
      // And back up with Shift+Tab: clear of the navbar and the category tabs.
      for (let step = 0; step < 8; step++) {
        await page.keyboard.press("Shift+Tab");
        await expect.poll(() => focusObscured(page), { message: `Shift+Tab ${step + 1}: ${await focusedElement(page)}` }).toBeNull();
      }
    } finally {
      await context.close();
    }
  });

  it("lands on the new view's heading after opening the cart, and on its status after Submit", async () => {
    // A table of its own: the file's table has had many orders (past its limit they wait for staff).
    const terrace = await createDiningTable(server, token, 1, "Terrace 1");
    const { context, page } = await open(PHONE);
    try {
      await page.goto(orderUrl(terrace));
      await headingDrawn(page);
      // The first load leaves focus where the browser puts it.
      await expect.poll(() => focusedElement(page)).toBe("body");
      await addItem(page, dish.name);
      await page.getByRole("link", { name: /^View cart/ }).press("Enter");
      await expect.poll(() => focusedElement(page)).toBe("h1: Your order");

      await page.getByRole("button", { name: "Submit Order" }).press("Enter");
      await expect.poll(() => focusedElement(page)).toBe("p: Your order has been submitted.");

      // Back to the menu: its heading.
      await page.getByRole("link", { name: "Return home" }).press("Enter");
      await expect.poll(() => focusedElement(page)).toBe("h1: Ordering for table Terrace 1");
    } finally {
      await context.close();
    }
  });
});

describe("focus on the staff screens", () => {
  it("lands on the screen's heading after signing in and after following the staff nav", async () => {
    const { context, page } = await open(TABLET_LANDSCAPE);
    try {
      await page.goto("/kitchen");
      await page.getByRole("heading", { name: "Staff sign in" }).waitFor();
      await page.getByLabel("Email").fill(server.staff.email);
      await page.getByLabel("Password").fill(server.staff.password);
      await page.getByRole("button", { name: "Sign in" }).press("Enter");
      await expect.poll(() => focusedElement(page)).toMatch(/^h1: Kitchen · /);

      await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Tabs" }).press("Enter");
      await expect.poll(() => focusedElement(page)).toMatch(/^h1: Open tabs · /);
    } finally {
      await context.close();
    }
  });

  it("moves on to the next call after Done, and to the heading when none is left", async () => {
    const patio = await createDiningTable(server, token, 1, "Patio 8");
    const open_ = (await api("GET", "/api/calls?branch_id=1")) as Call[];
    for (const call of open_) await api("PATCH", `/api/calls/${call.id}`, { status: "done" });
    await callStaff(patio, "server");
    await callStaff(patio, "bill");
    const { context, page } = await open(TABLET_LANDSCAPE, { staff: true });
    try {
      await page.goto("/stations");
      await headingDrawn(page);
      const calls = page.getByRole("region", { name: "Table calls" });
      await expect.poll(() => calls.getByRole("button").count()).toBe(2);

      await calls.getByRole("button", { name: "Done: Patio 8 wants a server" }).press("Enter");
      await expect.poll(() => focusedElement(page)).toBe("button: Done: Patio 8 asks for the bill");
      await calls.getByRole("button", { name: "Done: Patio 8 asks for the bill" }).press("Enter");
      await expect.poll(() => focusedElement(page)).toMatch(/^h1: Stations · /);
    } finally {
      await context.close();
    }
  });
});

describe("every word in the diner's language", () => {
  it("reads a burger's side options in Filipino and Chinese in the product panel and the cart, the page's lang kept", async () => {
    for (const [locale, code, group, option] of [
      ["fil-PH", "fil", "Kasama", "Pritong sibuyas"],
      ["zh-CN", "zh", "配菜", "洋葱圈"],
    ] as const) {
      const { context, page } = await open({ ...PHONE, locale });
      try {
        await page.goto(orderUrl(table));
        await headingDrawn(page);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(new RegExp(`^${code}`));
        // The Limitless Mega Burger: its side is required (fries, coleslaw or onion rings).
        await page.locator("#category-burger button.menu-item", { hasText: "Limitless" }).first().click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        // Translated names are the page's language: nothing marks them as English.
        const langOf = (text: string) =>
          dialog.getByText(text, { exact: true }).evaluate((element) => element.closest("[lang]")?.getAttribute("lang"));
        await expect.poll(() => langOf(group)).toMatch(new RegExp(`^${code}`));
        await expect.poll(() => langOf(option)).toMatch(new RegExp(`^${code}`));
        expect(await dialog.getByText("Onion Rings", { exact: true }).count()).toBe(0);
        await dialog.getByLabel(new RegExp(`^${option}`)).check();
        await dialog.locator("button[type=submit]").click();
        await dialog.waitFor({ state: "hidden" });

        await page.locator(".floating-cart").click();
        await page.locator(".cart-table").waitFor();
        const inCart = page.locator(".cart-options").getByText(option, { exact: true }).first();
        await expect
          .poll(() => inCart.evaluate((element) => element.closest("[lang]")?.getAttribute("lang")))
          .toMatch(new RegExp(`^${code}`));
      } finally {
        await context.close();
      }
    }
  });
});
