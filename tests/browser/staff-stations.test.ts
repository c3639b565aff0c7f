/**
 * Stations on a landscape tablet: list, create (with defaults), edit (the body really is sent), delete
 * with confirmation, each station's QR code decoded from its pixels, the PNG download, the print sheet,
 * and the remembered branch.
 */
import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable } from "../../contract/schemas";
import { tableLabel } from "../../src/staff/lib/table-label";
import { focusedElement } from "./a11y-support";
import { axeViolations } from "./site-support";
import type { TestServer } from "../support/test-server";
import { closeTablet, openSignedInTablet } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet());
});
afterAll(() => closeTablet({ browser, server }));

async function apiStations(branchId = 1): Promise<DiningTable[]> {
  const response = await fetch(`${server.url}/api/stations?branch_id=${branchId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as DiningTable[];
}

const orderLink = (station: Pick<DiningTable, "id">) => `${server.url}/order?station_id=${station.id}`;

/** Decodes the QR code drawn in a canvas, from its pixels. */
async function decodeCanvas(canvas: ReturnType<Page["locator"]>): Promise<string | null> {
  const { width, height, base64 } = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    let binary = "";
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, base64: btoa(binary) };
  });
  const pixels = new Uint8ClampedArray(Buffer.from(base64, "base64"));
  return jsQR(pixels, width, height)?.data ?? null;
}

/** Decodes a PNG file's QR code by drawing it in the page. */
async function decodePng(png: Buffer): Promise<{ text: string | null; width: number }> {
  const { width, height, base64 } = await page.evaluate(
    async (dataUrl) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const c = document.createElement("canvas");
      c.width = image.naturalWidth;
      c.height = image.naturalHeight;
      const context2d = c.getContext("2d")!;
      context2d.drawImage(image, 0, 0);
      const data = context2d.getImageData(0, 0, c.width, c.height).data;
      let binary = "";
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { width: c.width, height: c.height, base64: btoa(binary) };
    },
    `data:image/png;base64,${png.toString("base64")}`,
  );
  return { text: jsQR(new Uint8ClampedArray(Buffer.from(base64, "base64")), width, height)?.data ?? null, width };
}

// Headed as the calls and kitchen screens name a table: "Table 4", "Patio 2".
const card = (codename: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: tableLabel(codename), exact: true }) });

describe("stations", () => {
  it("lists the branch's stations, each with a QR code that encodes its order link", async () => {
    await page.goto("/stations");
    await page.getByRole("heading", { name: "Stations · Thornhill" }).waitFor();
    const stations = await apiStations();
    expect(stations.length).toBeGreaterThan(0);
    await page.locator(".dining-table-card").first().waitFor();
    await expect.poll(() => page.locator(".dining-table-card").count()).toBe(stations.length);

    const first = stations[0]!;
    const figure = card(first.codename).locator("figure");
    await expect.poll(() => figure.getAttribute("data-qr-value")).toBe(orderLink(first));
    const canvas = figure.getByRole("img", { name: `QR code for ${first.codename}, opens ${orderLink(first)}` });
    await expect.poll(() => decodeCanvas(canvas)).toBe(orderLink(first));

    // A bare number reads as the table calls screen says it ("Table 1"), not "1".
    const numbered = stations.find((station) => /^\d+$/.test(station.codename))!;
    expect(await card(numbered.codename).getByRole("heading").textContent()).toBe(`Table ${numbered.codename}`);
  });

  it("creates (defaults, editable), edits (the update is really sent) and deletes with confirmation", async () => {
    await page.goto("/stations");
    await page.getByRole("button", { name: "New Station" }).click();
    const form = page.getByRole("form", { name: "New station" });
    const codename = form.getByLabel("Table name or number");
    const capacity = form.getByLabel("Capacity");
    await expect.poll(() => codename.inputValue()).toBe("4");
    await expect.poll(() => capacity.inputValue()).toBe("6");
    await expect.poll(() => axeViolations(page)).toEqual([]);

    // Client-side checks first.
    await codename.fill("   ");
    await capacity.fill("0");
    await form.getByRole("button", { name: "Create station" }).click();
    await form.getByText("Enter the table's name or number.").waitFor();
    await form.getByText("Capacity must be a whole number from 1 to 99.").waitFor();

    await codename.fill("Patio 9");
    await capacity.fill("5");
    await form.getByRole("button", { name: "Create station" }).click();
    await card("Patio 9").waitFor();
    const created = (await apiStations()).find((s) => s.codename === "Patio 9");
    expect(created).toMatchObject({ capacity: 5, branch_id: 1 });
    await expect.poll(() => decodeCanvas(card("Patio 9").locator("canvas"))).toBe(orderLink(created!));

    // Edit: codename and capacity reach the server.
    await card("Patio 9").getByRole("button", { name: "Edit Patio 9" }).click();
    const edit = page.getByRole("form", { name: "Edit Patio 9" });
    // Inside a narrow card the fields stack: nothing spills out of the card onto its neighbour.
    const fits = () =>
      edit.evaluate((form) => {
        const box = form.closest("li")!.getBoundingClientRect();
        return [...form.querySelectorAll("input, p, button")].every((el) => el.getBoundingClientRect().right <= box.right + 0.5);
      });
    await expect.poll(fits).toBe(true);
    await edit.getByLabel("Table name or number").fill("Patio 10");
    await edit.getByLabel("Capacity").fill("8");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await card("Patio 10").waitFor();
    expect((await apiStations()).find((s) => s.id === created!.id)).toMatchObject({ codename: "Patio 10", capacity: 8 });
    // Same id, so the printed QR code still works.
    await expect.poll(() => card("Patio 10").locator("figure").getAttribute("data-qr-value")).toBe(orderLink(created!));

    // A server refusal is shown, not swallowed.
    await page.route(`**/api/stations/${created!.id}`, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              error: {
                code: "invalid_body",
                message: "The request body is invalid.",
                details: [{ path: "codename", message: "codename is taken" }],
              },
            }),
          })
        : route.continue(),
    );
    await card("Patio 10").getByRole("button", { name: "Edit Patio 10" }).click();
    const refused = page.getByRole("form", { name: "Edit Patio 10" });
    await refused.getByRole("button", { name: "Save changes" }).click();
    await refused.getByText("codename is taken").waitFor();
    await refused.getByRole("alert").filter({ hasText: "The request body is invalid." }).waitFor();
    await refused.getByRole("button", { name: "Cancel" }).click();
    await page.unroute(`**/api/stations/${created!.id}`);

    // Delete asks first; "Keep it" keeps it.
    await card("Patio 10").getByRole("button", { name: "Delete Patio 10" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete station Patio 10?" });
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await apiStations()).some((s) => s.id === created!.id)).toBe(true);

    await card("Patio 10").getByRole("button", { name: "Delete Patio 10" }).click();
    await dialog.getByRole("button", { name: "Delete station" }).click();
    await card("Patio 10").waitFor({ state: "detached" });
    expect((await apiStations()).some((s) => s.id === created!.id)).toBe(false);
    // The button that asked is gone with its card: focus moves on to "New Station".
    await expect.poll(() => focusedElement(page)).toBe("button: New Station");
    expect(await page.getByRole("status").filter({ hasText: "Station Patio 10 deleted." }).count()).toBe(1);
  });

  it("says a station deleted on another tablet meanwhile was already deleted, and drops it", async () => {
    await page.goto("/stations");
    await page.getByRole("button", { name: "New Station" }).click();
    const form = page.getByRole("form", { name: "New station" });
    await form.getByLabel("Table name or number").fill("Patio 11");
    await form.getByRole("button", { name: "Create station" }).click();
    await card("Patio 11").getByRole("button", { name: "Delete Patio 11" }).click();
    const created = (await apiStations()).find((s) => s.codename === "Patio 11")!;
    const elsewhere = await fetch(`${server.url}/api/stations/${created.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(elsewhere.status).toBe(204);

    await page.getByRole("dialog", { name: "Delete station Patio 11?" }).getByRole("button", { name: "Delete station" }).click();
    await card("Patio 11").waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Station Patio 11 was already deleted." }).waitFor();
    await expect.poll(() => focusedElement(page)).toBe("button: New Station");
  });

  it("downloads a station's QR code as a PNG that scans", async () => {
    await page.goto("/stations");
    const station = (await apiStations())[0]!;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card(station.codename)
        .getByRole("button", { name: `Download QR (PNG) for ${station.codename}` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^table-.+-qr\.png$/);
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    const decoded = await decodePng(png);
    expect(decoded.text).toBe(orderLink(station));
    expect(decoded.width).toBeGreaterThanOrEqual(600);
  });

  it("prints one card per table with its name and a QR code at least 4 cm wide, and nothing else", async () => {
    await page.goto("/stations");
    const stations = await apiStations();
    await page.locator(".dining-table-card").first().waitFor();
    await expect.poll(() => page.locator(".qr-print-card").first().isVisible()).toBe(false);

    await page.emulateMedia({ media: "print" });
    try {
      const cards = page.locator(".qr-print-card");
      await expect.poll(() => cards.count()).toBe(stations.length);
      await expect.poll(() => page.locator("#root").isVisible()).toBe(false);
      // One card per station, each named as diners know the table ("4" → "Table 4", "Bar 1" stays).
      const label = (codename: string) => (/^\d+$/.test(codename) ? `Table ${codename}` : codename);
      await expect
        .poll(async () => (await cards.locator(".qr-print-card__name").allTextContents()).sort())
        .toEqual(stations.map((s) => label(s.codename)).sort());
      const fourCm = (4 / 2.54) * 96; // CSS px
      for (let index = 0; index < stations.length; index += 1) {
        const box = () => cards.nth(index).locator("svg").boundingBox();
        await expect.poll(async () => (await box())?.width).toBeGreaterThanOrEqual(fourCm);
        await expect.poll(async () => (await box())?.height).toBeGreaterThanOrEqual(fourCm);
      }
      await expect.poll(() => cards.first().isVisible()).toBe(true);
    } finally {
      await page.emulateMedia({ media: "screen" });
    }
  });

  it("switches branch and remembers it", async () => {
    await page.goto("/stations");
    await page.getByRole("group", { name: "Branch" }).getByLabel("Pickering").check();
    await page.getByRole("heading", { name: "Stations · Pickering" }).waitFor();
    const pickering = await apiStations(2);
    await card(pickering[0]!.codename).waitFor();
    await expect.poll(() => card(pickering[0]!.codename).locator("figure").getAttribute("data-qr-value")).toBe(orderLink(pickering[0]!));

    await page.reload();
    await page.getByRole("heading", { name: "Stations · Pickering" }).waitFor();
    await page.goto("/upload_menu");
    await page.getByRole("heading", { name: "Upload menu · Pickering" }).waitFor();
    await page.getByRole("group", { name: "Branch" }).getByLabel("Thornhill").check();
    await page.getByRole("heading", { name: "Upload menu · Thornhill" }).waitFor();
  });

  it("shows a failed list load with a way to retry", async () => {
    await page.route("**/api/stations?branch_id=1", (route) => route.abort("connectionrefused"), { times: 1 });
    await page.goto("/stations");
    const alert = page.getByRole("alert").filter({ hasText: "Can't reach the restaurant's server" });
    await expect.poll(() => alert.isVisible()).toBe(true);
    await expect.poll(() => page.locator(".dining-table-card").count()).toBe(0);

    await alert.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.locator(".dining-table-card").count()).toBeGreaterThan(0);
    await expect.poll(() => alert.count()).toBe(0);
  });
});
