/** Menu CSV export and upload (API.md "Menu", docs/menu-csv-format.md): round trip, dry run, validation. */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { CsvImportSummary, Menu, Order } from "../../contract/schemas";
import {
  EVIL_ORIGIN,
  call,
  csvForm,
  expectApiError,
  expiredToken,
  productNamed,
  readMenu,
  readStations,
  revokedToken,
  type ApiResponse,
} from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

/** The columns every file has; the files below leave out the menu data columns, as older files do. */
const HEADER = "category,product,description,price,available,weekday,group,exclusive,required,option,option_price";
const MENU_DATA_COLUMNS =
  "allergens,diet,prep_station,prep_minutes,stock,name_fil,description_fil,name_zh,description_zh,happy_hour_price,group_fil,group_zh,option_fil,option_zh";

let server: TestServer;
let token: string;
/** Branch 1's menu as first exported: tests that change the menu put it back with this file. */
let originalCsv: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  originalCsv = (await exportCsv(1)).text;
});
afterAll(() => server.dispose());

async function exportCsv(branchId: number): Promise<ApiResponse> {
  const response = await call(server, "GET", `/api/products/export_csv?branch_id=${branchId}`, { token });
  expect(response.status).toBe(200);
  return response;
}

const upload = (branchId: number | string, form: FormData | undefined, query = "", options: Parameters<typeof call>[3] = { token }) =>
  call<CsvImportSummary>(server, "POST", `/api/products/upload_csv?branch_id=${branchId}${query}`, { body: form, ...options });

/** The menu as JSON text plus its ETag: equal snapshots mean nothing changed at all. */
async function snapshot(branchId: number) {
  const response = await call(server, "GET", `/api/products_by_category?branch_id=${branchId}`);
  return { text: response.text, etag: response.headers.get("etag") };
}

function counts(menu: Menu) {
  const products = CATEGORY_KEYS.flatMap((k) => menu[k]);
  const groups = products.flatMap((p) => Object.values(p.customizations));
  return { products: products.length, groups: groups.length, options: groups.reduce((n, g) => n + g.options.length, 0) };
}

/** name → id for every product, and "product/group/option" → id for every option. */
function idsOf(menu: Menu): Map<string, number> {
  const ids = new Map<string, number>();
  for (const key of CATEGORY_KEYS) {
    for (const product of menu[key]) {
      ids.set(`${key}/${product.name}`, product.id);
      for (const [group, { options }] of Object.entries(product.customizations)) {
        for (const option of options) ids.set(`${key}/${product.name}/${group}/${option.name}`, option.id);
      }
    }
  }
  return ids;
}

const rows = (csv: string) => parse(csv, { columns: true, bom: true }) as Record<string, string>[];

async function restoreBranch1() {
  expect((await upload(1, csvForm(originalCsv))).status).toBe(200);
}

