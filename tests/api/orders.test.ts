/** Orders: server-side pricing and validation, status changes, the staff list, the public read (API.md "Orders"). */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOrder, type Menu, type Order, type DiningTable } from "../../contract/schemas";
import {
  BAD_JSON_BODIES,
  EVIL_ORIGIN,
  UUID_V7,
  call,
  countRows,
  expectApiError,
  expiredToken,
  optionId,
  productNamed,
  readMenu,
  readOrders,
  readStations,
  revokedToken,
  withoutHappyHours,
} from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let menu1: Menu;
let menu2: Menu;
let table1: DiningTable;
let table2: DiningTable;

beforeAll(async () => {
  // This file places dozens of orders on one table; the per-table limit has its own file (order-limits.test.ts).
  server = await startTestServer({ staticDir: null, config: { tableOrderLimit: 0 } });
  token = await staffToken(server);
  // These tests check the regular prices, whatever the hour they run at.
  await withoutHappyHours(server, token);
  [menu1, menu2] = [await readMenu(server, 1), await readMenu(server, 2)];
  table1 = (await readStations(server, token, 1))[0]!;
  table2 = (await readStations(server, token, 2))[0]!;
});
afterAll(() => server.dispose());

interface Line {
  id: number;
  quantity: number;
  selectedCustomizations?: number[];
  customizedPrice?: string;
  [clientField: string]: unknown;
}

const orderBody = (products: Line[], station = table1, branchId = station.branch_id) => ({
  products,
  station_id: station.id,
  branch_id: branchId,
});

const place = (body: unknown, key: string | null = randomUUID()) =>
  call<Order>(server, "POST", "/api/orders", { json: body, headers: key === null ? {} : { "Idempotency-Key": key } });

const burger = () => productNamed(menu1, "Limitless Mega Burger");
const burgerWith = (side: string, extra: Partial<Line> = {}): Line => ({
  id: burger().id,
  quantity: 1,
  selectedCustomizations: [optionId(burger(), "Side", side)],
  ...extra,
});
const lumpia = (quantity = 1): Line => ({ id: productNamed(menu1, "Lumpia Shanghai").id, quantity });

/** Everything a refused order must leave alone. */
const stored = async () => ({
  orders: await countRows(server, "orders"),
  lines: await countRows(server, "order_lines"),
  keys: await countRows(server, "idempotency_keys"),
});

/** Places the body and expects the refusal, with nothing stored. */
async function expectRefused(body: unknown, status: number, code: string, key: string | null = randomUUID()) {
  const before = await stored();
  const listBefore = await readOrders(server, token, 1);
  const error = expectApiError(await place(body, key), status, code);
  expect(await stored()).toEqual(before);
  expect(await readOrders(server, token, 1)).toEqual(listBefore);
  return error;
}

