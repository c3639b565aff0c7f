/**
 * Dish photos end to end (docs/decisions/0025-dish-photos.md): a manager picks a photo in the menu
 * editor on the tablet, sees it previewed, and it is sent only when the dish is saved (Cancel leaves
 * the server's photo as it was); a diner's phone, its order screen already open, shows it at once in
 * the menu and the dish's panel; the phone, offline and reloaded, still shows it from its service
 * worker; removing the photo (on Save) takes it off the phone's menu. The photo control refuses a
 * wrong or too large file before sending it, passes axe, reflows at 320 CSS px and stays usable at
 * 200 % zoom.
 */
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable, Menu, Product } from "../../contract/schemas";
import { productNamed } from "../support/api-helpers";
import { PHONE } from "../support/browser";
import { sidewaysScroll, smallTargets, unreachableControls } from "./a11y-support";
import { createDiningTable, escapeRegExp, orderUrl, waitForOfflineReady } from "./ordering-support";
import { axeViolations } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall, type SignedInTablet } from "./staff-support";

const FIXTURE = fileURLToPath(new URL("../fixtures/dish-photo.jpg", import.meta.url));

let tablet: SignedInTablet;
let phone: BrowserContext;
let table: DiningTable;
let dish: Product;

beforeAll(async () => {
  tablet = await openSignedInTablet();
  // The phone keeps its service worker: it is what shows the photo offline.
  phone = await tablet.browser.newContext({ ...PHONE, baseURL: tablet.server.url });
  table = await createDiningTable(tablet.server, tablet.token, 1, "Photo 1");
  // An any-day starter near the top of the menu, so its lazy thumbnail loads without scrolling far.
  dish = productNamed(
    (await staffCall(tablet.server, tablet.token, "GET", "/api/products_by_category?branch_id=1")) as Menu,
    "Lumpia Shanghai",
  );
});
afterAll(() => closeTablet(tablet));

/** The dish's thumbnail on the phone's menu. */
const thumbnail = (page: Page) => page.getByRole("button", { name: new RegExp(`^${escapeRegExp(dish.name)}\\b`) }).locator("img");

/** The image has arrived and been decoded (from the network or the service worker). */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

/** The product form's photo field. */
const photoField = (form: Locator) => form.getByLabel("Photo of the dish", { exact: true });

/** The dish as the server has it now. */
const currentDish = async () =>
  productNamed((await staffCall(tablet.server, tablet.token, "GET", "/api/products_by_category?branch_id=1")) as Menu, dish.name);

/** A small photo unlike the fixture (so it is stored as another image). */
const redPng = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();

/** The menu editor's form for the dish, open on the tablet. */
async function openEditor(page: Page): Promise<Locator> {
  await page.goto("/staff/menu");
  await page.getByRole("button", { name: `Edit ${dish.name}` }).click();
  const form = page.getByRole("form", { name: `Edit ${dish.name}` });
  await form.waitFor();
  return form;
}

