/**
 * The menu CSV round trip through the real API, on random menus (fast-check): upload a menu, and
 * the menu served and exported is that menu; export → import → export is byte-identical and keeps
 * every id (API.md "Menu": "Export then import of the same file leaves the menu exactly as it was").
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { CsvImportSummary, Menu } from "../../contract/schemas";
import { menuToCsv } from "../../api/menu/menu-csv";
import { call, csvForm, readMenu } from "../support/api-helpers";
import { RELIABILITY_LONG, propertySettings } from "../support/fast-check-settings";
import { menuArb, menuContent } from "../support/menu-arbitraries";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
});
afterAll(() => server.dispose());

const BRANCH = 2;

async function upload(csv: string) {
  const response = await call<CsvImportSummary>(server, "POST", `/api/products/upload_csv?branch_id=${BRANCH}`, {
    token,
    body: csvForm(csv),
  });
  expect(response.status, response.text.slice(0, 500)).toBe(200);
  return response.body;
}

async function exportCsv(): Promise<string> {
  const response = await call(server, "GET", `/api/products/export_csv?branch_id=${BRANCH}`, { token });
  expect(response.status).toBe(200);
  return response.text;
}

const ids = (menu: Menu) =>
  CATEGORY_KEYS.flatMap((key) =>
    menu[key].flatMap((p) => [p.id, ...Object.values(p.customizations).flatMap((g) => g.options.map((o) => o.id))]),
  );

it(
  "serves and exports exactly the uploaded menu, and re-importing the export changes nothing (bytes and ids)",
  async () => {
    await fc.assert(
      fc.asyncProperty(menuArb, async (generated) => {
        const file = menuToCsv(generated);
        await upload(file);
        const served = await readMenu(server, BRANCH);
        expect(menuContent(served)).toEqual(menuContent(generated));

        const exported = await exportCsv();
        expect(exported).toBe(file);

        const summary = await upload(exported);
        expect(summary.changes).toEqual({ added: [], updated: [], removed: [] });
        expect(await exportCsv()).toBe(exported);
        expect(ids(await readMenu(server, BRANCH))).toEqual(ids(served));
      }),
      propertySettings(30, 400),
    );
  },
  RELIABILITY_LONG ? 900_000 : 60_000,
);

it("keeps prototype-like names (__proto__, constructor, …) as plain names of products, groups and options", async () => {
  const names = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];
  const menu = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, []])) as unknown as Menu;
  let id = 1;
  menu.starter = names.map((name) => ({
    id: id++,
    name,
    description: name,
    price: "1.00",
    available: true,
    allergens: [],
    diet: [],
    prep_station: "kitchen",
    prep_minutes: 10,
    stock: null,
    customizations: Object.fromEntries(
      names.map((group) => [
        group,
        { exclusive: false, required: false, options: names.map((option) => ({ id: id++, name: option, price: "0.50" })) },
      ]),
    ),
  }));
  const file = menuToCsv(menu);
  await upload(file);
  expect(menuContent(await readMenu(server, BRANCH))).toEqual(menuContent(menu));
  expect(await exportCsv()).toBe(file);
});
