/**
 * Offline-first, in real headless Chromium with the real service worker: after one visit the order
 * screen opens with the server down; an order submitted offline waits in the IndexedDB outbox and
 * reaches the kitchen exactly once when the network is back — also when a request got through but
 * its answer was lost (same Idempotency-Key on the retry; the server replays its answer).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Station } from "../../contract/schemas";
import { launchBrowser, PHONE } from "../support/browser";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { addItem, createStation, NO_SERVICE_WORKER, orderUrl, ordersOf, waitForOfflineReady } from "./ordering-support";

let server: TestServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  token = await staffToken(server);
});
afterAll(async () => {
  await browser?.close();
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
    const table: Station = await createStation(server, token, 2, "Offline 1");
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
      expect(await file.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect(await file.locator("body").textContent()).toContain("User-agent");
      await file.close();

      // The restaurant's server is unreachable and the phone has lost its connection.
      await server.stop();
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { name: "Ordering for table Offline 1" }).waitFor();
      expect(await page.getByRole("button", { name: /^Nachos/ }).count()).toBe(1);
      const viewCart = page.getByRole("link", { name: /^View cart/ });
      expect(await viewCart.textContent()).toBe("View cart • $15.99");

      // Submitting offline: saved in the outbox, the diner is told it is waiting to be sent.
      await viewCart.click();
      await page.getByRole("button", { name: "Submit Order" }).click();
      await page.getByText("Waiting to send.").waitFor();
      const [key, ...more] = await outboxKeys(page);
      expect(more).toHaveLength(0);
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect(await page.getByRole("button", { name: /^Remove 1/ }).count()).toBe(0); // locked while queued

      // A retry while still offline changes nothing.
      await page.getByRole("button", { name: "Try now" }).click();
      await page.getByText("Waiting to send.").waitFor();
      expect(await outboxKeys(page)).toEqual([key]);

      // Back online: the `online` event sends it.
      const sentKeys: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/orders")) sentKeys.push(request.headers()["idempotency-key"]!);
      });
      await server.start();
      await context.setOffline(false);
      await page.getByText("Your order has been submitted.").waitFor({ timeout: 20_000 });
      expect(await outboxKeys(page)).toEqual([]);
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
    const table = await createStation(server, token, 1, "Fresh 4");
    const context = await browser.newContext({ ...PHONE, baseURL: server.url });
    const page = await context.newPage();
    const menu = (await (await fetch(`${server.url}/api/products_by_category?branch_id=1`)).json()) as Record<string, { id: number; name: string }[]>;
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
    const table = await createStation(server, token, 1, "Lossy 2");
    // page.route() must see every request, so no service worker in between here.
    const context = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const page = await context.newPage();
    const keys: string[] = [];
    let lost = 0;
    await page.route("**/api/orders", async (route) => {
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
    const table = await createStation(server, token, 1, "Later 3");
    const context = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
    try {
      const first = await context.newPage();
      await first.goto(orderUrl(table));
      await addItem(first, "Lumpia Shanghai");
      await first.getByRole("link", { name: /^View cart/ }).click();
      await context.setOffline(true);
      await first.getByRole("button", { name: "Submit Order" }).click();
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
      expect(await outboxKeys(again)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