describe("GET /api/products/export_csv", () => {
  it("downloads the branch's menu as text/csv in the upload format", async () => {
    const response = await exportCsv(1);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="menu-branch-1.csv"');
    expect(response.text.split("\r\n")[0]).toBe(`${HEADER},${MENU_DATA_COLUMNS}`);

    const menu = await readMenu(server, 1);
    const records = rows(response.text);
    expect(records.filter((r) => r.group === "").length).toBe(counts(menu).products);
    expect(records.filter((r) => r.group !== "").length).toBe(counts(menu).options);
    expect(records).toContainEqual({
      category: "burger",
      product: "Limitless Mega Burger",
      description: "Served with fries or coleslaw; onion rings instead +2.00.",
      price: "13.99",
      available: "yes",
      weekday: "",
      group: "",
      exclusive: "",
      required: "",
      option: "",
      option_price: "",
      allergens: "sesame;milk;eggs;wheat;mustard",
      diet: "",
      prep_station: "kitchen",
      prep_minutes: "15",
      stock: "",
      name_fil: "Limitless Mega Burger",
      description_fil: "May kasamang fries o coleslaw; onion rings kapalit, +2.00.",
      name_zh: "Limitless 超级汉堡",
      description_zh: "配薯条或凉拌卷心菜；换洋葱圈加2.00。",
      happy_hour_price: "",
      group_fil: "",
      group_zh: "",
      option_fil: "",
      option_zh: "",
    });
    expect(records).toContainEqual(
      expect.objectContaining({
        category: "burger",
        product: "Limitless Mega Burger",
        group: "Side",
        exclusive: "yes",
        required: "yes",
        option: "Onion Rings",
        option_price: "2.00",
        group_fil: "Kasama",
        group_zh: "配菜",
        option_fil: "Pritong sibuyas",
        option_zh: "洋葱圈",
        name_fil: "",
      }),
    );
    expect(records).toContainEqual(expect.objectContaining({ category: "special", product: "Monday Wings", weekday: "1" }));
  });

  it("answers 400 / 404 for a missing, invalid or unknown branch", async () => {
    expectApiError(await call(server, "GET", "/api/products/export_csv", { token }), 400, "invalid_query");
    expectApiError(await call(server, "GET", "/api/products/export_csv?branch_id=x", { token }), 400, "invalid_query");
    expectApiError(await call(server, "GET", "/api/products/export_csv?branch_id=3", { token }), 404, "unknown_branch");
  });

  it("answers 401 without a valid session", async () => {
    for (const auth of [{}, { token: await expiredToken(server) }, { token: await revokedToken(server) }]) {
      const response = await call(server, "GET", "/api/products/export_csv?branch_id=1", auth);
      expectApiError(response, 401, "unauthenticated");
      expect(response.text).not.toContain("Limitless Mega Burger");
    }
  });
});

