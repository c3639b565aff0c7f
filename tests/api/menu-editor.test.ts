/** The menu editor's endpoints (API.md "Running the restaurant", Menu editing; docs/decisions/0024-menu-editor.md). */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, EditedProduct, Menu, Order } from "../../contract/schemas";
import { call, csvForm, expectApiError, readMenu, readStations } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { staffAccount } from "../support/staff-accounts";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

const clock = new TestClock();
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, config: { tableOrderLimit: 0 }, server: { clock } });
  // A Saturday evening in Toronto: outside the seed's happy hours, so the regular prices apply.
  clock.set("2026-11-28T23:00:00Z");
  token = await staffToken(server);
});
afterAll(() => server.dispose());

const DISH = {
  category: "main",
  name: "Editor Adobo",
  description: "Braised in vinegar and soy",
  price: "15.00",
  happy_hour_price: "12.00",
  allergens: ["soy"],
  diet: ["contains_pork"],
  prep_station: "kitchen",
  prep_minutes: 12,
  stock: null,
  customizations: {
    Rice: {
      exclusive: true,
      required: true,
      options: [
        { name: "Plain", price: "0.00" },
        { name: "Garlic", price: "1.50", translations: { fil: { name: "Sinangag" }, zh: { name: "蒜香饭" } } },
      ],
      translations: { fil: { name: "Kanin" }, zh: { name: "米饭" } },
    },
  },
  translations: { fil: { name: "Adobong Baboy", description: "" }, zh: { name: "菲式燉豬肉", description: "" } },
};

const create = (body: unknown, branch = 1, as = token) =>
  call<EditedProduct>(server, "POST", `/api/products?branch_id=${branch}`, { token: as, json: body });
const put = (id: number, body: unknown, as = token) => call<EditedProduct>(server, "PUT", `/api/products/${id}`, { token: as, json: body });
const auditLog = async () => (await call<AuditEntry[]>(server, "GET", "/api/audit_log?branch_id=1", { token })).body;

async function csvErrors(row: string): Promise<string[]> {
  const header =
    "category,product,description,price,available,weekday,group,exclusive,required,option,option_price,happy_hour_price,diet,allergens\r\n";
  const answer = await call<{ error: { details: { message: string }[] } }>(
    server,
    "POST",
    "/api/products/upload_csv?branch_id=1&dry_run=1",
    {
      token,
      body: csvForm(header + row),
    },
  );
  expect(answer.status).toBe(400);
  return answer.body.error.details.map((d) => d.message);
}