describe("POST /api/orders", () => {
  it("prices every line on the server and answers 201 with the whole order", async () => {
    const fries = productNamed(menu1, "Classic Fries");
    const response = await place(
      orderBody([
        // Fields a client cart keeps for itself are ignored.
        { ...burgerWith("Onion Rings", { quantity: 2, customizedPrice: "15.99" }), name: "whatever", price: "0.01", cartLineId: "abc" },
        {
          id: fries.id,
          quantity: 1,
          selectedCustomizations: [optionId(fries, "Extra toppings", "Cheese"), optionId(fries, "Extra toppings", "Bacon")],
        },
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const order = response.body;
    expect(order).toEqual({
      id: expect.stringMatching(UUID_V7),
      number: expect.any(Number),
      status: "received",
      station_id: table1.id,
      station_codename: table1.codename,
      branch_id: 1,
      lines: [
        {
          product_id: burger().id,
          name: "Limitless Mega Burger",
          quantity: 2,
          unit_price: "15.99",
          options: [{ id: optionId(burger(), "Side", "Onion Rings"), name: "Onion Rings", price: "2.00" }],
          line_total: "31.98",
          prep_station: "kitchen",
        },
        {
          product_id: fries.id,
          name: "Classic Fries",
          quantity: 1,
          unit_price: "11.25",
          options: [
            { id: optionId(fries, "Extra toppings", "Cheese"), name: "Cheese", price: "3.00" },
            { id: optionId(fries, "Extra toppings", "Bacon"), name: "Bacon", price: "3.00" },
          ],
          line_total: "11.25",
          prep_station: "kitchen",
        },
      ],
      subtotal: "43.23",
      tax: "5.62", // 13 % of 43.23 = 5.6199
      total: "48.85",
      created_at: expect.any(String),
      updated_at: expect.any(String),
      seen_at: null,
      bumped: [],
      estimated_ready_at: expect.any(String),
    });
    // The burger's 15 minutes (the longest line) plus 2 for each order the kitchen already had open.
    const readyInMinutes = (Date.parse(order.estimated_ready_at!) - Date.parse(order.created_at)) / 60_000;
    expect(readyInMinutes >= 15 && readyInMinutes <= 15 + 40 && (readyInMinutes - 15) % 2 === 0).toBe(true);
    expect(new Date(order.created_at).toISOString()).toBe(order.created_at);
    expect(Math.abs(Date.parse(order.created_at) - Date.now())).toBeLessThan(60_000);
    // The id is time-ordered: its first 48 bits are the creation time in milliseconds.
    expect(Math.abs(parseInt(order.id.replace("-", "").slice(0, 12), 16) - Date.parse(order.created_at))).toBeLessThan(1_000);
  });

  it.each([
    // [what, product, option, quantity, subtotal, tax, total]
    ["half a cent rounds up", "Amsterdam Can", ["Beer", "Blonde"], 1, "6.50", "0.85", "7.35"], // 84.5 ¢
    ["below half a cent rounds down", "Lumpia Shanghai", null, 1, "5.49", "0.71", "6.20"], // 71.37 ¢
    ["above half a cent rounds up", "Limitless Mega Burger", ["Side", "Fries"], 1, "13.99", "1.82", "15.81"], // 181.87 ¢
    ["a big order", "Limitless BBQ Feast", null, 41, "1967.59", "255.79", "2223.38"], // 25578.67 ¢, under the 2000.00 cap
  ] as const)("adds 13 %% HST, rounded half-up to the cent: %s", async (_what, name, option, quantity, subtotal, tax, total) => {
    const product = productNamed(menu1, name);
    const selected = option ? [optionId(product, option[0], option[1])] : [];
    const response = await place(orderBody([{ id: product.id, quantity, selectedCustomizations: selected }]));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ subtotal, tax, total });
  });

  it("numbers orders per branch, one up each time", async () => {
    const a = await place(orderBody([lumpia()]));
    const b = await place(orderBody([lumpia()]));
    expect(b.body.number).toBe(a.body.number + 1);
    const pickering = productNamed(menu2, "Lumpia Shanghai");
    const c = await place(orderBody([{ id: pickering.id, quantity: 1 }], table2));
    expect(c.status).toBe(201);
    expect(c.body.branch_id).toBe(2);
    expect(c.body.number).toBe(1);
  });

  it("refuses a tampered customizedPrice with 409 price_changed naming the line and the current price, storing nothing", async () => {
    const error = await expectRefused(orderBody([lumpia(), burgerWith("Onion Rings", { customizedPrice: "1.00" })]), 409, "price_changed");
    expect(error.details).toEqual([
      expect.objectContaining({ index: 1, product_id: burger().id, name: "Limitless Mega Burger", sent_price: "1.00", price: "15.99" }),
    ]);
  });

  it("accepts a customizedPrice that matches, however it is written", async () => {
    expect((await place(orderBody([burgerWith("Onion Rings", { customizedPrice: "15.99" })]))).status).toBe(201);
    const garlicRice = productNamed(menu1, "Garlic Rice");
    for (const price of ["3", "3.0", "3.00"]) {
      expect((await place(orderBody([{ id: garlicRice.id, quantity: 1, customizedPrice: price }]))).status).toBe(201);
    }
  });

  it("accepts the station id in capitals (UUIDs are case-insensitive), as the public station lookup does", async () => {
    const response = await place({ ...orderBody([lumpia()]), station_id: table1.id.toUpperCase() });
    expect(response.status).toBe(201);
    expect(response.body.station_id).toBe(table1.id);
  });

  it("answers 404 unknown_station for a station that does not exist", async () => {
    await expectRefused({ ...orderBody([lumpia()]), station_id: randomUUID() }, 404, "unknown_station");
  });

  it("answers 400 when the station belongs to another branch", async () => {
    await expectRefused(orderBody([lumpia()], table1, 2), 400, "branch_mismatch");
  });

  it("answers 400 invalid_order for a product of the other branch", async () => {
    const error = await expectRefused(orderBody([{ id: productNamed(menu2, "Lumpia Shanghai").id, quantity: 1 }]), 400, "invalid_order");
    expect(error.details?.[0]).toMatchObject({ index: 0 });
  });

  it("answers 400 invalid_order for an unknown product", async () => {
    await expectRefused(orderBody([{ id: 987654, quantity: 1 }]), 400, "invalid_order");
  });

  it("answers 400 invalid_order for an option that is not the product's", async () => {
    const fries = productNamed(menu1, "Classic Fries");
    await expectRefused(
      orderBody([
        {
          ...burgerWith("Fries"),
          selectedCustomizations: [optionId(burger(), "Side", "Fries"), optionId(fries, "Extra toppings", "Cheese")],
        },
      ]),
      400,
      "invalid_order",
    );
    await expectRefused(orderBody([{ ...lumpia(), selectedCustomizations: [987654] }]), 400, "invalid_order");
  });

  it("answers 400 invalid_order for two choices in an exclusive group, or the same option twice", async () => {
    const error = await expectRefused(
      orderBody([
        { ...burgerWith("Fries"), selectedCustomizations: [optionId(burger(), "Side", "Fries"), optionId(burger(), "Side", "Coleslaw")] },
      ]),
      400,
      "invalid_order",
    );
    expect(error.details?.[0]).toMatchObject({ index: 0, group: "Side" });
    const fries = productNamed(menu1, "Classic Fries");
    const cheese = optionId(fries, "Extra toppings", "Cheese");
    await expectRefused(orderBody([{ id: fries.id, quantity: 1, selectedCustomizations: [cheese, cheese] }]), 400, "invalid_order");
  });

  it("answers 400 invalid_order for a missing required choice", async () => {
    const error = await expectRefused(orderBody([{ id: burger().id, quantity: 1 }]), 400, "invalid_order");
    expect(error.details?.[0]).toMatchObject({ index: 0, group: "Side" });
    // Wings need both a size and a sauce.
    const wings = productNamed(menu1, "Wings");
    await expectRefused(
      orderBody([{ id: wings.id, quantity: 1, selectedCustomizations: [optionId(wings, "Size", "1 lb")] }]),
      400,
      "invalid_order",
    );
  });

  it.each([
    ["quantity 0", 0],
    ["quantity 100", 100],
    ["quantity 1.5", 1.5],
    ['quantity "2"', "2"],
    ["a negative quantity", -1],
    ["quantity null", null],
  ])("answers 400 invalid_body for %s", async (_name, quantity) => {
    const error = await expectRefused(orderBody([{ ...lumpia(), quantity: quantity as number }]), 400, "invalid_body");
    expect(error.details?.[0]?.path).toBe("products.0.quantity");
  });

  it("accepts quantity 99", async () => {
    const response = await place(orderBody([lumpia(99)]));
    expect(response.status).toBe(201);
    expect(response.body.lines[0]).toMatchObject({ quantity: 99, line_total: "543.51" });
  });

  it.each([
    ["no lines", { products: [], station_id: randomUUID(), branch_id: 1 }],
    ["no products field", { station_id: randomUUID(), branch_id: 1 }],
    ["no station_id", { products: [{ id: 1, quantity: 1 }], branch_id: 1 }],
    ["a station_id that is not a UUID", { products: [{ id: 1, quantity: 1 }], station_id: "table-1", branch_id: 1 }],
    ["no branch_id", { products: [{ id: 1, quantity: 1 }], station_id: randomUUID() }],
    ["branch_id as a string", { products: [{ id: 1, quantity: 1 }], station_id: randomUUID(), branch_id: "1" }],
    ["a product id as a string", { products: [{ id: "1", quantity: 1 }], station_id: randomUUID(), branch_id: 1 }],
    [
      "options that are not a list",
      { products: [{ id: 1, quantity: 1, selectedCustomizations: 5 }], station_id: randomUUID(), branch_id: 1 },
    ],
    [
      "a customizedPrice that is not a price",
      { products: [{ id: 1, quantity: 1, customizedPrice: "-1" }], station_id: randomUUID(), branch_id: 1 },
    ],
    ["products as an object", { products: { id: 1, quantity: 1 }, station_id: randomUUID(), branch_id: 1 }],
    ["101 lines", { products: Array.from({ length: 101 }, () => ({ id: 1, quantity: 1 })), station_id: randomUUID(), branch_id: 1 }],
    ["an array body", []],
    ["a null body", null],
  ])("answers 400 invalid_body for %s", async (_name, body) => {
    await expectRefused(body, 400, "invalid_body");
  });

  it("answers 409 sold_out for a sold-out product, naming it, and takes it again once it is back on", async () => {
    const product = productNamed(menu1, "Lumpia Shanghai");
    expect((await call(server, "PATCH", `/api/products/${product.id}`, { token, json: { available: false } })).status).toBe(200);
    try {
      const error = await expectRefused(orderBody([burgerWith("Fries"), lumpia()]), 409, "sold_out");
      expect(error.details).toEqual([expect.objectContaining({ index: 1, product_id: product.id, name: "Lumpia Shanghai" })]);
      expect(error.message).toContain("Lumpia Shanghai");
    } finally {
      expect((await call(server, "PATCH", `/api/products/${product.id}`, { token, json: { available: true } })).status).toBe(200);
    }
    expect((await place(orderBody([lumpia()]))).status).toBe(201);
  });

  it.each(BAD_JSON_BODIES)("answers $status $code to $name and stores nothing", async ({ headers, body, status, code }) => {
    const before = await stored();
    const response = await call(server, "POST", "/api/orders", { headers: { ...headers, "Idempotency-Key": randomUUID() }, body });
    expectApiError(response, status, code);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ["longer than 255 characters", "k".repeat(256)],
    ["with a space", "two words"],
    ["with non-ASCII characters", "clé"],
  ])("answers 400 invalid_idempotency_key for a key %s", async (_name, key) => {
    const before = await stored();
    expectApiError(await place(orderBody([lumpia()]), key), 400, "invalid_idempotency_key");
    expect(await stored()).toEqual(before);
  });

  it("accepts a 255-character key", async () => {
    expect((await place(orderBody([lumpia()]), "k".repeat(255))).status).toBe(201);
  });
});

describe("PATCH /api/orders/:id", () => {
  const patch = (id: string, status: unknown, options: Parameters<typeof call>[3] = { token }) =>
    call<Order>(server, "PATCH", `/api/orders/${id}`, { json: { status }, ...options });

  it("moves an order received → preparing → ready → served, and then no further", async () => {
    const order = (await place(orderBody([lumpia()]))).body;
    let previous = order;
    for (const status of ["preparing", "ready", "served"] as const) {
      const response = await patch(order.id, status);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...previous, status, updated_at: expect.any(String) });
      expect(Date.parse(response.body.updated_at!)).toBeGreaterThanOrEqual(Date.parse(previous.updated_at!));
      expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body.status).toBe(status);
      previous = response.body;
    }
    for (const status of ["preparing", "ready", "cancelled"]) {
      const error = expectApiError(await patch(order.id, status), 409, "invalid_transition");
      expect(error.details?.[0]).toMatchObject({ current: "served" });
    }
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body).toEqual(publicOrder(previous));
  });

  it("cancels an order from received, preparing or ready, and a cancelled order stays cancelled", async () => {
    for (const path of [[], ["preparing"], ["preparing", "ready"]]) {
      const order = (await place(orderBody([lumpia()]))).body;
      for (const status of path) expect((await patch(order.id, status)).status).toBe(200);
      const cancelled = await patch(order.id, "cancelled");
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe("cancelled");
      expectApiError(await patch(order.id, "preparing"), 409, "invalid_transition");
      expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body.status).toBe("cancelled");
    }
  });

  it("refuses to skip a step (received → ready / served is 409)", async () => {
    const order = (await place(orderBody([lumpia()]))).body;
    expectApiError(await patch(order.id, "ready"), 409, "invalid_transition");
    expectApiError(await patch(order.id, "served"), 409, "invalid_transition");
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body).toEqual(publicOrder(order));
  });

  it("answers 200 with the unchanged order when the status is already the one asked for (a retried click)", async () => {
    const order = (await place(orderBody([lumpia()]))).body;
    const preparing = (await patch(order.id, "preparing")).body;
    const again = await patch(order.id, "preparing");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(preparing);
  });

  it.each([
    ["held (never a target)", "held"],
    ["an unknown status", "eaten"],
    ["a number", 2],
    ["null", null],
  ])("answers 400 invalid_body for status %s and changes nothing", async (_name, status) => {
    const order = (await place(orderBody([lumpia()]))).body;
    expectApiError(await patch(order.id, status), 400, "invalid_body");
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body).toEqual(publicOrder(order));
  });

  it("takes received only to release a held order: an order under way is 409 invalid_transition", async () => {
    const order = (await place(orderBody([lumpia()]))).body;
    expect((await patch(order.id, "received")).status).toBe(200);
    expect((await patch(order.id, "preparing")).status).toBe(200);
    const refused = expectApiError(await patch(order.id, "received"), 409, "invalid_transition");
    expect(refused.details?.[0]).toMatchObject({ current: "preparing" });
  });

  it.each([
    ["an unknown UUID", randomUUID()],
    ["a non-UUID id", "12"],
  ])("answers 404 order_not_found for %s", async (_name, id) => {
    expectApiError(await patch(id, "preparing"), 404, "order_not_found");
  });

  it.each(BAD_JSON_BODIES)("answers $status $code to $name and changes nothing", async ({ headers, body, status, code }) => {
    const order = (await place(orderBody([lumpia()]))).body;
    expectApiError(await call(server, "PATCH", `/api/orders/${order.id}`, { token, headers, body }), status, code);
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body).toEqual(publicOrder(order));
  });

  it("answers 401 without a valid session and 403 to the cookie from another site, changing nothing", async () => {
    const order = (await place(orderBody([lumpia()]))).body;
    for (const auth of [
      {},
      { token: await expiredToken(server) },
      { cookie: await expiredToken(server) },
      { token: await revokedToken(server) },
    ]) {
      expectApiError(await patch(order.id, "preparing", auth), 401, "unauthenticated");
    }
    expectApiError(await patch(order.id, "preparing", { cookie: token, origin: EVIL_ORIGIN }), 403, "cross_origin_refused");
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body).toEqual(publicOrder(order));
    expect((await patch(order.id, "preparing", { token, origin: EVIL_ORIGIN })).status).toBe(200);
  });
});

