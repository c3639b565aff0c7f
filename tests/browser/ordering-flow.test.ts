/**
 * The diner's whole flow on a phone, in real headless Chromium against a real server: scan the
 * table's QR link → menu → customise → cart → Remove 1 → submit (with an Idempotency-Key) → the
 * order's status changing live as staff move it along → Return home.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDollars, parsePriceToCents, totalsFromSubtotal } from "../../contract/money";
import { PHONE } from "../support/browser";
import {
  addItem,
  createDiningTable,
  orderUrl,
  ordersOf,
  serverCartOf,
  setStatus,
  orderingBrowserSuite,
  storedCart,
} from "./ordering-support";
import { axeViolations } from "./site-support";

const suite = orderingBrowserSuite("Patio 7");

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url });
  return { context, page: await context.newPage() };
}

const cents = (text: string | null) => parsePriceToCents((text ?? "").replace("$", "")) ?? NaN;

/**
 * Waits until the table's cart on the server is empty too. The phone shows a removal at once and sends
 * it in its own time; every test here orders at the same table, so a test that empties its cart waits
 * for the server's, or the next test's phone would find its lines there.
 */
const tableCartEmptied = () => expect.poll(async () => (await serverCartOf(suite.server, suite.table)).lines).toEqual([]);

describe("ordering from the table", () => {
  it("customises, merges, removes one, submits once and follows the status live", async () => {
    const { context, page } = await phone();
    try {
      const submissions: { key: string | undefined; body: unknown }[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith(`/api/stations/${suite.table.id}/cart/submit`)) {
          submissions.push({ key: request.headers()["idempotency-key"], body: request.postDataJSON() });
        }
      });

      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Patio 7" }).waitFor();

      // A burger with an exclusive side: Add stays disabled until the required choice is made.
      await page.getByRole("button", { name: /^Limitless Mega Burger/ }).click();
      const dialog = page.getByRole("dialog", { name: "Limitless Mega Burger" });
      const add = dialog.getByRole("button", { name: /^Add/ });
      await expect.poll(() => add.isDisabled()).toBe(true);
      await dialog.getByLabel("Onion Rings").check();
      await expect.poll(() => add.textContent()).toBe("Add • $15.99");
      await add.click();
      await dialog.waitFor({ state: "hidden" });
      const burgerItem = page.getByRole("button", { name: /^Limitless Mega Burger/ });
      await expect.poll(() => burgerItem.textContent()).toContain("1 in cart");

      // Same burger, same side → the same line, quantity 2; nachos with two add-ons → a line of its own.
      await addItem(page, "Limitless Mega Burger", ["Onion Rings"]);
      await expect.poll(() => burgerItem.textContent()).toContain("2 in cart");
      await addItem(page, "Nachos", ["Pork Belly", "Chicken Tenders"]);
      const viewCart = page.getByRole("link", { name: /^View cart/ });
      await expect.poll(() => viewCart.textContent()).toBe("View cart • $50.97"); // 2 × 15.99 + 18.99, untaxed

      // The cart survives a reload (localStorage `cart`).
      const streams: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith("/events")) streams.push(new URL(request.url()).pathname);
      });
      await page.reload();
      await viewCart.waitFor();
      await expect.poll(() => viewCart.textContent()).toBe("View cart • $50.97");
      await expect.poll(async () => Object.values((await storedCart(page)) ?? {}).flat()).toHaveLength(2);

      await viewCart.click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      const rows = page.locator(".cart-table tbody tr");
      await expect.poll(() => rows.count()).toBe(2);
      const burgerRow = rows.filter({ hasText: "Limitless Mega Burger" });
      await expect.poll(() => burgerRow.textContent()).toContain("Onion Rings");

      // Remove 1 takes ONE burger off, not the whole product.
      await burgerRow.getByRole("button", { name: "Remove 1 Limitless Mega Burger" }).click();
      await expect.poll(() => burgerRow.locator(".cart-qty").textContent()).toBe("1");
      await expect.poll(() => rows.count()).toBe(2);

      const expected = totalsFromSubtotal(1599 + 1899);
      const footer = page.locator(".cart-table tfoot");
      await expect.poll(() => footer.textContent()).toContain(`Subtotal${formatDollars(expected.subtotal)}`);
      await expect.poll(() => footer.textContent()).toContain(`HST (13%)${formatDollars(expected.tax)}`);
      await expect.poll(() => footer.textContent()).toContain(`Total${formatDollars(expected.total)}`);

      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
      await expect.poll(() => page.getByRole("button", { name: /^Remove 1/ }).count()).toBe(0);
      await expect.poll(() => page.getByRole("button", { name: "Submit Order" }).count()).toBe(0);

      // Exactly one order reached the kitchen, priced by the server the same as the cart showed.
      const [order, ...others] = await ordersOf(suite.server, suite.token, suite.table);
      expect(others).toHaveLength(0);
      expect(order!.total).toBe("39.53");
      expect(cents(order!.total)).toBe(expected.total);
      expect(order!.lines.map((line) => [line.name, line.quantity, line.options.map((o) => o.name).sort()]).sort()).toEqual([
        ["Limitless Mega Burger", 1, ["Onion Rings"]],
        ["Nachos", 1, ["Chicken Tenders", "Pork Belly"]],
      ]);
      await page.getByRole("heading", { name: `Order #${order!.number}` }).waitFor();
      await expect.poll(async () => cents(await page.locator(".cart-total td").textContent())).toBe(cents(order!.total));

      // One submit of the table's cart, with a UUID Idempotency-Key and the version the phone showed.
      expect(submissions).toHaveLength(1);
      expect(submissions[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(submissions[0]!.body).toEqual({ version: expect.any(Number) });

      // Staff move the order along; the diner's screen follows without a reload.
      const status = page.locator(".order-progress-status");
      await expect.poll(() => status.getAttribute("data-status")).toBe("received");
      await setStatus(suite.server, suite.token, order!.id, "preparing");
      await page.locator('.order-progress-status[data-status="preparing"]').waitFor({ timeout: 5_000 });
      await setStatus(suite.server, suite.token, order!.id, "ready");
      await page.locator('.order-progress-status[data-status="ready"]').waitFor({ timeout: 5_000 });
      await expect.poll(() => status.textContent()).toContain("Ready");
      // The menu, the cart and the live status shared one stream: the table's.
      expect(streams).toEqual([`/api/stations/${suite.table.id}/events`]);

      // Return home: the table's home, its menu (nothing on the diner's screens leaves the table), with an empty cart.
      await page.getByRole("link", { name: "Return home" }).click();
      await page.waitForURL(`${suite.server.url}${orderUrl(suite.table)}`);
      await page.getByRole("heading", { name: "Ordering for table Patio 7" }).waitFor();
      await expect.poll(() => storedCart(page)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it("keeps the status right by polling when the event stream is unavailable", async () => {
    const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    try {
      await page.route("**/api/stations/*/events", (route) => route.fulfill({ status: 503, body: "" }));
      await page.goto(orderUrl(suite.table));
      await addItem(page, "Lumpia Shanghai");
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
      const [order] = (await ordersOf(suite.server, suite.token, suite.table)).filter((o) => o.lines[0]?.name === "Lumpia Shanghai");
      await setStatus(suite.server, suite.token, order!.id, "cancelled");
      // Poll every 10 s, or at once when the phone comes back to the page: simulate the latter.
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await page.locator('.order-progress-status[data-status="cancelled"]').waitFor({ timeout: 12_000 });
      // The table's earlier round (this file's first test) is listed under it: the order sent is the first.
      await expect.poll(() => page.locator(".order-progress-status").first().textContent()).toContain("cancelled");
    } finally {
      await context.close();
    }
  });
});

describe("the product panel", () => {
  it("is a keyboard-usable dialog: focus moves in, stays in, Escape closes and focus returns", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      const item = page.getByRole("button", { name: /^Nachos/ });
      await item.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Nachos" });
      await dialog.waitFor();
      const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
      await expect.poll(focusInDialog).toBe(true);
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        await expect.poll(focusInDialog).toBe(true);
      }
      // Checkboxes by keyboard, then Escape.
      await dialog.getByLabel("Pork Belly").focus();
      await page.keyboard.press("Space");
      await expect.poll(() => dialog.getByRole("button", { name: /^Add/ }).textContent()).toBe("Add • $14.99");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await expect.poll(() => item.evaluate((element) => element === document.activeElement)).toBe(true);
      // Closing without Add adds nothing.
      await expect.poll(() => page.getByRole("link", { name: /^View cart/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("Remove 1 by keyboard: when a line goes, focus moves to the next line's Remove 1, then to the heading", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await addItem(page, "Lumpia Shanghai");
      await addItem(page, "Chicken Fingers and Fries");
      await page.getByRole("link", { name: /^View cart/ }).click();
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);
      const removes = page.getByRole("button", { name: /^Remove 1 / });
      await removes.first().waitFor();
      await expect.poll(() => removes.count()).toBe(2);
      await removes.first().focus();
      const remaining = (await removes.nth(1).getAttribute("aria-label"))!;
      await page.keyboard.press("Enter");
      await expect.poll(focused).toBe(remaining);
      await page.keyboard.press("Enter");
      await page.getByText("Your cart is empty.").waitFor();
      await expect.poll(focused).toBe("Your order");
      await tableCartEmptied();
    } finally {
      await context.close();
    }
  });

  it("records an exclusive choice and offers 'None' for an optional one", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("button", { name: /^Sisig/ }).click();
      const dialog = page.getByRole("dialog", { name: "Sisig" });
      const none = dialog.getByLabel("None");
      await expect.poll(() => none.isChecked()).toBe(true);
      await dialog.getByLabel("Substitute garlic rice").check();
      await expect.poll(() => none.isChecked()).toBe(false);
      await dialog.getByRole("button", { name: "Add • $14.99" }).click();
      await page.getByRole("link", { name: /^View cart/ }).click();
      await expect.poll(() => page.locator(".cart-table tbody").textContent()).toContain("Substitute garlic rice");
      await page.getByRole("button", { name: "Remove 1 Sisig" }).click();
      await page.getByText("Your cart is empty.").waitFor();
      await tableCartEmptied();
    } finally {
      await context.close();
    }
  });
});

