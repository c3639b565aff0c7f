/**
 * The menu data beyond the spec and the ordering rules built on it (API.md "Menu data beyond the
 * spec"): stock counts set by staff and taken by orders (never oversold), daily specials only on
 * their day, notes on lines, the estimated ready time, and the CSV columns that carry all of it.
 */
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { announce } from "../../api/db/announce";
import { tablesOf } from "../../api/db/dialect";
import { CSV_COLUMNS } from "../../api/menu/menu-csv";
import type { Branch, CsvImportSummary, Menu, Order, Product, DiningTable } from "../../contract/schemas";
import { call, countRows, csvForm, expectApiError, productNamed, readMenu, readStations } from "../support/api-helpers";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
const clock = new TestClock();
let token: string;
let menu1: Menu;
let table1: DiningTable;

beforeAll(async () => {
  // Several orders from one table; the per-table limit has its own tests.
  server = await startTestServer({ staticDir: null, config: { tableOrderLimit: 0 }, server: { clock } });
  token = await staffToken(server);
  menu1 = await readMenu(server, 1);
  table1 = (await readStations(server, token, 1))[0]!;
});
afterAll(() => server.dispose());

interface Line {
  id: number;
  quantity: number;
  selectedCustomizations?: number[];
  note?: string;
}

const place = (products: Line[], key: string = randomUUID()) =>
  call<Order>(server, "POST", "/api/orders", {
    json: { products, station_id: table1.id, branch_id: 1 },
    headers: { "Idempotency-Key": key },
  });
const setStock = (id: number, body: { stock?: number | null; available?: boolean }) =>
  call<Product>(server, "PATCH", `/api/products/${id}`, { token, json: body });