describe("creating, editing, reordering and deleting products", () => {
  it("creates a product with its category, options and translations, on the public menu", async () => {
    const created = await create({ ...DISH, name: "Editor Create" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Editor Create",
      category: "main",
      price: "15.00",
      happy_hour_price: "12.00",
      prep_minutes: 12,
    });
    expect(created.body.translations?.fil?.name).toBe("Adobong Baboy");
    expect(created.body.customizations.Rice!.options.map((o) => [o.name, o.price])).toEqual([
      ["Plain", "0.00"],
      ["Garlic", "1.50"],
    ]);
    const menu = await readMenu(server, 1);
    expect(menu.main.at(-1)).toEqual(Object.fromEntries(Object.entries(created.body).filter(([key]) => key !== "category")));
  });

  it("edits only the fields sent, keeps option ids by name, and prices the edited options in orders", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Priced" });
    const garlicId = product.customizations.Rice!.options[1]!.id;
    const edited = await put(product.id, {
      price: "16.00",
      customizations: {
        Rice: {
          exclusive: true,
          required: true,
          options: [
            { name: "Plain", price: "0.00" },
            { name: "Garlic", price: "2.25" },
          ],
        },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ price: "16.00", description: DISH.description, happy_hour_price: "12.00", category: "main" });
    expect(edited.body.translations?.zh?.name).toBe(DISH.translations.zh.name);
    // The options were sent without translations: they keep their names in Filipino and Chinese.
    expect(edited.body.customizations.Rice!.options[1]).toEqual({
      id: garlicId,
      name: "Garlic",
      price: "2.25",
      translations: { fil: { name: "Sinangag" }, zh: { name: "蒜香饭" } },
    });
    expect(edited.body.customizations.Rice!.translations).toEqual(DISH.customizations.Rice.translations);

    const [table] = await readStations(server, token, 1);
    const order = await call<Order>(server, "POST", "/api/orders", {
      headers: { "Idempotency-Key": randomUUID() },
      json: { station_id: table!.id, branch_id: 1, products: [{ id: product.id, quantity: 2, selectedCustomizations: [garlicId] }] },
    });
    expect(order.status).toBe(201);
    expect(order.body.subtotal).toBe("36.50");
  });

  it("moves a product to another category and keeps the sold-out body working on PUT", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Mover" });
    expect((await put(product.id, { category: "starter" })).body.category).toBe("starter");
    expect((await readMenu(server, 1)).starter.some((p) => p.id === product.id)).toBe(true);
    const soldOut = await put(product.id, { stock: 0 });
    expect(soldOut.body).toMatchObject({ available: false, stock: 0, name: "Editor Mover" });
    const back = await put(product.id, { available: true });
    expect(back.body).toMatchObject({ available: true, stock: null });
  });

  it("reorders a category's products, and refuses a list that is not the whole category", async () => {
    await create({ ...DISH, name: "Editor Order A", category: "seafood", customizations: {}, diet: [] });
    await create({ ...DISH, name: "Editor Order B", category: "seafood", customizations: {}, diet: [] });
    const before = (await readMenu(server, 1)).seafood.map((p) => p.id);
    const reversed = [...before].reverse();
    const answer = await call<Menu>(server, "POST", "/api/products/reorder?branch_id=1", {
      token,
      json: { category: "seafood", product_ids: reversed },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.seafood.map((p) => p.id)).toEqual(reversed);
    expect((await readMenu(server, 1)).seafood.map((p) => p.id)).toEqual(reversed);
    const partial = await call(server, "POST", "/api/products/reorder?branch_id=1", {
      token,
      json: { category: "seafood", product_ids: reversed.slice(1) },
    });
    expectApiError(partial, 400, "invalid_order");
  });

  it("deletes a product: gone from the menu, past orders keep their line, a cart line is marked unavailable", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Doomed", customizations: {} });
    const [, table] = await readStations(server, token, 1);
    const order = await call<Order>(server, "POST", "/api/orders", {
      headers: { "Idempotency-Key": randomUUID() },
      json: { station_id: table!.id, branch_id: 1, products: [{ id: product.id, quantity: 1, selectedCustomizations: [] }] },
    });
    expect(order.status).toBe(201);
    const deleted = await call(server, "DELETE", `/api/products/${product.id}`, { token });
    expect(deleted.status).toBe(204);
    expect(
      Object.values(await readMenu(server, 1))
        .flat()
        .some((p) => p.id === product.id),
    ).toBe(false);
    const again = await call<Order>(server, "GET", `/api/orders/${order.body.id}`);
    expect(again.body.lines[0]).toMatchObject({ name: "Editor Doomed" });
    expect(again.body.total).toBe(order.body.total);
    expectApiError(await call(server, "DELETE", `/api/products/${product.id}`, { token }), 404, "product_not_found");
    expectApiError(await put(product.id, { price: "1.00" }), 404, "product_not_found");
  });
});

describe("option translations (API.md: option groups and options carry translations)", () => {
  it("creates them, shows them on the public menu, and replaces or clears them by PUT", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Option Names" });
    expect(product.customizations.Rice).toMatchObject({
      translations: { fil: { name: "Kanin" }, zh: { name: "米饭" } },
      options: [{ name: "Plain" }, { name: "Garlic", translations: { fil: { name: "Sinangag" }, zh: { name: "蒜香饭" } } }],
    });
    expect(product.customizations.Rice!.options[0]).not.toHaveProperty("translations");
    const onMenu = (await readMenu(server, 1)).main.find((p) => p.id === product.id)!;
    expect(onMenu.customizations).toEqual(product.customizations);

    const edited = await put(product.id, {
      customizations: {
        Rice: {
          exclusive: true,
          required: true,
          options: [
            { name: "Plain", price: "0.00", translations: { zh: { name: "白饭" } } },
            { name: "Garlic", price: "1.50", translations: {} },
          ],
          translations: { zh: { name: "饭" } },
        },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.customizations.Rice!.translations).toEqual({ zh: { name: "饭" } });
    expect(edited.body.customizations.Rice!.options.map((o) => o.translations ?? null)).toEqual([{ zh: { name: "白饭" } }, null]);
  });

  it("refuses blank or too long names by their path, as the CSV's group_* and option_* columns", async () => {
    const answer = await create({
      ...DISH,
      name: "Editor Bad Option Names",
      customizations: {
        Rice: {
          exclusive: true,
          required: true,
          options: [{ name: "Plain", price: "0.00", translations: { fil: { name: "x".repeat(81) } } }],
          translations: { zh: { name: "\u200b" } },
        },
      },
    });
    const error = expectApiError(answer, 400, "invalid_product");
    expect(error.details!.map((d) => [d.path, d.column])).toEqual([
      ["customizations.Rice.translations.zh.name", "group_zh"],
      ["customizations.Rice.options.0.translations.fil.name", "option_fil"],
    ]);
    expect((await readMenu(server, 1)).main.some((p) => p.name === "Editor Bad Option Names")).toBe(false);
  });
});

describe("one validation with the CSV import", () => {
  it("answers the CSV's messages for the same mistakes, by field", async () => {
    const answer = await create({ ...DISH, name: "Editor Bad", price: "12,5", happy_hour_price: "abc", diet: ["vegan", "contains_pork"] });
    const error = expectApiError(answer, 400, "invalid_product");
    const csv = await csvErrors('main,Editor Bad,,"12,5",,,,,,,,abc,vegan;contains_pork,\r\n');
    expect(error.details!.map((d) => d.message).sort()).toEqual(csv.sort());
    expect(error.details!.map((d) => d.path).sort()).toEqual(["diet", "happy_hour_price", "price"]);
  });

  it("says a happy-hour price must be lower than the price, as the CSV does", async () => {
    const error = expectApiError(
      await create({ ...DISH, name: "Editor HH", price: "5.00", happy_hour_price: "6.00" }),
      400,
      "invalid_product",
    );
    const csv = await csvErrors("main,Editor HH,,5.00,,,,,,,,6.00,,\r\n");
    expect(error.details).toEqual([{ path: "happy_hour_price", column: "happy_hour_price", message: csv[0] }]);
    expect(csv[0]).toMatch(/must be lower than the price/);
  });

  it("checks an edit's merged product, options included, and refuses a name taken in the category", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Checked" });
    const bad = await put(product.id, {
      customizations: { Rice: { exclusive: true, required: false, options: [{ name: "Plain", price: "x" }] } },
    });
    const error = expectApiError(bad, 400, "invalid_product");
    expect(error.details).toEqual([
      { path: "customizations.Rice.options.0.price", column: "option_price", message: '"x" is not a price like 2.00.' },
    ]);
    const taken = expectApiError(await put(product.id, { name: "Editor Priced" }), 400, "invalid_product");
    expect(taken.details![0]).toMatchObject({ path: "name", message: '"Editor Priced" is already listed in main.' });
    expect((await readMenu(server, 1)).main.find((p) => p.id === product.id)!.customizations.Rice!.options).toHaveLength(2);
  });
});

