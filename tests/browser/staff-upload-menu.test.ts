/**
 * Menu CSV upload on a landscape tablet: no file ('File required.', on the right field), a bad file
 * (every bad line listed, menu unchanged), a good file (dry-run preview, then the real import), and the
 * current menu / template downloads.
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu } from "../../contract/schemas";
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

async function menu(branchId = 1): Promise<Menu> {
  const response = await fetch(`${server.url}/api/products_by_category?branch_id=${branchId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Menu;
}

async function exportCsv(branchId = 1): Promise<string> {
  const response = await fetch(`${server.url}/api/products/export_csv?branch_id=${branchId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

const names = (m: Menu) =>
  Object.values(m)
    .flat()
    .map((p) => `${p.name} ${p.price} ${p.available}`)
    .sort();

const fileInput = () => page.locator('input[type="file"][name="menu"]');
const chooseCsv = (content: string, name = "menu.csv") =>
  fileInput().setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content) });

describe("upload menu", () => {
  it("says 'File required.' on the file field when no file is chosen", async () => {
    await page.goto("/upload_menu");
    await page.getByRole("heading", { name: "Upload menu · Thornhill" }).waitFor();
    await page.getByRole("button", { name: "Check file" }).click();
    const message = page.getByText("File required.", { exact: true });
    await message.waitFor();
    await expect.poll(() => fileInput().getAttribute("aria-describedby")).toBe(await message.getAttribute("id"));
    await expect.poll(() => fileInput().getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => fileInput().evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByLabel("Menu file (CSV)").getAttribute("name")).toBe("menu");
  });

  it("lists every bad line with its number and changes nothing", async () => {
    const before = await menu();
    const header = "category,product,description,price,available,weekday,group,exclusive,required,option,option_price";
    const bad = [header, "starter,Good Nachos,,11.99,yes,,,,,,", "starter,Cheap Fries,,abc,yes,,,,,,", "dessert,Flan,,5.00,yes,,,,,,"].join(
      "\n",
    );

    await page.goto("/upload_menu");
    // Hold the upload a moment so the progress state is visible.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/products/upload_csv**", async (route) => {
      await held;
      await route.continue();
    });
    await chooseCsv(bad, "bad-menu.csv");
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByRole("status").filter({ hasText: "Checking the file" }).waitFor();
    release();

    const result = page.getByRole("region", { name: /problems? in the file — nothing was changed/ });
    await result.waitFor();
    const rows = result.getByRole("table").getByRole("row");
    const lines = () => rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelector("td")?.textContent));
    await expect.poll(lines).toEqual(expect.arrayContaining(["3", "4"]));
    await expect.poll(() => rows.filter({ hasText: "price" }).count()).toBeGreaterThan(0);
    await expect.poll(() => rows.filter({ hasText: "category" }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("button", { name: /Replace the .* menu/ }).count()).toBe(0);
    await page.unroute("**/api/products/upload_csv**");
    await expect.poll(() => axeViolations(page)).toEqual([]);

    expect(names(await menu())).toEqual(names(before));
  });

  it("previews a good file with a dry run, then imports it only when confirmed", async () => {
    const before = await menu();
    const rows = parse(await exportCsv(), { columns: true }) as Record<string, string>[];
    // Two products without options (one row each): one to change, one to remove.
    const plain = rows.filter((row) => row.group === "" && rows.filter((other) => other.product === row.product).length === 1);
    expect(plain.length).toBeGreaterThanOrEqual(2);
    const [changed, removed] = [plain[0]!, plain[1]!];
    const edited = rows.filter((row) => row !== removed).map((row) => (row === changed ? { ...row, price: "99.99" } : row));
    edited.push({
      ...Object.fromEntries(Object.keys(rows[0]!).map((column) => [column, ""])),
      category: "drink",
      product: "Calamansi Lemonade",
      description: "Fresh calamansi juice.",
      price: "4.25",
      available: "yes",
    });

    await page.goto("/upload_menu");
    await chooseCsv(stringify(edited, { header: true }), "new-menu.csv");
    await page.getByRole("button", { name: "Check file" }).click();
    const preview = page.getByRole("region", { name: "Preview: the file is valid" });
    await preview.waitFor();
    await preview.getByRole("region", { name: "Will be added" }).getByText("Calamansi Lemonade").waitFor();
    await preview.getByRole("region", { name: "Will change" }).getByText(changed.product!, { exact: true }).waitFor();
    await preview.getByRole("region", { name: "Will be removed" }).getByText(removed.product!, { exact: true }).waitFor();
    await preview.getByText("Nothing has been replaced yet.", { exact: false }).waitFor();
    await expect.poll(() => axeViolations(page)).toEqual([]);
    // The dry run changed nothing.
    expect(names(await menu())).toEqual(names(before));

    await preview.getByRole("button", { name: "Replace the Thornhill menu" }).click();
    const done = page.getByRole("region", { name: "Menu imported" });
    await done.waitFor();
    await done.getByRole("region", { name: "Added" }).getByText("Calamansi Lemonade").waitFor();

    const after = Object.values(await menu()).flat();
    expect(after.find((p) => p.name === "Calamansi Lemonade")?.price).toBe("4.25");
    expect(after.find((p) => p.name === changed.product)?.price).toBe("99.99");
    expect(after.some((p) => p.name === removed.product)).toBe(false);
    // Pickering's menu is another branch's business.
    expect(
      Object.values(await menu(2))
        .flat()
        .some((p) => p.name === "Calamansi Lemonade"),
    ).toBe(false);
  });

  it("downloads the current menu as CSV and the template", async () => {
    await page.goto("/upload_menu");
    const [menuDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download current Thornhill menu (CSV)" }).click(),
    ]);
    expect(menuDownload.suggestedFilename()).toMatch(/\.csv$/);
    expect(await readFile((await menuDownload.path())!, "utf8")).toBe(await exportCsv());

    const [template] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download template (CSV)" }).click(),
    ]);
    expect(template.suggestedFilename()).toBe("menu-template.csv");
    const text = await readFile((await template.path())!, "utf8");
    expect(text.split(/\r?\n/)[0]).toBe(
      "category,product,description,price,available,weekday,group,exclusive,required,option,option_price,allergens,diet,prep_station,prep_minutes,stock,name_fil,description_fil,name_zh,description_zh,happy_hour_price,group_fil,group_zh,option_fil,option_zh",
    );
  });
});