describe("POST /api/products/upload_csv", () => {
  beforeEach(restoreBranch1);

  it("export → import of the same file leaves the menu exactly as it was (same ids, same ETag)", async () => {
    // Include a sold-out product, so `available: no` makes the round trip too.
    const poutine = productNamed(await readMenu(server, 1), "Poutine");
    expect((await call(server, "PATCH", `/api/products/${poutine.id}`, { token, json: { available: false } })).status).toBe(200);

    const before = await snapshot(1);
    const menu = JSON.parse(before.text) as Menu;
    const csv = (await exportCsv(1)).text;
    expect(csv).toContain('fries,Poutine,"Fries, cheese curds, gravy.",9.99,no');

    const response = await upload(1, csvForm(csv));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ imported: counts(menu), dry_run: false, changes: { added: [], updated: [], removed: [] } });
    expect(await snapshot(1)).toEqual(before);
    expect(await readMenu(server, 1)).toEqual(menu);
  });

  it("accepts the file in the field `menu` too", async () => {
    const before = await snapshot(1);
    const response = await upload(1, csvForm(originalCsv, "menu"));
    expect(response.status).toBe(200);
    expect(response.body.imported.products).toBe(counts(JSON.parse(before.text) as Menu).products);
    expect(await snapshot(1)).toEqual(before);
  });

  it("dry_run=1 reports the changes and changes nothing; the real import then makes exactly those changes", async () => {
    const before = await snapshot(1);
    const oldIds = idsOf(JSON.parse(before.text) as Menu);
    const edited = originalCsv
      .replace(
        'main,Sisig,"Sizzling chopped pork with onion, chili and calamansi.",12.99',
        'main,Sisig,"Sizzling chopped pork with onion, chili and calamansi.",13.49',
      )
      .replace(/^main,Garlic Rice,.*\r\n/m, "")
      .concat("drink,Calamansi Juice,Fresh and cold.,3.50,yes,,,,,,,,,,,,,,,,,,,,\r\n");
    expect(edited).not.toBe(originalCsv);
    const expected = { added: ["Calamansi Juice"], updated: ["Sisig"], removed: ["Garlic Rice"] };

    for (const flag of ["&dry_run=1", "&dry_run=true"]) {
      const dry = await upload(1, csvForm(edited), flag);
      expect(dry.status).toBe(200);
      expect(dry.body.dry_run).toBe(true);
      expect(dry.body.changes).toEqual(expected);
      expect(await snapshot(1)).toEqual(before);
    }

    const real = await upload(1, csvForm(edited));
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ dry_run: false, changes: expected });
    const after = await readMenu(server, 1);
    expect(productNamed(after, "Sisig")).toMatchObject({ id: oldIds.get("main/Sisig"), price: "13.49" });
    expect(() => productNamed(after, "Garlic Rice")).toThrow();
    expect([...oldIds.values()]).not.toContain(productNamed(after, "Calamansi Juice").id);
    expect(after.drink.at(-1)?.name).toBe("Calamansi Juice"); // file order is menu order
  });

  it("takes an option's and a group's new names in Chinese as a change of that product, keeping its ids", async () => {
    const before = await readMenu(server, 1);
    const edited = originalCsv
      .replaceAll(
        "Side,yes,yes,Onion Rings,2.00,,,,,,,,,,,Kasama,配菜,Pritong sibuyas,洋葱圈",
        "Side,yes,yes,Onion Rings,2.00,,,,,,,,,,,Kasama,配菜,Pritong sibuyas,炸洋葱圈",
      )
      .replace(/^(burger,Chicken Burger,,,,,Side,yes,yes,[^,]+,[^,]+,,,,,,,,,,,Kasama,)配菜,/gm, "$1小菜,");
    const answer = await upload(1, csvForm(edited));
    expect(answer.body.changes).toEqual({
      added: [],
      updated: [
        "Limitless Mega Burger",
        "Pork Belly sandwich",
        "Chorizo (Longanisa) Burger",
        "Chicken Burger",
        "Classic Crispy Chicken Burger",
      ],
      removed: [],
    });
    const after = await readMenu(server, 1);
    const side = productNamed(after, "Chicken Burger").customizations.Side!;
    expect(side.translations).toEqual({ fil: { name: "Kasama" }, zh: { name: "小菜" } });
    expect(side.options.map((o) => [o.translations?.zh?.name, o.id])).toEqual(
      productNamed(before, "Chicken Burger").customizations.Side!.options.map((o) => [
        o.name === "Onion Rings" ? "炸洋葱圈" : o.translations?.zh?.name,
        o.id,
      ]),
    );
    await restoreBranch1();
  });

  it("refuses a dry_run value it cannot read as yes or no with 400, importing nothing (never a real import by mistake)", async () => {
    const before = await snapshot(1);
    const edited = originalCsv.replace(/^main,Garlic Rice,.*\r\n/m, "");
    for (const flag of ["&dry_run=yes", "&dry_run=on", "&dry_run=", "&dry_run=2"]) {
      const error = expectApiError(await upload(1, csvForm(edited), flag), 400, "invalid_query");
      expect(error.details).toEqual([{ path: "dry_run", message: "dry_run must be 1 or 0" }]);
      expect(await snapshot(1)).toEqual(before);
    }
    const real = await upload(1, csvForm(originalCsv), "&dry_run=0");
    expect(real.body).toMatchObject({ dry_run: false, changes: { added: [], updated: [], removed: [] } });
  });

  it("keeps every unchanged item's id (products and options) when another item is renamed and one removed", async () => {
    const oldIds = idsOf(await readMenu(server, 1));
    const edited = originalCsv.replace(/^seafood,Fish Balls,/m, "seafood,Fish Balls (6 pcs),").replace(/^drink,Red Horse,.*\r\n/m, "");
    const response = await upload(1, csvForm(edited));
    expect(response.status).toBe(200);
    expect(response.body.changes).toEqual({
      added: ["Fish Balls (6 pcs)"],
      updated: [],
      removed: expect.arrayContaining(["Fish Balls", "Red Horse"]),
    });
    expect(response.body.changes?.removed).toHaveLength(2);

    const newIds = idsOf(await readMenu(server, 1));
    for (const [key, id] of oldIds) {
      if (key === "seafood/Fish Balls" || key === "drink/Red Horse") expect(newIds.has(key)).toBe(false);
      else expect(newIds.get(key), key).toBe(id);
    }
    expect([...oldIds.values()]).not.toContain(newIds.get("seafood/Fish Balls (6 pcs)"));
  });

  it("reports a product moved to another place as updated, and not the products it passed", async () => {
    const garlicRice = originalCsv.match(/^main,Garlic Rice,.*\r\n/m)![0];
    // Garlic Rice is the first main; put it last among the mains.
    const moved = originalCsv.replace(garlicRice, "").replace(/^(drink,Domestic Beer,)/m, `${garlicRice}$1`);
    const response = await upload(1, csvForm(moved), "&dry_run=1");
    expect(response.status).toBe(200);
    expect(response.body.changes).toEqual({ added: [], updated: ["Garlic Rice"], removed: [] });

    // Into another category it is another product: a new one is added and the old one removed.
    const recategorised = originalCsv
      .replace(garlicRice, "")
      .replace(/^(drink,Domestic Beer,)/m, `${garlicRice.replace("main,", "drink,")}$1`);
    const other = await upload(1, csvForm(recategorised), "&dry_run=1");
    expect(other.body.changes).toEqual({ added: ["Garlic Rice"], updated: [], removed: ["Garlic Rice"] });
  });

  it("reports every bad row with its line number and column, and imports nothing", async () => {
    const before = await snapshot(1);
    const csv = [
      HEADER,
      "dessert,Halo-Halo,,5.00,yes,,,,,,", // 2: unknown category
      "starter,Lumpia Shanghai,,5.4x,yes,,,,,,", // 3: bad price
      "special,Monday Wings,,10.00,yes,9,,,,,", // 4: weekday out of range
      "starter,Tacos,,9.99,maybe,,,,,,", // 5: bad yes/no
      "drink,Water,,1.00,yes,,,,,,", // 6: fine
      "starter,Ghost,,,,,Side,yes,yes,Fries,0.00", // 7: option of a product that has no row
      "burger,,,13.99,yes,,,,,,", // 8: no product name
      "drink,Water,,1.50,yes,,,,,,", // 9: duplicate product
      "drink,Cola,,2.00,yes,3,,,,,", // 10: weekday on a non-special
      "drink,Water,,,,,Size,yes,maybe,Large,1.00", // 11: bad required
    ].join("\r\n");
    const response = await upload(1, csvForm(csv));
    const error = expectApiError(response, 400, "invalid_csv");
    expect(error.details?.map(({ line, column }) => ({ line, column }))).toEqual([
      { line: 2, column: "category" },
      { line: 3, column: "price" },
      { line: 4, column: "weekday" },
      { line: 5, column: "available" },
      { line: 7, column: "product" },
      { line: 8, column: "product" },
      { line: 9, column: "product" },
      { line: 10, column: "weekday" },
      { line: 11, column: "required" },
    ]);
    expect(error.message).toMatch(/9 problem/);
    expect(await snapshot(1)).toEqual(before);

    // A dry run reports the same problems.
    const dry = await upload(1, csvForm(csv), "&dry_run=1");
    expect(expectApiError(dry, 400, "invalid_csv").details).toEqual(error.details);
  });

  it("keeps a description with line breaks, quotes and commas through the round trip, and counts lines right after it", async () => {
    const description = 'Two lines:\n"house" sauce, extra crispy.';
    const csv = [
      HEADER,
      `starter,Crispy Pata,"${description.replace(/"/g, '""')}",24.99,yes,,,,,,`,
      "starter,Kwek Kwek,,5.x,yes,,,,,,",
    ].join("\r\n");
    // The quoted cell spans lines 2–3, so the bad price is on line 4 of the file.
    const error = expectApiError(await upload(2, csvForm(csv)), 400, "invalid_csv");
    expect(error.details).toEqual([expect.objectContaining({ line: 4, column: "price" })]);

    expect((await upload(2, csvForm(csv.replace("5.x", "5.99")))).status).toBe(200);
    const menu = await readMenu(server, 2);
    expect(productNamed(menu, "Crispy Pata").description).toBe(description);
    const before = await snapshot(2);
    expect((await upload(2, csvForm((await exportCsv(2)).text))).body.changes).toEqual({ added: [], updated: [], removed: [] });
    expect(await snapshot(2)).toEqual(before);
  });

  it.each([
    ["a missing column", HEADER.replace(",option_price", ""), /missing column\(s\): option_price/],
    ["an unknown column", `${HEADER},colour`, /unknown column\(s\): colour/],
    ["a data row where the header should be", "drink,Water,,1.00,yes,,,,,,", /missing column/],
  ])("reports %s on line 1 and imports nothing", async (_name, header, message) => {
    const before = await snapshot(1);
    const error = expectApiError(await upload(1, csvForm(`${header}\r\ndrink,Water,,1.00,yes,,,,,,\r\n`)), 400, "invalid_csv");
    expect(error.details).toEqual([{ line: 1, column: "(header)", message: expect.stringMatching(message) }]);
    expect(await snapshot(1)).toEqual(before);
  });

  it("reads the columns in any order and any case, and a byte-order mark", async () => {
    const csv =
      "\uFEFFPRODUCT,Category,price,description,available,weekday,group,exclusive,required,option,option_price\r\nWater,drink,1.00,Still.,yes,,,,,,\r\n";
    const response = await upload(1, csvForm(csv), "&dry_run=1");
    expect(response.status).toBe(200);
    expect(response.body.imported).toEqual({ products: 1, groups: 0, options: 0 });
  });

  it.each([
    ["an empty file", ""],
    ["a header without rows", `${HEADER}\r\n`],
  ])("refuses %s with 400 invalid_csv", async (_name, csv) => {
    const before = await snapshot(1);
    expectApiError(await upload(1, csvForm(csv)), 400, "invalid_csv");
    expect(await snapshot(1)).toEqual(before);
  });

  it("refuses more than 5,000 rows", async () => {
    const before = await snapshot(1);
    const lines = Array.from({ length: 5001 }, (_, i) => `drink,Drink ${i},,1.00,yes,,,,,,`);
    const error = expectApiError(await upload(1, csvForm([HEADER, ...lines].join("\r\n"))), 400, "invalid_csv");
    expect(error.details?.[0]?.message).toMatch(/5000 rows/);
    expect(await snapshot(1)).toEqual(before);
  });

  it("refuses a file that is not UTF-8 with 400 and imports nothing", async () => {
    const before = await snapshot(1);
    const latin1 = Buffer.from(`${HEADER}\r\ndrink,Caf\xe9 au lait,,3.00,yes,,,,,,\r\n`, "latin1");
    const error = expectApiError(await upload(1, csvForm(latin1)), 400, "invalid_csv");
    expect(error.message).toMatch(/UTF-8/);
    expect(await snapshot(1)).toEqual(before);
  });

  it("refuses a file over 1 MB with 413 and imports nothing", async () => {
    const before = await snapshot(1);
    const justOver = `${HEADER}\r\n`.padEnd(1024 * 1024 + 1, " ");
    expectApiError(await upload(1, csvForm(justOver)), 413, "file_too_large");
    expectApiError(await upload(1, csvForm("x".repeat(3 * 1024 * 1024))), 413, "file_too_large");
    expect(await snapshot(1)).toEqual(before);
  });

  it("answers 400 file_required (`File required.`) when no file is sent", async () => {
    const before = await snapshot(1);
    const otherField = new FormData();
    otherField.append("notes", "no file here");
    const fileAsText = new FormData();
    fileAsText.append("file", HEADER);
    for (const form of [otherField, fileAsText, undefined]) {
      const error = expectApiError(await upload(1, form), 400, "file_required");
      expect(error.message).toBe("File required.");
    }
    expect(await snapshot(1)).toEqual(before);
  });

  it("answers 415 to a body that is not multipart/form-data", async () => {
    const before = await snapshot(1);
    for (const [type, body] of [
      ["text/csv", `${HEADER}\r\ndrink,Water,,1.00,yes,,,,,,\r\n`],
      ["application/json", JSON.stringify({ file: "x" })],
    ] as const) {
      const response = await call(server, "POST", "/api/products/upload_csv?branch_id=1", {
        token,
        headers: { "Content-Type": type },
        body,
      });
      expectApiError(response, 415, "unsupported_media_type");
    }
    expect(await snapshot(1)).toEqual(before);
  });

  it("answers 400 / 404 for a missing, invalid or unknown branch", async () => {
    const before = await snapshot(1);
    expectApiError(await call(server, "POST", "/api/products/upload_csv", { token, body: csvForm(originalCsv) }), 400, "invalid_query");
    expectApiError(await upload("one", csvForm(originalCsv)), 400, "invalid_query");
    expectApiError(await upload(3, csvForm(originalCsv)), 404, "unknown_branch");
    expect(await snapshot(1)).toEqual(before);
  });

  it("answers 401 without a valid session and 403 to the cookie from another site, importing nothing", async () => {
    const before = await snapshot(1);
    const emptyMenu = csvForm(`${HEADER}\r\ndrink,Water,,1.00,yes,,,,,,\r\n`);
    for (const auth of [{}, { token: await expiredToken(server) }, { cookie: await revokedToken(server) }]) {
      expectApiError(await upload(1, emptyMenu, "", auth), 401, "unauthenticated");
    }
    expectApiError(await upload(1, emptyMenu, "", { cookie: token, origin: EVIL_ORIGIN }), 403, "cross_origin_refused");
    expect(await snapshot(1)).toEqual(before);
    // A bearer token is never sent by a browser on its own, so it may come from anywhere.
    expect((await upload(1, csvForm(originalCsv), "", { token, origin: EVIL_ORIGIN })).status).toBe(200);
  });
});