describe("GET /api/orders (staff)", () => {
  it("lists the branch's orders newest first, each in full", async () => {
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) placed.push((await place(orderBody([lumpia(i + 1)]))).body);
    const list = await readOrders(server, token, 1);
    expect(list.slice(0, 3)).toEqual([...placed].reverse());
    const times = list.map((o) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.every((o) => o.branch_id === 1)).toBe(true);
    const numbers = list.map((o) => o.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect((await readOrders(server, token, 2)).every((o) => o.branch_id === 2)).toBe(true);
  });

  it("filters by one status or a comma-separated list", async () => {
    const preparing = (await place(orderBody([lumpia()]))).body;
    expect((await call(server, "PATCH", `/api/orders/${preparing.id}`, { token, json: { status: "preparing" } })).status).toBe(200);
    const received = (await place(orderBody([lumpia()]))).body;

    const onlyPreparing = await readOrders(server, token, 1, "&status=preparing");
    expect(onlyPreparing.length).toBeGreaterThan(0);
    expect(onlyPreparing.every((o) => o.status === "preparing")).toBe(true);
    expect(onlyPreparing.map((o) => o.id)).toContain(preparing.id);
    expect(onlyPreparing.map((o) => o.id)).not.toContain(received.id);

    const open = await readOrders(server, token, 1, "&status=received,preparing");
    expect(open.every((o) => o.status === "received" || o.status === "preparing")).toBe(true);
    expect(open.map((o) => o.id)).toEqual(expect.arrayContaining([preparing.id, received.id]));
    const all = await readOrders(server, token, 1);
    expect(open.length).toBe(all.filter((o) => o.status === "received" || o.status === "preparing").length);
    expect(all.some((o) => o.status === "served" || o.status === "cancelled")).toBe(true);
  });

  it("filters by table (station_id, in any case), alone or with a status", async () => {
    const other = (await readStations(server, token, 1)).find((s) => s.id !== table1.id)!;
    const mine = [(await place(orderBody([lumpia()]))).body, (await place(orderBody([lumpia(2)]))).body];
    const theirs = (await place(orderBody([lumpia()], other))).body;
    expect((await call(server, "PATCH", `/api/orders/${mine[0]!.id}`, { token, json: { status: "preparing" } })).status).toBe(200);

    const atTable = await readOrders(server, token, 1, `&station_id=${table1.id}`);
    expect(atTable.every((o) => o.station_id === table1.id)).toBe(true);
    expect(atTable.map((o) => o.id)).toEqual(expect.arrayContaining(mine.map((o) => o.id)));
    expect(atTable.map((o) => o.id)).not.toContain(theirs.id);
    expect(atTable).toEqual((await readOrders(server, token, 1)).filter((o) => o.station_id === table1.id));
    expect(await readOrders(server, token, 1, `&station_id=${table1.id.toUpperCase()}`)).toEqual(atTable);
    expect((await readOrders(server, token, 1, `&station_id=${other.id}`)).map((o) => o.id)).toContain(theirs.id);

    const preparing = await readOrders(server, token, 1, `&station_id=${table1.id}&status=preparing`);
    expect(preparing.map((o) => o.id)).toContain(mine[0]!.id);
    expect(preparing.every((o) => o.station_id === table1.id && o.status === "preparing")).toBe(true);
  });

  it("answers an empty list for a table that has no orders, or no orders in that branch", async () => {
    expect(await readOrders(server, token, 1, `&station_id=${randomUUID()}`)).toEqual([]);
    expect((await place(orderBody([{ id: productNamed(menu2, "Lumpia Shanghai").id, quantity: 1 }], table2))).status).toBe(201);
    expect(await readOrders(server, token, 2, `&station_id=${table1.id}`)).toEqual([]);
  });

  it("honours limit", async () => {
    const response = await call<Order[]>(server, "GET", "/api/orders?branch_id=1&limit=2", { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual((await readOrders(server, token, 1)).slice(0, 2));
  });

  it.each([
    ["no branch_id", "/api/orders", 400, "invalid_query"],
    ["an invalid branch_id", "/api/orders?branch_id=abc", 400, "invalid_query"],
    ["an unknown branch", "/api/orders?branch_id=3", 404, "unknown_branch"],
    ["an unknown status", "/api/orders?branch_id=1&status=eaten", 400, "invalid_query"],
    ["an empty status", "/api/orders?branch_id=1&status=", 400, "invalid_query"],
    ["a list with an unknown status", "/api/orders?branch_id=1&status=received,eaten", 400, "invalid_query"],
    ["limit 0", "/api/orders?branch_id=1&limit=0", 400, "invalid_query"],
    ["a station_id that is not a UUID", "/api/orders?branch_id=1&station_id=table-1", 400, "invalid_query"],
    ["an empty station_id", "/api/orders?branch_id=1&station_id=", 400, "invalid_query"],
  ])("answers %s with the right error", async (_name, path, status, code) => {
    expectApiError(await call(server, "GET", path, { token }), status, code);
  });

  it("answers 401 without a valid session", async () => {
    for (const auth of [
      {},
      { token: await expiredToken(server) },
      { cookie: await expiredToken(server) },
      { token: await revokedToken(server) },
    ]) {
      const response = await call(server, "GET", "/api/orders?branch_id=1", auth);
      expectApiError(response, 401, "unauthenticated");
    }
  });
});

describe("GET /api/orders/:id (public)", () => {
  it("answers the order as placed, with its current status, without signing in — and without its table's key", async () => {
    const placed = await place(orderBody([burgerWith("Coleslaw")]));
    const response = await call<Order>(server, "GET", `/api/orders/${placed.body.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(publicOrder(placed.body));
    expect(response.body).not.toHaveProperty("station_id");
    expect(response.text).not.toContain(table1.id);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await call(server, "GET", `/api/orders/${placed.body.id.toUpperCase()}`)).text).toBe(response.text);
  });

  it.each([
    ["an unknown UUID", randomUUID()],
    ["a non-UUID id", "1"],
    ["a UUID with a suffix", `${randomUUID()}-1`],
  ])("answers 404 order_not_found for %s", async (_name, id) => {
    expectApiError(await call(server, "GET", `/api/orders/${id}`), 404, "order_not_found");
  });
});