describe("dish photos", () => {
  it("an uploaded photo shows on an open phone at once, stays when offline, and leaves when removed", async () => {
    const diner = await phone.newPage();
    const firstStream = diner.waitForResponse((response) => /\/events(\?|$)/.test(response.url()) && response.status() === 200);
    await diner.goto(orderUrl(table));
    await firstStream;
    await diner.getByRole("heading", { name: "Ordering for table Photo 1" }).waitFor();
    await waitForOfflineReady(diner, table);
    expect(await thumbnail(diner).count()).toBe(0);
    // Set on this page only: still there after the photo arrives, so the phone did not reload.
    await diner.evaluate(() => Object.assign(window, { beforeThePhoto: true }));

    // Picked and previewed, not sent: Cancel leaves the dish without a photo.
    const uploads: string[] = [];
    tablet.page.on("request", (request) => {
      if (/\/photo$/.test(request.url())) uploads.push(request.method());
    });
    let form = await openEditor(tablet.page);
    await photoField(form).setInputFiles(FIXTURE);
    const picked = form.getByRole("img", { name: `New photo of ${dish.name}, not saved yet` });
    await expect.poll(() => loaded(picked)).toBe(true);
    expect(await picked.getAttribute("src")).toMatch(/^blob:/);
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "detached" });
    expect(uploads).toEqual([]);
    expect((await currentDish()).photo).toBeNull();

    // Picked again and saved with the dish.
    form = await openEditor(tablet.page);
    await photoField(form).setInputFiles(FIXTURE);
    await form.getByRole("button", { name: "Save product" }).click();
    await form.waitFor({ state: "detached", timeout: 20_000 });
    expect(uploads).toEqual(["POST"]);
    const firstPhoto = (await currentDish()).photo!;
    expect(firstPhoto.url).toMatch(/^\/api\/photos\/[0-9a-f]{32}$/);
    form = await openEditor(tablet.page);
    const preview = form.getByRole("img", { name: `Current photo of ${dish.name}` });
    await expect.poll(() => loaded(preview)).toBe(true);

    // Live on the phone: a sized, lazy thumbnail from the srcset, decorative beside the dish's name.
    const image = thumbnail(diner);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => loaded(image), { timeout: 10_000 }).toBe(true);
    expect(await diner.evaluate(() => "beforeThePhoto" in window)).toBe(true);
    expect(
      await image.evaluate((element: HTMLImageElement) => ({
        alt: element.alt,
        loading: element.loading,
        decoding: element.decoding,
        sizes: element.sizes,
        srcset: /^\/api\/photos\/[0-9a-f]{32} 240w, .+ 480w, .+ 720w$/.test(element.getAttribute("srcset") ?? ""),
        currentSrc: /\/api\/photos\/[0-9a-f]{32}$/.test(element.currentSrc),
        box: [element.getBoundingClientRect().width, element.getBoundingClientRect().height],
      })),
    ).toEqual({ alt: "", loading: "lazy", decoding: "async", sizes: "88px", srcset: true, currentSrc: true, box: [88, 88] });

    // In the dish's panel too: its width and height give the box the photo's proportions (3:4) before
    // it loads, at most 40 % of the screen's height.
    await diner.getByRole("button", { name: new RegExp(`^${escapeRegExp(dish.name)}\\b`) }).click();
    const panel = diner.getByRole("dialog", { name: dish.name });
    const large = panel.locator("img");
    await expect.poll(() => loaded(large)).toBe(true);
    expect([await large.getAttribute("width"), await large.getAttribute("height"), await large.getAttribute("alt")]).toEqual([
      "480",
      "640",
      "",
    ]);
    const { width, height } = (await large.boundingBox())!;
    expect(height).toBeCloseTo(Math.min((width * 4) / 3, 0.4 * 844), 0);
    await panel.getByRole("button", { name: "Close" }).click();
    await panel.waitFor({ state: "hidden" });

    // The worker has the menu with the photo, and the photo itself.
    await expect
      .poll(
        () =>
          diner.evaluate(
            async ({ branchId, productId }) => {
              const menu = (await (await caches.match(`/api/products_by_category?branch_id=${branchId}`))?.json()) as Menu | undefined;
              const cached = Object.values(menu ?? {})
                .flat()
                .find((product) => product.id === productId);
              return { menuHasThePhoto: Boolean(cached?.photo), photosKept: (await (await caches.open("dish-photos")).keys()).length > 0 };
            },
            { branchId: table.branch_id, productId: dish.id },
          ),
        { timeout: 10_000 },
      )
      .toEqual({ menuHasThePhoto: true, photosKept: true });

    // Offline, reloaded: the menu and its photo come from the service worker.
    await phone.setOffline(true);
    try {
      await diner.reload();
      await diner.getByRole("heading", { name: "Ordering for table Photo 1" }).waitFor();
      await thumbnail(diner).scrollIntoViewIfNeeded();
      await expect.poll(() => loaded(thumbnail(diner)), { timeout: 10_000 }).toBe(true);
    } finally {
      await phone.setOffline(false);
    }

    // Back online and read afresh (a stream that failed while offline reconnects only after its
    // backoff); once its live stream is open, the photo is removed in the editor: gone from the
    // phone's menu, live.
    const streamOpen = diner.waitForResponse((response) => /\/events(\?|$)/.test(response.url()) && response.status() === 200);
    await diner.reload();
    await streamOpen;
    await expect.poll(() => thumbnail(diner).count()).toBe(1);

    // Another photo picked, then Cancel: the server still has and serves the first one.
    await photoField(form).setInputFiles({ name: "red.png", mimeType: "image/png", buffer: await redPng() });
    await form.getByRole("img", { name: `New photo of ${dish.name}, not saved yet` }).waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "detached" });
    expect((await currentDish()).photo?.url).toBe(firstPhoto.url);
    expect((await tablet.page.request.get(`${tablet.server.url}${firstPhoto.url}`)).status()).toBe(200);

    // Picked and saved: the dish's photo changes.
    form = await openEditor(tablet.page);
    await photoField(form).setInputFiles({ name: "red.png", mimeType: "image/png", buffer: await redPng() });
    await form.getByRole("button", { name: "Save product" }).click();
    await form.waitFor({ state: "detached", timeout: 20_000 });
    const secondPhoto = (await currentDish()).photo!;
    expect(secondPhoto.url).not.toBe(firstPhoto.url);

    // Removed on Save: gone from the phone's menu, live.
    form = await openEditor(tablet.page);
    await form.getByRole("button", { name: "Remove photo" }).click();
    await form.getByText("The photo is removed when you save the dish.").waitFor();
    await form.getByRole("button", { name: "Save product" }).click();
    await form.waitFor({ state: "detached" });
    expect((await currentDish()).photo).toBeNull();
    await expect.poll(() => thumbnail(diner).count(), { timeout: 10_000 }).toBe(0);
    await diner.close();
  });

  it("the photo control says why a file is refused, passes axe, reflows at 320 px and works at 200 % zoom", async () => {
    const { page } = tablet;
    const form = await openEditor(page);
    const field = photoField(form);
    expect(await field.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp");
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (/\/photo$/.test(request.url())) uploads.push(request.method());
    });
    // Refused on the tablet, before anything is sent: not an image type, or too large.
    await field.setInputFiles({ name: "menu.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await form.getByText("This file is not a JPEG, PNG or WebP image; choose a photo in one of those.").waitFor();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    await field.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await form.getByText("This file is too large; a photo may be at most 10 MB.").waitFor();
    expect(await form.getByRole("img", { name: /not saved yet/ }).count()).toBe(0);
    expect(uploads).toEqual([]);

    // A file that only looks like a photo: the server refuses it on Save, and says why on the field.
    await field.setInputFiles({ name: "not-a-photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("plain text, not a photo") });
    await form.getByRole("button", { name: "Save product" }).click();
    const message = form.getByText(/is saved, but not its new photo: The file is not a JPEG, PNG or WebP image/);
    await message.waitFor();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.getAttribute("aria-describedby")).toBe(await message.getAttribute("id"));
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(uploads).toEqual(["POST"]);
    await expect.poll(() => axeViolations(page)).toEqual([]);

    for (const [width, height] of [
      [320, 640], // a small phone, or 400 % zoom
      [590, 410], // the tablet at 200 % zoom
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect.poll(() => sidewaysScroll(page), { message: `${width} px` }).toBe(0);
      expect(await unreachableControls(page, ".menu-editor__photo-control")).toEqual([]);
      expect((await smallTargets(page)).filter((target) => /photo/i.test(target))).toEqual([]);
    }
  });
});
