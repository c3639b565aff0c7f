/**
 * Offline-first, in real headless Chromium with the real service worker: after one visit the order
 * screen opens with the server down; an order submitted offline waits in the IndexedDB outbox and
 * reaches the kitchen exactly once when the network is back — also when a request got through but
 * its answer was lost (same Idempotency-Key on the retry; the server replays its answer), and behind
 * a captive portal that answers every request with its sign-in page: the phone never says "sent"
 * before the server has the order.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable } from "../../contract/schemas";
import { launchBrowser, releaseBrowser, PHONE } from "../support/browser";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { orderableAnyDay, readMenu } from "../support/api-helpers";
import { startFlakyProxy, type FlakyProxy } from "./flaky-proxy";
import { addItem, createDiningTable, NO_SERVICE_WORKER, orderUrl, ordersOf, waitForOfflineReady } from "./ordering-support";

let server: TestServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  token = await staffToken(server);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

/** The keys of the order outbox in IndexedDB (idb-keyval's store). */
function outboxKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("limitless-ordering");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("outbox")) return resolve([]);
          const request = db.transaction("outbox").objectStore("outbox").getAllKeys();
          request.onsuccess = () => resolve(request.result.map(String));
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

describe("offline", () => {
  it("opens the cached menu and cart with the server down, queues the order, and delivers it once when back online", async () => {
    const table: DiningTable = await createDiningTable(server, token, 2, "Offline 1");
    const context = await browser.newContext({ ...PHONE, baseURL: server.url });
    const page = await context.newPage();
    try {
      // One visit online: the service worker takes over and caches the shell, the table and the menu.
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: "Ordering for table Offline 1" }).waitFor();
      await waitForOfflineReady(page, table);
      await addItem(page, "Limitless Mega Burger", ["Onion Rings"]);

      // The worker answers app routes with the shell, but files opened in a tab (menu PDFs, robots.txt) are the files.
      const file = await context.newPage();
      await file.goto("/robots.txt");
      await expect.poll(() => file.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect.poll(() => file.locator("body").textContent()).toContain("User-agent");
      await file.close();

      // The restaurant's server is unreachable and the phone has lost its connection.
      await server.stop();
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { name: "Ordering for table Offline 1" }).waitFor();
      await expect.poll(() => page.getByRole("button", { name: /^Nachos/ }).count()).toBe(1);
      const viewCart = page.getByRole("link", { name: /^View cart/ });
      await expect.poll(() => viewCart.textContent()).toBe("View cart • $15.99");

      // Submitting offline: saved in the outbox, the diner is told it is waiting to be sent.
      await viewCart.click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Waiting to send.").waitFor();
      await expect.poll(() => outboxKeys(page)).toHaveLength(1);
      const [key] = await outboxKeys(page);
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => page.getByRole("button", { name: /^Remove 1/ }).count()).toBe(0); // locked while queued

      // A retry while still offline changes nothing.
      await page.getByRole("button", { name: "Try now" }).click();
      await page.getByText("Waiting to send.").waitFor();
      await expect.poll(() => outboxKeys(page)).toEqual([key]);

      // Back online: the `online` event sends it.
      const sentKeys: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith(`/api/stations/${table.id}/cart/submit`))
          sentKeys.push(request.headers()["idempotency-key"]!);
      });
      await server.start();
      await context.setOffline(false);
      await page.getByText("Your order has been submitted.").waitFor({ timeout: 20_000 });
      await expect.poll(() => outboxKeys(page)).toEqual([]);
      expect(new Set(sentKeys)).toEqual(new Set([key]));

      const orders = await ordersOf(server, token, table);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.total).toBe("18.07");
      await page.getByRole("heading", { name: `Order #${orders[0]!.number}` }).waitFor();

      // A later visit sends nothing again.
      await page.reload();
      await page.getByText("Your order has been submitted.").waitFor();
      expect(await ordersOf(server, token, table)).toHaveLength(1);
    } finally {
      await context.setOffline(false);
      await server.start();
      await context.close();
    }
  });

  it("an open menu learns of a sold-out switch: the worker's cached copy is refreshed and the page re-reads it", async () => {
    const table = await createDiningTable(server, token, 1, "Fresh 4");
    const context = await browser.newContext({ ...PHONE, baseURL: server.url });
    const page = await context.newPage();
    const menu = (await (await fetch(`${server.url}/api/products_by_category?branch_id=1`)).json()) as Record<
      string,
      { id: number; name: string }[]
    >;
    const calamari = menu.seafood!.find((p) => p.name === "Salt and Pepper Calamari")!;
    const patch = (available: boolean) =>
      fetch(`${server.url}/api/products/${calamari.id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ available }),
      });
    try {
      await page.goto(orderUrl(table));
      await waitForOfflineReady(page, table);
      await page.getByRole("button", { name: /^Salt and Pepper Calamari/ }).waitFor();
      expect((await patch(false)).status).toBe(200);
      // The phone comes back to the page: the worker answers from its cache at once, revalidates,
      // and tells the page the menu changed.
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await page.locator(".menu-item.is-sold-out", { hasText: "Salt and Pepper Calamari" }).waitFor({ timeout: 10_000 });
    } finally {
      await patch(true);
      await context.close();
    }
  });

  it("delivers exactly once when the first request got through but its answer was lost", async () => {
    const table = await createDiningTable(server, token, 1, "Lossy 2");
    // page.route() must see every request, so no service worker in between here.
    const context = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const page = await context.newPage();
    const keys: string[] = [];
    let lost = 0;
    await page.route(`**/api/stations/${table.id}/cart/submit`, async (route) => {
      keys.push(route.request().headers()["idempotency-key"]!);
      if (lost === 0) {
        lost++;
        await route.fetch(); // the server receives and places the order…
        await route.abort("connectionreset"); // …but the phone never hears back
        return;
      }
      await route.continue();
    });
    try {
      await page.goto(orderUrl(table));
      await addItem(page, "Nachos", ["Chicken Tenders"]);
      await page.getByRole("link", { name: /^View cart/ }).click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Waiting to send.").waitFor();
      expect(await ordersOf(server, token, table)).toHaveLength(1); // it did arrive

      await page.getByRole("button", { name: "Try now" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      const orders = await ordersOf(server, token, table);
      expect(orders).toHaveLength(1);
      await page.getByRole("heading", { name: `Order #${orders[0]!.number}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("sends an order left in the outbox when the app is opened again", async () => {
    const table = await createDiningTable(server, token, 1, "Later 3");
    const context = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    try {
      const first = await context.newPage();
      await first.goto(orderUrl(table));
      await addItem(first, "Lumpia Shanghai");
      await first.getByRole("link", { name: /^View cart/ }).click();
      // The cart is on screen (its code loaded) before the network goes: this phone has no service worker to load it offline.
      const submit = first.getByRole("button", { name: "Submit Order" });
      await submit.waitFor();
      await context.setOffline(true);
      await submit.click();
      await first.getByText("Waiting to send.").waitFor();
      await first.close(); // the diner locks the phone; the tab is gone

      await context.setOffline(false);
      expect(await ordersOf(server, token, table)).toHaveLength(0);
      const again = await context.newPage();
      await again.goto(orderUrl(table));
      await again.getByRole("link", { name: "View your order" }).waitFor();
      await expect.poll(() => ordersOf(server, token, table).then((orders) => orders.length), { timeout: 10_000 }).toBe(1);
      await again.getByRole("link", { name: "View your order" }).click();
      await again.getByText("Your order has been submitted.").waitFor();
      await expect.poll(() => outboxKeys(again)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** Records, in sessionStorage (it survives reloads), when the page first showed text claiming the order was sent. */
function watchForSentClaim(): void {
  const check = () => {
    if (sessionStorage.getItem("saw-submitted")) return;
    if (document.body?.textContent?.includes("Your order has been submitted.")) sessionStorage.setItem("saw-submitted", String(Date.now()));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

const sentClaimedAt = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem("saw-submitted") ?? 0));

describe("through a flaky network (a real proxy between the phone and the server)", () => {
  let proxy: FlakyProxy;
  beforeAll(async () => {
    proxy = await startFlakyProxy(server.url);
  });
  afterAll(() => proxy?.close());

  /** A phone that loaded the order screen through the proxy, with the service worker ready, one item in the cart page. */
  async function phoneWithCart(codename: string, item: string, options: string[] = []) {
    proxy.mode = "forward";
    proxy.requests.length = 0;
    const table = await createDiningTable(server, token, 1, codename);
    const context = await browser.newContext({ ...PHONE, baseURL: proxy.url });
    await context.addInitScript(watchForSentClaim);
    const page = await context.newPage();
    await page.goto(orderUrl(table));
    await page.getByRole("heading", { name: `Ordering for table ${codename}` }).waitFor();
    await waitForOfflineReady(page, table);
    await addItem(page, item, options);
    await page.getByRole("link", { name: /^View cart/ }).click();
    return { table, context, page };
  }

  it("an answer lost after the server stored the order: keeps it queued, retries with the same key, and ends with ONE order", async () => {
    const { table, context, page } = await phoneWithCart("Lost answer 5", "Limitless Mega Burger", ["Coleslaw"]);
    try {
      proxy.mode = "lose-answer";
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Waiting to send.").waitFor();
      await page.getByText("Your order is saved on this phone").waitFor();
      const stored = await ordersOf(server, token, table);
      expect(stored).toHaveLength(1); // the server has it; the phone could not know
      await expect.poll(() => outboxKeys(page)).toHaveLength(1);
      const [key] = await outboxKeys(page);

      // The answer's headers get through, then the connection drops mid-body: still not confirmed.
      proxy.mode = "cut-answer";
      await page.getByRole("button", { name: "Try now" }).click();
      await expect.poll(() => proxy.orderPosts().some((post) => post.mode === "cut-answer")).toBe(true);
      await page.getByText("Waiting to send.").waitFor();
      await expect.poll(() => outboxKeys(page)).toEqual([key]);
      expect(await sentClaimedAt(page)).toBe(0); // the page's own record of ever claiming "sent": read once

      // The network behaves again: the retry (same key) gets the server's replay of the stored order.
      proxy.mode = "forward";
      const back = Date.now();
      await page.getByRole("button", { name: "Try now" }).click();
      await page.getByText("Your order has been submitted.").waitFor({ timeout: 20_000 });
      await expect.poll(() => sentClaimedAt(page)).toBeGreaterThanOrEqual(back);
      await page.getByRole("heading", { name: `Order #${stored[0]!.number}` }).waitFor();
      await expect.poll(() => outboxKeys(page)).toEqual([]);

      expect(proxy.orderPosts().map((post) => post.mode)).toEqual(expect.arrayContaining(["lose-answer", "cut-answer", "forward"]));
      expect(new Set(proxy.orderPosts().map((post) => post.idempotencyKey))).toEqual(new Set([key]));
      const orders = await ordersOf(server, token, table);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.id).toBe(stored[0]!.id);
      // And in the database itself: one order row for the table, one key record.
      expect(await server.query("SELECT count(*) AS n FROM orders WHERE station_id = ?", [table.id])).toEqual([{ n: 1 }]);
      // (The table cart's submit keeps the phone's key under the table: see api/carts/cart-service.ts.)
      expect(
        await server.query("SELECT count(*) AS n FROM idempotency_keys WHERE key = ?", [`table-cart submit ${table.id} ${key}`]),
      ).toEqual([{ n: 1 }]);
    } finally {
      await context.close();
    }
  });

  it("a captive portal answering every request 200 text/html: never says sent, keeps the order queued, sends it once when the portal goes", async () => {
    const { table, context, page } = await phoneWithCart("Portal 6", "Nachos", ["Chicken Tenders"]);
    try {
      proxy.mode = "portal";
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Waiting to send.").waitFor();
      await page.getByText("Your order is saved on this phone").waitFor();
      await expect.poll(() => outboxKeys(page)).toHaveLength(1);
      const [key] = await outboxKeys(page);
      expect(proxy.orderPosts().filter((post) => post.mode === "portal").length).toBeGreaterThan(0);
      expect(await ordersOf(server, token, table)).toHaveLength(0);

      // Trying again, going back to the menu and reopening the cart, behind the portal: the worker serves
      // the app shell and the menu from its cache, and keeps its cached menu rather than the portal's
      // page; the order is still waiting with the same key, and nothing claims it was sent.
      await page.getByRole("button", { name: "Try now" }).click();
      await page.getByText("Waiting to send.").waitFor();
      await page.goto(orderUrl(table));
      await page.getByRole("button", { name: /^Nachos/ }).waitFor();
      await expect
        .poll(() => proxy.requests.some((seen) => seen.mode === "portal" && seen.url.startsWith("/api/products_by_category")))
        .toBe(true);
      await page.goto("/order/cart");
      await page.getByText("Waiting to send.").waitFor();
      const cachedMenu = await page.evaluate(async () =>
        (await caches.match("/api/products_by_category?branch_id=1"))?.headers.get("content-type"),
      );
      expect(cachedMenu).toMatch(/^application\/json/);
      // Reopening the cart tries again at once; on a slow machine the outbox's 15-second retry may come first.
      await expect.poll(() => proxy.orderPosts().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      await expect.poll(() => outboxKeys(page)).toEqual([key]);
      expect(await sentClaimedAt(page)).toBe(0); // the page's own record of ever claiming "sent": read once
      expect(await ordersOf(server, token, table)).toHaveLength(0);

      // The diner signs in to the Wi-Fi: the portal steps aside and the order goes through, once.
      proxy.mode = "forward";
      const back = Date.now();
      await page.getByRole("button", { name: "Try now" }).click();
      await page.getByText("Your order has been submitted.").waitFor({ timeout: 20_000 });
      await expect.poll(() => sentClaimedAt(page)).toBeGreaterThanOrEqual(back);
      const orders = await ordersOf(server, token, table);
      expect(orders).toHaveLength(1);
      await page.getByRole("heading", { name: `Order #${orders[0]!.number}` }).waitFor();
      await expect.poll(() => outboxKeys(page)).toEqual([]);
      expect(new Set(proxy.orderPosts().map((post) => post.idempotencyKey))).toEqual(new Set([key]));

      // Nothing is sent again on a later visit.
      await page.reload();
      await page.getByText("Your order has been submitted.").waitFor();
      expect(await ordersOf(server, token, table)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

describe("unreadable storage on the phone", () => {
  it("a corrupt cart and corrupt outbox records never break the page; the order waiting among them still goes through, once, and shows", async () => {
    const table = await createDiningTable(server, token, 1, "Scrambled 7");
    // Priced as the phone saw it: a dish whose price does not change with the hour (happy hour).
    const [dish] = orderableAnyDay(await readMenu(server, 1));
    const context = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      await page.goto(orderUrl(table));
      await page.getByRole("heading", { name: "Ordering for table Scrambled 7" }).waitFor();
      const key = "3c9d7a2e-5b1f-4e8a-9c6d-0f2e4b6a8c1d";
      const body = {
        products: [{ id: dish!.id, quantity: 2, selectedCustomizations: [], customizedPrice: dish!.price }],
        station_id: table.id,
        branch_id: 1,
      };
      // What a half-written save, an old version or a hand-edit can leave behind, beside one good order.
      await page.evaluate(
        async ({ key, body }) => {
          localStorage.setItem(
            "cart",
            JSON.stringify({ [body.products[0]!.id]: [{ id: body.products[0]!.id, name: { text: "Lumpia" }, quantity: "two" }] }),
          );
          localStorage.setItem(
            "cart.meta",
            JSON.stringify({ station: { id: 5 }, submission: { state: "submitted", key: "k" }, problem: "oops", version: 7 }),
          );
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open("limitless-ordering");
            open.onupgradeneeded = () => open.result.createObjectStore("outbox");
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const store = db.transaction("outbox", "readwrite").objectStore("outbox");
          store.put("garbage", "junk");
          store.put({ key: "half" }, "half");
          store.put({ key, body, createdAt: Date.now(), attempts: 0 }, key);
          await new Promise((resolve) => (store.transaction.oncomplete = resolve));
          db.close();
        },
        { key, body },
      );

      await page.reload();
      await page.getByRole("heading", { name: "Ordering for table Scrambled 7" }).waitFor();
      await page.getByRole("button", { name: /^Nachos/ }).waitFor();
      await expect.poll(() => ordersOf(server, token, table).then((orders) => orders.length), { timeout: 15_000 }).toBe(1);
      await page.getByRole("link", { name: "View your order" }).click();
      await page.getByText("Your order has been submitted.").waitFor();
      const [order] = await ordersOf(server, token, table);
      await page.getByRole("heading", { name: `Order #${order!.number}` }).waitFor();
      expect(order!.lines.map((line) => [line.name, line.quantity])).toEqual([[dish!.name, 2]]);
      await expect.poll(() => outboxKeys(page)).toEqual([]);

      await page.reload();
      await page.getByText("Your order has been submitted.").waitFor();
      expect(await ordersOf(server, token, table)).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