describe("spreadsheet formulas", () => {
  it("are exported with a leading ' and read back without it, ids unchanged", async () => {
    const csv = [
      HEADER,
      'starter,=SUM(A1:A2),"=HYPERLINK(""http://evil.example"")",5.00,yes,,,,,,',
      "starter,+Plus,+1 for the table,5.00,yes,,,,,,",
      "starter,-Minus,-2 degrees,5.00,yes,,,,,,",
      "starter,@Handle,@limitless,5.00,yes,,,,,,",
      "starter,@Handle,,,,,=Sauce,yes,no,-Extra hot,1.00",
    ].join("\r\n");
    expect((await upload(2, csvForm(csv))).status).toBe(200);
    const menu = await readMenu(server, 2);
    expect(menu.starter.map((p) => [p.name, p.description])).toEqual([
      ["=SUM(A1:A2)", '=HYPERLINK("http://evil.example")'],
      ["+Plus", "+1 for the table"],
      ["-Minus", "-2 degrees"],
      ["@Handle", "@limitless"],
    ]);
    expect(menu.starter[3]?.customizations).toEqual({
      "=Sauce": { exclusive: true, required: false, options: [{ id: expect.any(Number), name: "-Extra hot", price: "1.00" }] },
    });

    const exported = (await exportCsv(2)).text;
    const cells = rows(exported)
      .flatMap((r) => [r.product, r.description, r.group, r.option])
      .filter(Boolean);
    for (const cell of cells) {
      expect(cell, cell).toMatch(/^'[=+\-@]/);
    }
    expect(cells).toContain("'=SUM(A1:A2)");
    expect(cells).toContain("'-Extra hot");

    const before = await snapshot(2);
    const reimport = await upload(2, csvForm(exported));
    expect(reimport.status).toBe(200);
    expect(reimport.body.changes).toEqual({ added: [], updated: [], removed: [] });
    expect(await snapshot(2)).toEqual(before);
  });
});

describe("names that are JavaScript's own words", () => {
  const WORDS_CSV = [
    HEADER,
    "burger,__proto__,Named after a prototype,12.00,yes,,,,,,",
    "burger,__proto__,,,,,__proto__,yes,yes,constructor,0.00",
    "burger,__proto__,,,,,__proto__,yes,yes,__proto__,2.00",
    "burger,__proto__,,,,,constructor,no,no,prototype,1.00",
    "burger,__proto__,,,,,prototype,no,no,toString,0.50",
    "burger,constructor,,9.00,yes,,,,,,",
    "burger,constructor,,,,,hasOwnProperty,no,no,valueOf,0.25",
  ].join("\r\n");

  it("are plain group, option and product names: stored, listed, ordered and exported as such", async () => {
    const response = await upload(2, csvForm(WORDS_CSV));
    expect(response.status).toBe(200);
    expect(response.body.imported).toEqual({ products: 2, groups: 4, options: 5 });

    const text = (await call(server, "GET", "/api/products_by_category?branch_id=2")).text;
    const menu = JSON.parse(text) as Menu; // JSON.parse makes "__proto__" an own key, as any client sees it
    expect(menu.burger.map((p) => p.name)).toEqual(["__proto__", "constructor"]);
    const proto = menu.burger[0]!;
    expect(Object.getPrototypeOf(proto.customizations)).toBe(Object.prototype);
    expect(
      Object.entries(proto.customizations).map(([group, spec]) => [group, spec.required, spec.options.map((o) => `${o.name} ${o.price}`)]),
    ).toEqual([
      ["__proto__", true, ["constructor 0.00", "__proto__ 2.00"]],
      ["constructor", false, ["prototype 1.00"]],
      ["prototype", false, ["toString 0.50"]],
    ]);
    expect(Object.keys(menu.burger[1]!.customizations)).toEqual(["hasOwnProperty"]);
    expect(text).toContain('"customizations":{"__proto__":{"exclusive":true,"required":true,');

    // The server prices it like any other product (the required "__proto__" group is checked).
    const [table] = await readStations(server, token, 2);
    const withOption = (ids: number[]) =>
      call<Order>(server, "POST", "/api/orders", {
        headers: { "Idempotency-Key": `words-${ids.join("-")}` },
        json: { station_id: table!.id, branch_id: 2, products: [{ id: proto.id, quantity: 1, selectedCustomizations: ids }] },
      });
    const protoOption = proto.customizations["__proto__"]!.options[1]!;
    const toStringOption = proto.customizations["prototype"]!.options[0]!;
    expectApiError(await withOption([toStringOption.id]), 400, "invalid_order");
    const placed = await withOption([protoOption.id, toStringOption.id]);
    expect(placed.status).toBe(201);
    expect(placed.body.lines[0]!.options.map((o) => o.name)).toEqual(["__proto__", "toString"]);
    expect(placed.body.subtotal).toBe("14.50");
  });

  it("make the round trip: export → import → export is identical, and the menu unchanged", async () => {
    expect((await upload(2, csvForm(WORDS_CSV))).status).toBe(200);
    const exported = (await exportCsv(2)).text;
    expect(rows(exported).map((r) => [r.product, r.group, r.option])).toEqual([
      ["__proto__", "", ""],
      ["__proto__", "__proto__", "constructor"],
      ["__proto__", "__proto__", "__proto__"],
      ["__proto__", "constructor", "prototype"],
      ["__proto__", "prototype", "toString"],
      ["constructor", "", ""],
      ["constructor", "hasOwnProperty", "valueOf"],
    ]);
    const before = await snapshot(2);
    const reimport = await upload(2, csvForm(exported));
    expect(reimport.status).toBe(200);
    expect(reimport.body.changes).toEqual({ added: [], updated: [], removed: [] });
    expect(await snapshot(2)).toEqual(before);
    expect((await exportCsv(2)).text).toBe(exported);
  });
});
