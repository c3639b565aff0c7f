/**
 * The menu editor on a tablet: a manager changes a dish's price and Filipino name and a diner's open
 * menu on a phone shows both without reloading; adding a product and deleting one with the confirm;
 * dishes moved by dragging their handle (mouse, and a finger on the touch screen) and from the keyboard
 * stay where they were put after a reload;
 * an option group's and an option's Chinese names edited here reach a diner's phone reading Chinese.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable, Menu } from "../../contract/schemas";
import { PHONE } from "../support/browser";
import type { TestServer } from "../support/test-server";
import { focusedElement } from "./a11y-support";
import { orderUrl } from "./ordering-support";
import { NO_SERVICE_WORKER } from "./site-support";
import { closeTablet, openSignedInTablet, staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let phone: BrowserContext;

beforeAll(async () => {
  ({ server, browser, token, page } = await openSignedInTablet());
  phone = await browser.newContext({ ...PHONE, ...NO_SERVICE_WORKER, baseURL: server.url });
});
afterAll(() => closeTablet({ browser, server }));

const api = (method: string, path: string, body?: unknown) => staffCall(server, token, method, path, body);

describe("menu editor", () => {
  it("edits a price and a Filipino name, and a diner's open menu shows them live", async () => {
    const menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
    const dish = menu.main[0]!;
    const [table] = (await api("GET", "/api/stations?branch_id=1")) as DiningTable[];
    const diner = await phone.newPage();
    await diner.addInitScript(() => localStorage.setItem("language", "fil"));
    await diner.goto(orderUrl(table!));
    await diner.getByText(dish.translations!.fil!.name).first().waitFor();

    await page.goto("/staff/menu");
    await page.getByRole("heading", { name: /^Menu editor · / }).waitFor();
    await page.getByRole("button", { name: `Edit ${dish.name}` }).click();
    const form = page.getByRole("form", { name: `Edit ${dish.name}` });
    // Descriptions, in every language, are text boxes a few lines tall that show them whole.
    for (const label of ["Description", "Description in Filipino", "Description in Chinese"]) {
      const box = form.getByLabel(label, { exact: true });
      expect(await box.evaluate((element) => element.tagName)).toBe("TEXTAREA");
      expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(100);
    }
    // A mistake is shown on its field, in the CSV's words, and gets focus.
    await form.getByLabel("Price", { exact: true }).fill("12,5");
    await form.getByRole("button", { name: "Save product" }).click();
    const price = form.getByLabel("Price", { exact: true });
    await expect.poll(() => price.getAttribute("aria-invalid")).toBe("true");
    // The field is described by its error (the one FormField's markup), so it is read out with it.
    const describedBy = await price.getAttribute("aria-describedby");
    expect(await form.locator(`[id="${describedBy}"]`).textContent()).toContain('"12,5" is not a price like 13.99.');
    expect(await price.evaluate((element) => element === document.activeElement)).toBe(true);

    await form.getByLabel("Price", { exact: true }).fill("21.75");
    await form.getByLabel("Name in Filipino").fill("Bagong Ulam ng Bahay");
    await form.getByRole("button", { name: "Save product" }).click();
    await form.waitFor({ state: "detached" });

    await diner.getByText("Bagong Ulam ng Bahay").first().waitFor();
    await expect.poll(() => diner.locator("body").textContent()).toMatch(/21\.75/);
    await diner.close();
  });

  it("adds a product and deletes one after confirming", async () => {
    await page.goto("/staff/menu");
    await page.getByRole("button", { name: "Add product" }).click();
    const form = page.getByRole("form", { name: "New product" });
    await form.getByLabel("Name", { exact: true }).fill("Halo-Halo Float");
    await form.getByLabel("Price", { exact: true }).fill("8.50");
    await form.getByRole("button", { name: "Add product" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Edit Halo-Halo Float" }).waitFor();

    await page.getByRole("button", { name: "Delete Halo-Halo Float" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Halo-Halo Float?" });
    await dialog.getByRole("button", { name: "Delete product" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByRole("button", { name: "Edit Halo-Halo Float" }).count()).toBe(0);
    await expect.poll(() => focusedElement(page)).toBe("button: Add product");
    const menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
    expect(menu.main.some((p) => p.name === "Halo-Halo Float")).toBe(false);
  });

  it("finds a dish by name and folds a category away", async () => {
    await page.goto("/staff/menu");
    await page.getByRole("heading", { name: /^Menu editor · / }).waitFor();
    await page.getByLabel("Find a dish").fill("sisig");
    await expect.poll(() => page.locator(".menu-editor__item").count()).toBeGreaterThan(0);
    const names = await page.locator(".menu-editor__item .menu-editor__name").allTextContents();
    expect(names.every((name) => /sisig/i.test(name))).toBe(true);
    await page.getByLabel("Find a dish").fill("");
    const specials = page.getByRole("button", { name: /^\W*Specials$/ });
    expect(await specials.getAttribute("aria-expanded")).toBe("true");
    const before = await page.locator(".menu-editor__item").count();
    await specials.click();
    expect(await specials.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => page.locator(".menu-editor__item:visible").count()).toBeLessThan(before);
    await specials.click();
    await expect.poll(() => page.locator(".menu-editor__item:visible").count()).toBe(before);
  });

  it("moves a dish by dragging its handle and from the keyboard, saved: the order holds after a reload", async () => {
    const starters = async () => ((await api("GET", "/api/products_by_category?branch_id=1")) as Menu).starter;
    const before = await starters();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = before as [Menu["starter"][0], Menu["starter"][0], Menu["starter"][0]];
    const shownOrder = () => page.locator("#menu-editor-list-starter .menu-editor__name").allTextContents();
    const handle = (name: string) => page.getByRole("button", { name: `Move ${name}`, exact: true });

    await page.goto("/staff/menu");
    await handle(first.name).waitFor();
    // Dragged as a finger or a mouse would: pressed on the handle, moved down over the third dish, let go.
    await page.locator(`[data-product-id="${third.id}"]`).scrollIntoViewIfNeeded();
    const from = (await handle(first.name).boundingBox())!;
    const to = (await page.locator(`[data-product-id="${third.id}"]`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(
        from.x + from.width / 2,
        from.y + from.height / 2 + ((to.y + to.height / 2 - from.y - from.height / 2) * step) / 12,
      );
    }
    await page.mouse.up();
    const dragged = [second.id, third.id, first.id, ...before.slice(3).map((p) => p.id)];
    await expect.poll(async () => (await starters()).map((p) => p.id)).toEqual(dragged);
    await page.getByRole("status").getByText(`${first.name} moved to position 3 of ${before.length}.`).waitFor();

    await page.reload();
    await handle(first.name).waitFor();
    expect((await shownOrder()).slice(0, 3)).toEqual([second.name, third.name, first.name]);

    // From the keyboard: Space picks the dish up, the arrow keys move it, Space puts it down; each step is read out.
    await handle(first.name).focus();
    await page.keyboard.press("Space");
    await expect
      .poll(() => page.locator("[id^='DndLiveRegion']").textContent())
      .toBe(`Picked up ${first.name}, position 3 of ${before.length}.`);
    await page.keyboard.press("ArrowUp");
    await expect
      .poll(() => page.locator("[id^='DndLiveRegion']").textContent())
      .toBe(`${first.name} is at position 2 of ${before.length}.`);
    await page.keyboard.press("ArrowUp");
    await expect
      .poll(() => page.locator("[id^='DndLiveRegion']").textContent())
      .toBe(`${first.name} is at position 1 of ${before.length}.`);
    await page.keyboard.press("Space");
    await expect.poll(async () => (await starters()).map((p) => p.id)).toEqual(before.map((p) => p.id));
    await page.getByRole("status").getByText(`${first.name} moved to position 1 of ${before.length}.`).waitFor();
    await expect.poll(() => focusedElement(page)).toBe(`button: Move ${first.name}`);

    // The Down button moves it too, and focus stays on it.
    await page.getByRole("button", { name: `Down ${first.name}` }).click();
    await expect.poll(async () => (await starters()).map((p) => p.id).slice(0, 2)).toEqual([second.id, first.id]);
    await page.reload();
    await handle(first.name).waitFor();
    expect((await shownOrder()).slice(0, 2)).toEqual([second.name, first.name]);
  });

  it("moves a dish by dragging its handle with a finger, saved: the order holds after a reload", async () => {
    const starters = async () => ((await api("GET", "/api/products_by_category?branch_id=1")) as Menu).starter;
    const before = await starters();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = before as [Menu["starter"][0], Menu["starter"][0], Menu["starter"][0]];
    const handle = (name: string) => page.getByRole("button", { name: `Move ${name}`, exact: true });

    await page.goto("/staff/menu");
    await handle(third.name).waitFor();
    await page.locator(`[data-product-id="${third.id}"]`).scrollIntoViewIfNeeded();
    // The tablet's own touch input, not a mouse: what the browser makes of a finger (its pointer events,
    // and a scroll the page does not stop) is what the editor has to cope with.
    const pointerTypes = await page.evaluateHandle(() => {
      const seen: string[] = [];
      document.addEventListener("pointerdown", (event) => seen.push(event.pointerType), true);
      return seen;
    });
    const from = (await handle(third.name).boundingBox())!;
    const to = (await page.locator(`[data-product-id="${first.id}"]`).boundingBox())!;
    const x = from.x + from.width / 2;
    const [fromY, toY] = [from.y + from.height / 2, to.y + to.height / 2];
    const touch = await page.context().newCDPSession(page);
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: fromY }] });
    for (let step = 1; step <= 12; step++) {
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: fromY + ((toY - fromY) * step) / 12 }] });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await touch.detach();
    expect(await pointerTypes.evaluate((seen) => seen)).toEqual(["touch"]);

    const dragged = [third.id, first.id, second.id, ...before.slice(3).map((p) => p.id)];
    await expect.poll(async () => (await starters()).map((p) => p.id)).toEqual(dragged);
    await page.getByRole("status").getByText(`${third.name} moved to position 1 of ${before.length}.`).waitFor();

    await page.reload();
    await handle(third.name).waitFor();
    const shown = await page.locator("#menu-editor-list-starter .menu-editor__name").allTextContents();
    expect(shown.slice(0, 3)).toEqual([third.name, first.name, second.name]);
  });

  it("edits an option group's and an option's names in Chinese and Filipino; a diner reading Chinese sees them", async () => {
    const menu = (await api("GET", "/api/products_by_category?branch_id=1")) as Menu;
    const dish = Object.values(menu)
      .flat()
      .find((product) => !product.weekday && Object.keys(product.customizations).length > 0 && product.translations?.zh)!;
    const [groupName, group] = Object.entries(dish.customizations)[0]!;
    const option = group.options[0]!;
    const [table] = (await api("GET", "/api/stations?branch_id=1")) as DiningTable[];
    const diner = await phone.newPage();
    await diner.addInitScript(() => localStorage.setItem("language", "zh"));
    await diner.goto(orderUrl(table!));
    await diner.getByText(dish.translations!.zh!.name).first().waitFor();

    await page.goto("/staff/menu");
    await page.getByRole("button", { name: `Edit ${dish.name}` }).click();
    const form = page.getByRole("form", { name: `Edit ${dish.name}` });
    // The names the menu has now are in the form.
    expect(await form.getByLabel("Group name in Chinese").first().inputValue()).toBe(group.translations?.zh?.name ?? "");
    expect(await form.getByLabel("Option 1 name in Chinese").first().inputValue()).toBe(option.translations?.zh?.name ?? "");
    await form.getByLabel("Group name in Chinese").first().fill("主厨之选");
    await form.getByLabel("Option 1 name in Chinese").first().fill("招牌特制");
    await form.getByLabel("Option 1 name in Filipino").first().fill("Espesyal ng Bahay");
    await form.getByRole("button", { name: "Save product" }).click();
    await form.waitFor({ state: "detached" });

    const saved = Object.values((await api("GET", "/api/products_by_category?branch_id=1")) as Menu)
      .flat()
      .find((p) => p.id === dish.id)!;
    expect(saved.customizations[groupName]!.translations?.zh).toEqual({ name: "主厨之选" });
    expect(saved.customizations[groupName]!.options[0]!.translations).toEqual({
      ...option.translations,
      fil: { name: "Espesyal ng Bahay" },
      zh: { name: "招牌特制" },
    });

    // On the phone, open before the change: the dish's panel names the group and the option in Chinese.
    await diner
      .getByRole("button", { name: new RegExp(`^${dish.translations!.zh!.name}`) })
      .first()
      .click();
    const panel = diner.getByRole("dialog", { name: dish.translations!.zh!.name });
    await expect.poll(() => panel.textContent()).toContain("主厨之选");
    await expect.poll(() => panel.textContent()).toContain("招牌特制");
    await diner.close();

    // Emptied in the form, a name is removed (the diner reads the English one again).
    await page.getByRole("button", { name: `Edit ${dish.name}` }).click();
    await form.getByLabel("Option 1 name in Filipino").first().fill("");
    await form.getByRole("button", { name: "Save product" }).click();
    await form.waitFor({ state: "detached" });
    const cleared = Object.values((await api("GET", "/api/products_by_category?branch_id=1")) as Menu)
      .flat()
      .find((p) => p.id === dish.id)!;
    expect(cleared.customizations[groupName]!.options[0]!.translations?.fil).toBeUndefined();
  });
});