describe("the order screen", () => {
  it("highlights today's special — on a Sunday too", async () => {
    const { context, page } = await phone();
    try {
      await page.clock.setFixedTime(new Date(2025, 0, 5, 18, 0)); // Sunday 5 January 2025, 6 pm local
      await page.goto(orderUrl(suite.table));
      const sunday = page.getByRole("button", { name: /^Sunday Cocktails/ });
      await expect.poll(() => sunday.textContent()).toContain("Today's special");
      await expect.poll(() => sunday.getAttribute("class")).toContain("is-today");
      await expect.poll(() => page.locator(".menu-item.is-today").count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("shows sold-out items as such and does not let them be added", async () => {
    const { context, page } = await phone();
    const menu = (await (await fetch(`${suite.server.url}/api/products_by_category?branch_id=1`)).json()) as Record<
      string,
      { id: number; name: string }[]
    >;
    const fishBalls = menu.seafood!.find((p) => p.name === "Fish Balls")!;
    const patch = (available: boolean) =>
      fetch(`${suite.server.url}/api/products/${fishBalls.id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${suite.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ available }),
      });
    try {
      expect((await patch(false)).status).toBe(200);
      await page.goto(orderUrl(suite.table));
      const item = page.locator(".menu-item", { hasText: "Fish Balls" });
      await item.waitFor();
      await expect.poll(() => item.textContent()).toContain("Sold out");
      await expect.poll(() => item.evaluate((element) => element.tagName)).toBe("DIV");
      await expect.poll(() => page.getByRole("button", { name: /^Fish Balls/ }).count()).toBe(0);
    } finally {
      await patch(true);
      await context.close();
    }
  });

  it("an open menu shows a sold-out switch within seconds — even in the product panel already open", async () => {
    const { context, page } = await phone();
    const menu = (await (await fetch(`${suite.server.url}/api/products_by_category?branch_id=1`)).json()) as Record<
      string,
      { id: number; name: string }[]
    >;
    const platter = menu.seafood!.find((p) => p.name === "Grilled Seafood Platter")!;
    const patch = (available: boolean) =>
      fetch(`${suite.server.url}/api/products/${platter.id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${suite.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ available }),
      });
    try {
      const streamOpen = page.waitForResponse((response) => response.url().includes(`/api/stations/${suite.table.id}/events`));
      await page.goto(orderUrl(suite.table));
      await page.getByRole("button", { name: /^Grilled Seafood Platter/ }).click();
      const dialog = page.getByRole("dialog", { name: "Grilled Seafood Platter" });
      const add = dialog.getByRole("button", { name: /^Add/ });
      await expect.poll(() => add.isEnabled()).toBe(true);
      // The stream starts from "now": the switch must come after it is open.
      expect((await streamOpen).status()).toBe(200);

      expect((await patch(false)).status).toBe(200);
      // Pushed, not polled: the menu's own refresh runs only once a minute.
      await dialog.getByText("Sorry — this item has just sold out.").waitFor({ timeout: 5_000 });
      await expect.poll(() => add.isDisabled()).toBe(true);
      await dialog.getByRole("button", { name: "Close" }).click();
      await page.locator(".menu-item.is-sold-out", { hasText: "Grilled Seafood Platter" }).waitFor({ timeout: 1_000 });
      await expect.poll(() => page.getByRole("button", { name: /^Grilled Seafood Platter/ }).count()).toBe(0);

      expect((await patch(true)).status).toBe(200);
      await page.getByRole("button", { name: /^Grilled Seafood Platter/ }).waitFor({ timeout: 5_000 });
    } finally {
      await patch(true);
      await context.close();
    }
  });

  it("scroll-spy: tapping a tab scrolls its section under the tab bar and marks it current", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      const tabs = page.getByRole("navigation", { name: "Menu categories" });
      await expect.poll(() => tabs.boundingBox()).toMatchObject({ y: 50, height: 69 });
      await tabs.getByRole("link", { name: "Burgers" }).click();
      await expect
        .poll(() => page.evaluate(() => Math.round(document.getElementById("category-burger")!.getBoundingClientRect().top)), {
          timeout: 3_000,
        })
        .toBe(135);
      await expect.poll(() => tabs.getByRole("link", { name: "Burgers" }).getAttribute("aria-current")).toBe("true");
      // Scrolling by hand moves the highlight (after the 1 s click lock).
      await page.waitForTimeout(1_100);
      await page.evaluate(() => {
        const section = document.getElementById("category-drink")!;
        window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 135 + 5, behavior: "instant" });
      });
      await tabs.locator('a[aria-current="true"]', { hasText: "Drinks" }).waitFor({ timeout: 2_000 });

      // A long smooth jump (top → last section) takes about the lock's second: the highlight must stay
      // on the tapped tab all the way, not light the section before for the last few pixels.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await tabs.locator('a[aria-current="true"]', { hasText: "Specials" }).waitFor({ timeout: 2_000 });
      const seen = page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const highlights = new Set<string>();
            const end = performance.now() + 2_000;
            const sample = () => {
              highlights.add(document.querySelector('.category-tabs a[aria-current="true"]')?.textContent ?? "");
              if (performance.now() < end) requestAnimationFrame(sample);
              else resolve([...highlights]);
            };
            requestAnimationFrame(sample);
          }),
      );
      await tabs.getByRole("link", { name: "Buckets" }).click();
      expect((await seen).filter((title) => title !== "Specials")).toEqual(["Buckets"]);
      await expect
        .poll(() => page.evaluate(() => Math.round(document.getElementById("category-bucket")!.getBoundingClientRect().top)))
        .toBe(135);
    } finally {
      await context.close();
    }
  });

  it("without a table: asks to scan the QR code and shows branch 1's menu read-only", async () => {
    const { context, page } = await phone();
    try {
      await page.goto("/order");
      await page
        .getByText(/Scan the QR code on your table/)
        .first()
        .waitFor();
      await page.getByRole("button", { name: /^Nachos/ }).click();
      const dialog = page.getByRole("dialog", { name: "Nachos" });
      await expect.poll(() => dialog.getByRole("button", { name: /^Add/ }).isDisabled()).toBe(true);
      await expect.poll(() => dialog.textContent()).toContain("Scan the QR code on your table to order.");

      // A table that does not exist: same, with a message to scan again.
      await page.goto("/order?station_id=00000000-0000-4000-8000-000000000000");
      await page.getByText("We couldn't find this table — please scan the QR code on your table again.").waitFor();
      await page.getByRole("heading", { name: "Menu" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows a real error with a retry when the menu cannot be loaded", async () => {
    const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    try {
      await page.route("**/api/products_by_category*", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "boom", message: "The kitchen printer is on fire." } }),
        }),
      );
      await page.goto(orderUrl(suite.table));
      const alert = page.getByRole("alert");
      await expect.poll(() => alert.textContent()).toContain("Error: The kitchen printer is on fire.");
      await expect.poll(() => page.getByRole("button", { name: /^Nachos/ }).count()).toBe(0);

      await page.unroute("**/api/products_by_category*");
      await alert.getByRole("button", { name: "Try again" }).click();
      const heading = page.getByRole("heading", { name: "Ordering for table Patio 7" });
      await expect.poll(() => heading.isVisible()).toBe(true);
      await expect.poll(() => page.getByRole("button", { name: /^Nachos/ }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText("The kitchen printer is on fire.").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("accessibility", () => {
  it("has no axe (WCAG A/AA) violations on the menu, the product panel, the cart and the submitted order", async () => {
    const { context, page } = await phone();
    try {
      await page.goto(orderUrl(suite.table));
      await page.getByRole("heading", { name: "Ordering for table Patio 7" }).waitFor();
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: /^Limitless Mega Burger/ }).click();
      await page.getByRole("dialog").waitFor();
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await addItem(page, "Nachos", ["Pork Belly"]);
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("heading", { name: "Your order" }).waitFor();
      await expect.poll(() => axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
      await expect.poll(() => axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("refused orders", () => {
  it("shows the kitchen's current prices, not the phone's stale copy, and submits at them", async () => {
    const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    try {
      await page.goto(orderUrl(suite.table));
      await addItem(page, "Chicken Burger", ["Coleslaw"]);
      // The phone's stored copy says 12.99; the table's cart lives on the server, which prices from the menu.
      await page.evaluate(() => {
        const cart = JSON.parse(localStorage.getItem("cart")!);
        for (const lines of Object.values(cart) as { customizedPrice: string }[][]) lines[0]!.customizedPrice = "12.99";
        localStorage.setItem("cart", JSON.stringify(cart));
      });
      await page.goto("/order/cart");
      const total = formatDollars(totalsFromSubtotal(1399).total);
      await page.locator(".cart-total td", { hasText: total }).waitFor();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
      await expect.poll(() => page.locator(".cart-total td").textContent()).toBe(total);
      const burgers = (await ordersOf(suite.server, suite.token, suite.table)).filter((o) => o.lines[0]?.name === "Chicken Burger");
      expect(burgers.map((o) => o.lines[0]!.unit_price)).toEqual(["13.99"]);
    } finally {
      await context.close();
    }
  });

  it("names the sold-out item and lets the diner remove it", async () => {
    const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    const menu = (await (await fetch(`${suite.server.url}/api/products_by_category?branch_id=1`)).json()) as Record<
      string,
      { id: number; name: string }[]
    >;
    const redHorse = menu.drink!.find((p) => p.name === "Red Horse")!;
    const patch = (available: boolean) =>
      fetch(`${suite.server.url}/api/products/${redHorse.id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${suite.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ available }),
      });
    try {
      await page.goto(orderUrl(suite.table));
      await addItem(page, "Red Horse");
      await addItem(page, "Lumpia Shanghai");
      expect((await patch(false)).status).toBe(200);
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page
        .getByRole("alert")
        .getByText(/Red Horse is sold out/)
        .waitFor();
      await page.getByRole("button", { name: "Remove 1 Red Horse" }).click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
    } finally {
      await patch(true);
      await context.close();
    }
  });

  it("asks to scan again when the table no longer exists", async () => {
    const context = await suite.browser.newContext({ ...PHONE, baseURL: suite.server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    const doomed = await createDiningTable(suite.server, suite.token, 1, "Temporary");
    try {
      await page.goto(orderUrl(doomed));
      await addItem(page, "Lumpia Shanghai");
      const removed = await fetch(`${suite.server.url}/api/stations/${doomed.id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${suite.token}` },
      });
      expect(removed.status).toBe(204);
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page
        .getByRole("alert")
        .getByText(/scan the QR code on your table again/)
        .waitFor();
      // Nothing is locked: the diner can still change the order.
      await page.getByRole("button", { name: "Remove 1 Lumpia Shanghai" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
