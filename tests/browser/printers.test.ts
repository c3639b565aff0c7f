/**
 * Printers on a landscape tablet: adding one on the Printers screen and seeing it online, the
 * offline alert on the kitchen board with its queue when the printer is off, the queue printing once
 * it is back (the alert goes), the board's Reprint button, a list that cannot be read, and deleting one.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable, Menu, Order, Printer } from "../../contract/schemas";
import { orderableAnyDay } from "../support/api-helpers";
import { TestPrinter } from "../support/test-printer";
import type { TestServer } from "../support/test-server";
import { focusedElement } from "./a11y-support";
import { axeViolations } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let printer: TestPrinter;

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet({
    server: { printing: { tickMs: 300, firstBackoffMs: 100, maxBackoffMs: 500, idleCheckMs: 1_000 } },
  }));
  printer = await TestPrinter.create();
});
afterAll(async () => {
  await closeTablet({ browser, server });
  await printer?.dispose();
});

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  staffCall(server, token, method, path, body, headers);

async function placeOrder(): Promise<Order> {
  const station = ((await api("GET", "/api/stations?branch_id=1")) as DiningTable[])[0]!;
  const menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
  return (await api(
    "POST",
    "/api/orders",
    { station_id: station.id, branch_id: 1, products: [{ id: orderableAnyDay(menu)[0]!.id, quantity: 1 }] },
    { "Idempotency-Key": randomUUID() },
  )) as Order;
}

describe("printers", () => {
  it("adds a printer on the screen and shows it online", async () => {
    await page.goto("/staff/printers");
    await page.getByRole("heading", { name: /^Printers · / }).waitFor();
    await page.getByRole("button", { name: "Add printer" }).click();
    const form = page.getByRole("form", { name: "New printer" });
    // The form checks the address before sending.
    await form.getByLabel("Name").fill("Grill");
    await form.getByLabel("Address").fill("http://printer");
    await form.getByRole("button", { name: "Add printer" }).click();
    await expect.poll(() => form.getByLabel("Address").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Address").fill(printer.host);
    await form.getByLabel("Port").fill(String(printer.port));
    await form.getByLabel("Prints for").selectOption("kitchen");
    await form.getByRole("button", { name: "Add printer" }).click();
    await form.waitFor({ state: "detached" });

    const row = page.getByRole("row", { name: /Grill/ });
    await expect.poll(() => row.getByRole("cell").nth(2).textContent(), { timeout: 10_000 }).toBe("Online");
    expect(await row.textContent()).toContain(`${printer.host}:${printer.port}`);
    const [saved] = (await api("GET", "/api/printers?branch_id=1")) as Printer[];
    expect(saved).toMatchObject({ name: "Grill", host: printer.host, port: printer.port, prep_station: "kitchen", status: "online" });
    await expect.poll(() => axeViolations(page)).toEqual([]);
  });

  it("shows the offline printer with its queue on the kitchen board, prints the ticket once when it is back, and reprints", async () => {
    await printer.stop();
    await page.goto("/kitchen");
    const order = await placeOrder();
    const alert = page.getByRole("alert").filter({ hasText: "Printer “Grill” (Kitchen) is offline" });
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain("1 ticket waiting");
    expect(printer.tickets).toEqual([]);

    await printer.start();
    await printer.waitForTickets(1);
    await alert.waitFor({ state: "detached", timeout: 15_000 });
    expect(printer.ticketsWith(`#${order.number}`)).toHaveLength(1);

    await page.getByRole("button", { name: `Reprint order ${order.number}` }).click();
    const [, reprint] = await printer.waitForTickets(2);
    expect(reprint!.text).toContain("REPRINT");
    expect(reprint!.text).toContain(`#${order.number}`);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Sent to the printer." }).count()).toBe(1);
  });

  it("shows a failed list load with a way to retry", async () => {
    let reachable = false;
    let reads = 0;
    await page.route("**/api/printers?branch_id=1", (route) => {
      reads++;
      return reachable ? route.continue() : route.abort("connectionrefused");
    });
    await page.goto("/staff/printers");
    const alert = page.getByRole("alert").filter({ hasText: "Can't reach the restaurant's server" });
    const tryAgain = alert.getByRole("button", { name: "Try again" });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByRole("status").filter({ hasText: "loading..." }).count()).toBe(0);

    // Still unreachable: Try again reads again, and says so again.
    const readsBefore = reads;
    await tryAgain.click();
    await expect.poll(() => reads).toBeGreaterThan(readsBefore);
    await expect.poll(() => alert.isVisible()).toBe(true);

    // Reachable: the list loads and the alert goes. The page also reads again by itself when its live
    // stream connects, which may get there before the tap does.
    reachable = true;
    const grill = page.getByRole("row", { name: /Grill/ });
    await expect
      .poll(async () => {
        if (await tryAgain.isVisible()) await tryAgain.click({ timeout: 1_000 }).catch(() => undefined);
        return grill.count();
      })
      .toBe(1);
    await expect.poll(() => alert.count()).toBe(0);
  });

  it("deletes a printer after confirming, and focus moves on to Add printer", async () => {
    const added = (await api("POST", "/api/printers", {
      name: "Spare",
      branch_id: 1,
      host: printer.host,
      port: printer.port,
      prep_station: "bar",
    })) as Printer;
    await page.goto("/staff/printers");
    await page.getByRole("button", { name: "Delete Spare" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete printer Spare?" });
    await dialog.getByRole("button", { name: "Delete printer" }).click();
    await page.getByRole("row", { name: /Spare/ }).waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Printer Spare deleted." }).waitFor();
    await expect.poll(() => focusedElement(page)).toBe("button: Add printer");
    expect(((await api("GET", "/api/printers?branch_id=1")) as Printer[]).some((p) => p.id === added.id)).toBe(false);
  });
});