const served = async (name: string) => productNamed(await readMenu(server, 1), name);
const lastProductEvent = async (productId: number) => {
  const rows = await server.query<{ payload: string | Record<string, unknown> }>(
    "SELECT payload FROM events WHERE type = 'product.updated' ORDER BY id DESC LIMIT 20",
  );
  return rows
    .map((row) => (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Product & { branch_id: number })
    .find((p) => p.id === productId);
};

describe("stock counts", () => {
  it("are set, sold out at 0, put back on above 0 and stopped with null, from PATCH; the menu and the streams follow", async () => {
    const nachos = productNamed(menu1, "Nachos");
    const before = await call(server, "GET", "/api/products_by_category?branch_id=1");

    const three = await setStock(nachos.id, { stock: 3 });
    expect(three.status).toBe(200);
    expect(three.body).toEqual({ ...nachos, stock: 3, available: true });
    const after = await call<Menu>(server, "GET", "/api/products_by_category?branch_id=1", {
      headers: { "If-None-Match": before.headers.get("etag")! },
    });
    expect(after.status).toBe(200); // the cached menu was dropped
    expect(productNamed(after.body, "Nachos").stock).toBe(3);
    expect(await lastProductEvent(nachos.id)).toMatchObject({ id: nachos.id, stock: 3, available: true, branch_id: 1 });

    expect((await setStock(nachos.id, { stock: 0 })).body).toMatchObject({ stock: 0, available: false });
    expect(await served("Nachos")).toMatchObject({ stock: 0, available: false });
    expect(await lastProductEvent(nachos.id)).toMatchObject({ stock: 0, available: false });

    expect((await setStock(nachos.id, { stock: 2 })).body).toMatchObject({ stock: 2, available: true });
    // Switched off by hand, a count stays as it was.
    expect((await setStock(nachos.id, { available: false })).body).toMatchObject({ stock: 2, available: false });
    expect((await setStock(nachos.id, { stock: null, available: true })).body).toMatchObject({ stock: null, available: true });
    expect(await served("Nachos")).toEqual({ ...nachos, stock: null, available: true });

    // Back on by hand after the count ran out: no longer counted, or it would be on with none left.
    await setStock(nachos.id, { stock: 0 });
    expect((await setStock(nachos.id, { available: true })).body).toMatchObject({ stock: null, available: true });
  });

  it("are taken by accepted orders; more than is left is 409 sold_out saying how many are left; at 0 the product sells out", async () => {
    const lechon = productNamed(menu1, "Lechon Kawali");
    expect(lechon.stock).toBe(3); // the seed counts it, so the demo shows "3 left"

    const first = await place([{ id: lechon.id, quantity: 2 }]);
    expect(first.status).toBe(201);
    expect(await served("Lechon Kawali")).toMatchObject({ stock: 1, available: true });
    expect(await lastProductEvent(lechon.id)).toMatchObject({ stock: 1, available: true, branch_id: 1 });

    const ordersBefore = await countRows(server, "orders");
    const tooMany = expectApiError(
      await place([
        { id: productNamed(menu1, "Garlic Rice").id, quantity: 1 },
        { id: lechon.id, quantity: 1 },
        { id: lechon.id, quantity: 1 },
      ]),
      409,
      "sold_out",
    );
    expect(tooMany.details).toEqual(
      [1, 2].map((index) => ({ index, product_id: lechon.id, name: "Lechon Kawali", left: 1, message: "Only 1 Lechon Kawali left." })),
    );
    expect(await countRows(server, "orders")).toBe(ordersBefore);
    expect(await served("Lechon Kawali")).toMatchObject({ stock: 1, available: true });

    expect((await place([{ id: lechon.id, quantity: 1 }])).status).toBe(201);
    expect(await served("Lechon Kawali")).toMatchObject({ stock: 0, available: false });
    expect(await lastProductEvent(lechon.id)).toMatchObject({ stock: 0, available: false });
    const none = expectApiError(await place([{ id: lechon.id, quantity: 1 }]), 409, "sold_out");
    expect(none.details).toEqual([expect.objectContaining({ index: 0, left: 0, name: "Lechon Kawali" })]);
  });

  it("never oversells: 6 orders at once for the last 3 → exactly 3 accepted", async () => {
    const shrimp = productNamed(menu1, "Garlic Butter Shrimp");
    expect((await setStock(shrimp.id, { stock: 3 })).status).toBe(200);
    const ordersBefore = await countRows(server, "orders");
    const answers = await Promise.all(Array.from({ length: 6 }, () => place([{ id: shrimp.id, quantity: 1 }])));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expectApiError(refused, 409, "sold_out");
    expect(await countRows(server, "orders")).toBe(ordersBefore + 3);
    expect(await served("Garlic Butter Shrimp")).toMatchObject({ stock: 0, available: false });
  });
});

describe("daily specials", () => {
  // Sessions and carts after this test live on the real clock again.
  afterEach(() => clock.reset());

  it("are orderable on their weekday (America/Toronto) only; on another day 409 not_available_today names the day", async () => {
    // Tuesday 1 December 2026, 23:30 in Toronto: already Wednesday in UTC, still Tuesday at the restaurant.
    clock.set("2026-12-02T04:30:00Z");
    const todays = menu1.special.find((p) => p.weekday === 2)!;
    const tomorrows = menu1.special.find((p) => p.weekday === 3)!;
    expect((await place([{ id: todays.id, quantity: 1 }])).status).toBe(201);

    const ordersBefore = await countRows(server, "orders");
    const refused = expectApiError(
      await place([
        { id: todays.id, quantity: 1 },
        { id: tomorrows.id, quantity: 1 },
      ]),
      409,
      "not_available_today",
    );
    expect(refused.details).toEqual([
      {
        index: 1,
        product_id: tomorrows.id,
        name: tomorrows.name,
        weekday: tomorrows.weekday,
        message: expect.stringContaining(tomorrows.name),
      },
    ]);
    expect(await countRows(server, "orders")).toBe(ordersBefore);
    // The menu still lists it, so the phone can say which day.
    expect((await served(tomorrows.name)).weekday).toBe(tomorrows.weekday);

    // Half an hour later it is Wednesday in Toronto too: the day's special turns over with the clock.
    clock.advance(30 * 60_000);
    expect((await place([{ id: tomorrows.id, quantity: 1 }])).status).toBe(201);
    expectApiError(await place([{ id: todays.id, quantity: 1 }]), 409, "not_available_today");
  });

  it("follow the branch's own time zone: a branch in Vancouver still has Tuesday's special when Toronto is on Wednesday", async () => {
    const setTimeZone = (timeZone: string) =>
      server.running().database.transaction(async (tx) => {
        const { branches } = tablesOf(tx);
        await tx.update(branches).set({ timeZone }).where(eq(branches.id, 1));
        await announce(tx, "reference", "branches");
      });
    // Wednesday 2 December 2026, 01:30 in Toronto; Tuesday 1 December, 22:30 in Vancouver.
    clock.set("2026-12-02T06:30:00Z");
    const tuesdays = menu1.special.find((p) => p.weekday === 2)!;
    const wednesdays = menu1.special.find((p) => p.weekday === 3)!;
    expectApiError(await place([{ id: tuesdays.id, quantity: 1 }]), 409, "not_available_today");
    await setTimeZone("America/Vancouver");
    try {
      expect((await call<Branch>(server, "GET", "/api/branches/1")).body.time_zone).toBe("America/Vancouver");
      expect((await place([{ id: tuesdays.id, quantity: 1 }])).status).toBe(201);
      expectApiError(await place([{ id: wednesdays.id, quantity: 1 }]), 409, "not_available_today");
    } finally {
      await setTimeZone("America/Toronto");
    }
    expect((await place([{ id: wednesdays.id, quantity: 1 }])).status).toBe(201);
  });
});

describe("a note on each line", () => {
  it("comes back on its line (absent when blank), keeps lines apart, carries the prep station, and is part of the replay check", async () => {
    const sisig = productNamed(menu1, "Sisig");
    const redHorse = productNamed(menu1, "Red Horse");
    const lines: Line[] = [
      { id: sisig.id, quantity: 1, note: "  no onions, extra calamansi  " },
      { id: sisig.id, quantity: 1 },
      { id: redHorse.id, quantity: 2, note: "   " },
    ];
    const key = randomUUID();
    const placed = await place(lines, key);
    expect(placed.status).toBe(201);
    expect(placed.body.lines.map((l) => [l.product_id, l.note, l.prep_station])).toEqual([
      [sisig.id, "no onions, extra calamansi", "kitchen"],
      [sisig.id, undefined, "kitchen"],
      [redHorse.id, undefined, "bar"],
    ]);
    expect("note" in placed.body.lines[1]!).toBe(false);
    expect((await call<Order>(server, "GET", `/api/orders/${placed.body.id}`)).body.lines).toEqual(placed.body.lines);

    // The same order again: a blank note is no note.
    const replay = await place([lines[0]!, lines[1]!, { id: redHorse.id, quantity: 2 }], key);
    expect([replay.status, replay.text]).toEqual([201, placed.text]);
    // A different note is a different order.
    expectApiError(await place([{ ...lines[0]!, note: "extra onions" }, lines[1]!, lines[2]!], key), 422, "idempotency_key_reused");

    const tooLong = expectApiError(await place([{ id: sisig.id, quantity: 1, note: "x".repeat(141) }]), 400, "invalid_body");
    expect(JSON.stringify(tooLong.details)).toContain("140");
    expect((await place([{ id: sisig.id, quantity: 1, note: "é".repeat(140) }])).status).toBe(201);
  });
});

describe("the estimated ready time", () => {
  it("is the longest line's prep minutes plus 2 minutes per open order of the branch, and is stored", async () => {
    const [open] = await server.query<{ n: number }>(
      "SELECT count(*) AS n FROM orders WHERE branch_id = 1 AND status IN ('received', 'preparing')",
    );
    const garlicRice = productNamed(menu1, "Garlic Rice"); // 5 minutes
    const sisig = productNamed(menu1, "Sisig"); // 15 minutes
    const placed = await place([
      { id: garlicRice.id, quantity: 2 },
      { id: sisig.id, quantity: 1 },
    ]);
    expect(placed.status).toBe(201);
    const minutes = (Date.parse(placed.body.estimated_ready_at!) - Date.parse(placed.body.created_at)) / 60_000;
    expect(minutes).toBe(15 + 2 * Math.min(Number(open!.n), 20));

    const [stored] = await server.query<{ estimated_ready_at: string | Date }>("SELECT estimated_ready_at FROM orders WHERE id = ?", [
      placed.body.id,
    ]);
    expect(new Date(stored!.estimated_ready_at).toISOString()).toBe(placed.body.estimated_ready_at);

    // Orders the kitchen has finished are not ahead of anyone.
    await server.query("UPDATE orders SET status = 'served' WHERE branch_id = 1");
    const quiet = await place([{ id: garlicRice.id, quantity: 1 }]);
    expect((Date.parse(quiet.body.estimated_ready_at!) - Date.parse(quiet.body.created_at)) / 60_000).toBe(5);
  });
});

describe("the CSV columns", () => {
  const BRANCH = 2;
  const exportCsv = async () => {
    const response = await call(server, "GET", `/api/products/export_csv?branch_id=${BRANCH}`, { token });
    expect(response.status).toBe(200);
    return response.text;
  };
  const upload = (csv: string) =>
    call<CsvImportSummary>(server, "POST", `/api/products/upload_csv?branch_id=${BRANCH}`, { token, body: csvForm(csv) });

  it("export every product's menu data, and import it back unchanged (bytes, ids, nothing reported)", async () => {
    const csv = await exportCsv();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining([
        "allergens",
        "diet",
        "prep_station",
        "prep_minutes",
        "stock",
        "name_fil",
        "description_fil",
        "name_zh",
        "description_zh",
      ]),
    );
    expect(rows.find((r) => r.product === "Sisig" && r.group === "")).toMatchObject({
      allergens: "eggs;soy;wheat",
      diet: "contains_pork;spicy",
      prep_station: "kitchen",
      prep_minutes: "15",
      stock: "",
      name_fil: "Sisig",
      name_zh: "铁板猪肉碎",
    });
    expect(rows.find((r) => r.product === "Lechon Kawali" && r.group === "")?.stock).toBe("3");
    expect(rows.find((r) => r.product === "Red Horse")?.prep_station).toBe("bar");
    // Option rows leave the product's columns empty.
    expect(rows.filter((r) => r.group !== "").every((r) => r.allergens === "" && r.prep_station === "" && r.name_zh === "")).toBe(true);

    const menuBefore = await readMenu(server, BRANCH);
    const again = await upload(csv);
    expect(again.status).toBe(200);
    expect(again.body.changes).toEqual({ added: [], updated: [], removed: [] });
    expect(await exportCsv()).toBe(csv);
    expect(await readMenu(server, BRANCH)).toEqual(menuBefore);
  });

  it("refuse every bad value with its line and column, importing nothing", async () => {
    const before = await exportCsv();
    const row = (cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) =>
      CSV_COLUMNS.map((column) => cells[column] ?? "").join(",");
    const product = (name: string, cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) =>
      row({ category: "starter", product: name, price: "5.00", ...cells });
    const csv = [
      CSV_COLUMNS.join(","),
      product("Good", { allergens: "Milk; tree nuts", diet: "Vegetarian" }), // 2: fine (case and spaces forgiven)
      product("Bad allergen", { allergens: "milk;gluten" }), // 3
      product("Bad diet", { diet: "halal" }), // 4
      product("Pork and vegan", { diet: "contains_pork;vegan" }), // 5
      product("Bad station", { prep_station: "grill" }), // 6
      product("Bad minutes", { prep_minutes: "-5" }), // 7
      product("Bad stock", { stock: "lots" }), // 8
      product("No name", { description_fil: "Masarap." }), // 9
      row({
        category: "starter",
        product: "Good",
        group: "Size",
        exclusive: "yes",
        required: "no",
        option: "Big",
        option_price: "1.00",
        stock: "3",
      }), // 10: on an option row
      product("Vegan cheese", { allergens: "milk", diet: "vegan" }), // 11
      product("Big stock", { stock: "10000" }), // 12
    ].join("\n");
    const error = expectApiError(await upload(csv), 400, "invalid_csv");
    expect((error.details as { line: number; column: string }[]).map((d) => [d.line, d.column])).toEqual([
      [3, "allergens"],
      [4, "diet"],
      [5, "diet"],
      [6, "prep_station"],
      [7, "prep_minutes"],
      [8, "stock"],
      [9, "name_fil"],
      [10, "stock"],
      [11, "diet"],
      [12, "stock"],
    ]);
    expect(await exportCsv()).toBe(before);
  });

  it("import a file without the new columns, each product taking the defaults (drinks at the bar)", async () => {
    const csv = [
      "category,product,description,price,available,weekday,group,exclusive,required,option,option_price",
      "main,Adobo,Chicken adobo.,12.00,yes,,,,,,",
      "drink,Calamansi Juice,,4.00,,,,,,,",
    ].join("\n");
    const imported = await upload(csv);
    expect(imported.status).toBe(200);
    const menu = await readMenu(server, BRANCH);
    expect(productNamed(menu, "Adobo")).toMatchObject({ allergens: [], diet: [], prep_station: "kitchen", prep_minutes: 10, stock: null });
    expect(productNamed(menu, "Adobo").translations).toBeUndefined();
    expect(productNamed(menu, "Calamansi Juice")).toMatchObject({ prep_station: "bar", prep_minutes: 3, stock: null });

    // The new columns, in any order, set it all; a count of 0 imports as sold out.
    const full = [
      "name_zh,stock,category,product,description,price,available,weekday,group,exclusive,required,option,option_price,diet,allergens,prep_station,prep_minutes,name_fil,description_fil,description_zh",
      '菲式酱醋鸡,4,main,Adobo,Chicken adobo.,12.00,yes,,,,,,,,soy;wheat,kitchen,18,Adobong Manok,Manok na niluto sa toyo at suka.,"鸡肉以酱油和醋炖煮。"',
      ",0,drink,Calamansi Juice,,4.00,yes,,,,,,,vegan;vegetarian,,,,,,",
    ].join("\n");
    const updated = await upload(full);
    expect(updated.status).toBe(200);
    expect(updated.body.changes).toMatchObject({ added: [], removed: [], updated: ["Adobo", "Calamansi Juice"] });
    const after = await readMenu(server, BRANCH);
    expect(productNamed(after, "Adobo")).toMatchObject({
      allergens: ["soy", "wheat"],
      prep_minutes: 18,
      stock: 4,
      translations: {
        fil: { name: "Adobong Manok", description: "Manok na niluto sa toyo at suka." },
        zh: { name: "菲式酱醋鸡", description: "鸡肉以酱油和醋炖煮。" },
      },
    });
    expect(productNamed(after, "Calamansi Juice")).toMatchObject({
      diet: ["vegetarian", "vegan"],
      stock: 0,
      available: false,
      prep_station: "bar",
    });
  });
});