describe("live, audited and for owners and managers only", () => {
  it("sends product.updated to an open menu stream", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Live" });
    const stream = await SseStream.open(`${server.url}/api/products/events?branch_id=1`);
    try {
      await put(product.id, { price: "17.00", translations: { fil: { name: "Bagong Pangalan", description: "" } } });
      // The creation's own product.updated may still be on its way (PostgreSQL's NOTIFY): the edit's is the one at 17.00.
      let event = await stream.next();
      while (event.event !== "product.updated" || JSON.parse(event.data).price !== "17.00") event = await stream.next();
      expect(JSON.parse(event.data)).toMatchObject({
        id: product.id,
        price: "17.00",
        translations: { fil: { name: "Bagong Pangalan" } },
        category: "main",
      });
    } finally {
      stream.close();
    }
  });

  it("writes product.created, product.updated and product.deleted to the audit log", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Audited" });
    await put(product.id, { price: "18.00" });
    await call(server, "DELETE", `/api/products/${product.id}`, { token });
    const entries = (await auditLog()).filter((entry) => entry.target === `product:${product.id}`);
    expect(entries.map((entry) => entry.action).sort()).toEqual(["product.created", "product.deleted", "product.updated"]);
    // The price, from and to, for the log's words ("Price of … changed from … to …"); nothing else changed.
    expect(entries.find((entry) => entry.action === "product.updated")!.details).toEqual({
      name: "Editor Audited",
      fields: ["price"],
      price: { from: DISH.price, to: "18.00" },
    });
  });

  it("refuses kitchen and floor roles (403) and other branches", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Guarded" });
    for (const role of ["kitchen", "floor"] as const) {
      const { token: other } = await staffAccount(server, role, [1]);
      expectApiError(await create({ ...DISH, name: "Nope" }, 1, other), 403, "forbidden");
      expectApiError(await put(product.id, { price: "1.00" }, other), 403, "forbidden");
      expectApiError(await call(server, "DELETE", `/api/products/${product.id}`, { token: other }), 403, "forbidden");
    }
    const { token: manager2 } = await staffAccount(server, "manager", [2]);
    expectApiError(await put(product.id, { price: "1.00" }, manager2), 403, "forbidden");
  });
});

describe("the CSV keeps every field the editor sets", () => {
  it("exports then imports an edited menu without a change", async () => {
    const { body: product } = await create({ ...DISH, name: "Editor Round Trip", stock: 7 });
    await put(product.id, {
      happy_hour_price: "10.00",
      translations: { fil: { name: "Pabalik", description: "Sa CSV" }, zh: { name: "往返", description: "" } },
    });
    const before = await readMenu(server, 1);
    const csv = await call(server, "GET", "/api/products/export_csv?branch_id=1", { token });
    const imported = await call<{ changes: { added: string[]; updated: string[]; removed: string[] } }>(
      server,
      "POST",
      "/api/products/upload_csv?branch_id=1",
      {
        token,
        body: csvForm(csv.text),
      },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.changes).toEqual({ added: [], updated: [], removed: [] });
    expect(await readMenu(server, 1)).toEqual(before);
  });
});
