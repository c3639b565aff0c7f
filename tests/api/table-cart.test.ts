/**
 * The shared table cart (docs/decisions/0010): operations from several phones, replays applied once,
 * concurrent phones losing nothing, `cart.updated` on the table's stream only, the one submit (twice at
 * once → one order), rounds, validation all-or-nothing, limits and hygiene. Real HTTP, both databases.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents, totalsFromSubtotal } from "../../contract/money";
import type { CartOperation, CartOperationsAnswer, Menu, Order, DiningTable, TableCart } from "../../contract/schemas";
import { emptyCart } from "../../api/carts/cart-service";
import { call, expectApiError, optionId, productNamed, readMenu, withoutHappyHours } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { staffToken, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let menu1: Menu;
let menu2: Menu;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, config: { maxOrderTotalCents: 50_000 } });
  token = await staffToken(server);
  // Carts are priced as orders are: at the regular prices here, whatever the hour the tests run at.
  await withoutHappyHours(server, token);
  [menu1, menu2] = [await readMenu(server, 1), await readMenu(server, 2)];
});
afterAll(() => server.dispose());

/** A table of its own per test, so no test sees another's cart. */
async function newTable(branchId = 1): Promise<DiningTable> {
  const response = await call<DiningTable>(server, "POST", `/api/stations?branch_id=${branchId}`, {
    token,
    json: { codename: `T-${randomUUID().slice(0, 8)}`, capacity: 6 },
  });
  expect(response.status).toBe(201);
  return response.body;
}

// Strictly increasing phone clocks, an hour back (the server clamps times ahead of its own).
let clock = Date.now() - 3_600_000;
const at = () => new Date((clock += 1000)).toISOString();

type Op = CartOperation extends infer T
  ? T extends CartOperation
    ? Omit<T, "op_id" | "at"> & { op_id?: string; at?: string }
    : never
  : never;
const op = (operation: Op): CartOperation => ({ op_id: randomUUID(), at: at(), ...operation }) as CartOperation;

type AddLine = Extract<CartOperation, { type: "add_line" }>;
const addLine = (fields: Pick<AddLine, "product_id" | "quantity" | "options"> & Partial<AddLine>): AddLine => ({
  type: "add_line",
  op_id: randomUUID(),
  at: at(),
  line_id: randomUUID(),
  ...fields,
});

const burger = () => productNamed(menu1, "Limitless Mega Burger");
const side = (name: string) => optionId(burger(), "Side", name);
const lumpia = () => productNamed(menu1, "Lumpia Shanghai");
const addBurger = (quantity = 1, sideName = "Fries", extra: Partial<AddLine> = {}) =>
  addLine({ product_id: burger().id, quantity, options: [side(sideName)], ...extra });
const addLumpia = (quantity = 1) => addLine({ product_id: lumpia().id, quantity, options: [] });

const send = (table: DiningTable, phone: string, operations: unknown[]) =>
  call<CartOperationsAnswer>(server, "POST", `/api/stations/${table.id}/cart/operations`, { json: { phone_id: phone, operations } });
async function apply(table: DiningTable, phone: string, operations: CartOperation[]): Promise<CartOperationsAnswer> {
  const response = await send(table, phone, operations);
  expect(response.status, response.text).toBe(200);
  return response.body;
}
async function readCart(table: DiningTable): Promise<TableCart> {
  const response = await call<TableCart>(server, "GET", `/api/stations/${table.id}/cart`);
  expect(response.status).toBe(200);
  return response.body;
}
const submit = (table: DiningTable, version: number, key: string | null = randomUUID()) =>
  call<Order>(server, "POST", `/api/stations/${table.id}/cart/submit`, {
    json: { version },
    headers: key === null ? {} : { "Idempotency-Key": key },
  });
const ordersOf = async (table: DiningTable) =>
  (await server.query<{ n: number }>("SELECT count(*) AS n FROM orders WHERE station_id = ?", [table.id]))[0]!.n;
const results = (answer: CartOperationsAnswer) => answer.results.map((r) => (r.reason ? `${r.result}:${r.reason}` : r.result));

describe("one cart per table, shared by its phones", () => {
  it("shows every phone's adds, changes and removals, each line with who added it, priced as an order is", async () => {
    const table = await newTable();
    const [phone1, phone2] = [randomUUID(), randomUUID()];
    expect(await readCart(table)).toMatchObject({
      station_id: table.id,
      branch_id: 1,
      version: 0,
      lines: [],
      subtotal: "0.00",
      total: "0.00",
      submitting: false,
    });

    const burgerLine = addBurger(2, "Onion Rings", { note: "no pickles" });
    const first = await apply(table, phone1, [burgerLine]);
    expect(results(first)).toEqual(["applied"]);
    expect(first.cart.version).toBe(1);

    const lumpiaLine = addLumpia(1);
    const second = await apply(table, phone2, [
      op({ type: "set_name", name: "Ana" }),
      lumpiaLine,
      op({ type: "set_quantity", line_id: burgerLine.line_id, quantity: 3 }),
    ]);
    expect(results(second)).toEqual(["applied", "applied", "applied"]);
    expect(second.cart.version).toBe(2);

    const third = await apply(table, phone1, [op({ type: "remove_line", line_id: lumpiaLine.line_id }), addLumpia(2)]);
    const cart = await readCart(table);
    // The same version read again: the same cart, priced again (later or at the same moment).
    expect(cart).toEqual({ ...third.cart, priced_at: cart.priced_at });
    expect(Date.parse(cart.priced_at)).toBeGreaterThanOrEqual(Date.parse(third.cart.priced_at));
    expect(cart.version).toBe(3);
    const unitCents = 1399 + 200;
    const lumpiaCents = Math.round(Number(lumpia().price) * 100);
    expect(cart.lines).toEqual([
      {
        line_id: burgerLine.line_id,
        phone_id: phone1,
        phone_name: "Phone 1",
        product_id: burger().id,
        name: "Limitless Mega Burger",
        quantity: 3,
        options: [{ id: side("Onion Rings"), name: "Onion Rings", price: "2.00" }],
        note: "no pickles",
        unit_price: formatCents(unitCents),
        line_total: formatCents(3 * unitCents),
        available: true,
        changed_at: expect.any(String),
      },
      expect.objectContaining({
        phone_name: "Phone 1",
        name: "Lumpia Shanghai",
        quantity: 2,
        line_total: formatCents(2 * lumpiaCents),
        options: [],
      }),
    ]);
    const totals = totalsFromSubtotal(3 * unitCents + 2 * lumpiaCents);
    expect(cart).toMatchObject({ subtotal: formatCents(totals.subtotal), tax: formatCents(totals.tax), total: formatCents(totals.total) });

    // A name set later shows on that phone's lines; blank brings "Phone 2" back.
    await apply(table, phone2, [addLumpia(1)]);
    expect((await readCart(table)).lines.map((l) => l.phone_name)).toEqual(["Phone 1", "Phone 1", "Ana"]);
    await apply(table, phone2, [op({ type: "set_name", name: "  " })]);
    expect((await readCart(table)).lines.map((l) => l.phone_name)).toEqual(["Phone 1", "Phone 1", "Phone 2"]);
  });

  it("applies a replayed operation once, and merges by the rules: removal wins, the latest change wins, an existing line is not added twice", async () => {
    const table = await newTable();
    const [phone1, phone2] = [randomUUID(), randomUUID()];
    const add = addBurger(1);
    const batch = [add, op({ type: "set_quantity", line_id: add.line_id, quantity: 4 })];
    expect(results(await apply(table, phone1, batch))).toEqual(["applied", "applied"]);
    // The phone never heard the answer and sends the same operations again; one id twice in one request too.
    const replay = await apply(table, phone1, [...batch, batch[1]!]);
    expect(results(replay)).toEqual(["duplicate", "duplicate", "duplicate"]);
    expect(replay.cart.version).toBe(1);
    expect(replay.cart.lines).toHaveLength(1);
    expect(replay.cart.lines[0]!.quantity).toBe(4);

    // Phone 2 changed the quantity offline earlier than phone 1's change: stale, whenever it arrives.
    const staleChange = op({
      type: "set_quantity",
      line_id: add.line_id,
      quantity: 9,
      at: new Date(Date.parse(add.at) - 500).toISOString(),
    });
    const sameLineAgain = { ...addBurger(7), line_id: add.line_id };
    expect(results(await apply(table, phone2, [staleChange, sameLineAgain]))).toEqual(["ignored:stale", "ignored:line_exists"]);
    expect((await readCart(table)).lines[0]!.quantity).toBe(4);

    const removal = op({ type: "remove_line", line_id: add.line_id });
    const laterChange = op({ type: "set_quantity", line_id: add.line_id, quantity: 2 });
    const removed = await apply(table, phone2, [removal]);
    expect(removed.cart.lines).toEqual([]);
    expect(results(await apply(table, phone1, [laterChange, batch[0]!, op({ type: "remove_line", line_id: randomUUID() })]))).toEqual([
      "ignored:line_removed",
      "duplicate",
      "ignored:line_not_found",
    ]);
    const cart = await readCart(table);
    expect(cart.lines).toEqual([]);
    expect(cart.version).toBe(removed.cart.version);
  });

  it("loses nothing when phones send at the same moment", async () => {
    const table = await newTable();
    const phones = [randomUUID(), randomUUID(), randomUUID()];
    const sent = phones.flatMap((phone) => [0, 1, 2].map(() => ({ phone, operations: [addLumpia(1), addBurger(1, "Coleslaw")] })));
    const answers = await Promise.all(sent.map(({ phone, operations }) => apply(table, phone, operations)));
    expect(answers.flatMap(results)).toEqual(Array(18).fill("applied"));
    expect(new Set(answers.map((a) => a.cart.version)).size).toBe(9);

    const cart = await readCart(table);
    expect(cart.version).toBe(9);
    expect(cart.lines.map((l) => l.line_id).sort()).toEqual(sent.flatMap((s) => s.operations.map((o) => o.line_id)).sort());
    expect(new Set(cart.lines.map((l) => l.phone_name))).toEqual(new Set(["Phone 1", "Phone 2", "Phone 3"]));

    // Concurrent changes of one line: the latest stamp wins, in whichever order they land.
    const target = cart.lines[0]!.line_id;
    const base = Date.now() - 60_000;
    const changes = [3, 5, 2].map((quantity, i) =>
      op({ type: "set_quantity", line_id: target, quantity, at: new Date(base + i * 1000).toISOString() }),
    );
    await Promise.all(changes.reverse().map((change, i) => apply(table, phones[i]!, [change])));
    expect((await readCart(table)).lines.find((l) => l.line_id === target)!.quantity).toBe(2);
  });

  it("sends cart.updated on the table's stream, not on the staff stream or another table's", async () => {
    const [table, other] = [await newTable(), await newTable()];
    const stream = await SseStream.open(`${server.url}/api/stations/${table.id}/events`);
    const otherStream = await SseStream.open(`${server.url}/api/stations/${other.id}/events`);
    const staff = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` }, ["table.updated"]);
    try {
      const answer = await apply(table, randomUUID(), [addLumpia(2)]);
      const event = await stream.next();
      expect(event.event).toBe("cart.updated");
      expect(JSON.parse(event.data)).toEqual(answer.cart);

      // The next thing the staff stream and the other table hear is an order of the other table, not the cart.
      const otherAnswer = await apply(other, randomUUID(), [addLumpia(1)]);
      const otherEvent = await otherStream.next();
      expect([otherEvent.event, (JSON.parse(otherEvent.data) as TableCart).station_id]).toEqual(["cart.updated", other.id]);
      const placed = await submit(other, otherAnswer.cart.version);
      expect(placed.status).toBe(201);
      const staffEvent = await staff.next();
      expect([staffEvent.event, (JSON.parse(staffEvent.data) as Order).id]).toEqual(["order.created", placed.body.id]);
      // A staff stream resuming from before the cart changes skips them too (the catch-up query).
      const resumed = await SseStream.open(`${server.url}/api/events?branch_id=1`, {
        Authorization: `Bearer ${token}`,
        "Last-Event-ID": String(Number(event.id) - 1),
      });
      try {
        expect((await resumed.next()).id).toBe(staffEvent.id);
      } finally {
        resumed.close();
      }
    } finally {
      stream.close();
      otherStream.close();
      staff.close();
    }
  });
});

describe("the one submit", () => {
  it("makes one order when two phones submit at once, answers a repeated key the same, and starts the next round", async () => {
    const table = await newTable();
    const [phone1, phone2] = [randomUUID(), randomUUID()];
    const burgerLine = addBurger(2, "Onion Rings", { note: "well done" });
    const lumpiaLine = addLumpia(3);
    await apply(table, phone1, [burgerLine]);
    const { cart } = await apply(table, phone2, [lumpiaLine]);

    const [a, b] = await Promise.all([submit(table, cart.version), submit(table, cart.version)]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    expect(won.status).toBe(201);
    const error = expectApiError(lost, 409, "cart_already_submitted");
    expect(error.details).toEqual([expect.objectContaining({ order_id: won.body.id })]);
    expect(await ordersOf(table)).toBe(1);
    expect(won.body).toMatchObject({ station_id: table.id, branch_id: 1, status: "received" });
    expect(won.body.lines.map((l) => [l.name, l.quantity])).toEqual([
      ["Limitless Mega Burger", 2],
      ["Lumpia Shanghai", 3],
    ]);
    expect(won.body.total).toBe(cart.total);

    // Every phone now sees it sent and the cart empty.
    const after = await readCart(table);
    expect(after).toMatchObject({ lines: [], version: cart.version + 1, subtotal: "0.00", last_order: { id: won.body.id } });

    // The same key again (and twice at once): the same answer, no second order.
    const key = randomUUID();
    const next = await apply(table, phone1, [addLumpia(1)]);
    const [k1, k2] = await Promise.all([submit(table, next.cart.version, key), submit(table, next.cart.version, key)]);
    const k3 = await submit(table, next.cart.version, key);
    expect([k1.status, k2.status, k3.status]).toEqual([201, 201, 201]);
    expect(new Set([k1.text, k2.text, k3.text]).size).toBe(1);
    expect(k3.headers.get("idempotent-replayed")).toBe("true");
    expect(await ordersOf(table)).toBe(2);
    expectApiError(await submit(table, next.cart.version + 1, key), 422, "idempotency_key_reused");

    // After the submit: changes to sent lines are no-ops, a replayed add is a duplicate, a new add is the next round.
    const round = await apply(table, phone2, [
      op({ type: "set_quantity", line_id: burgerLine.line_id, quantity: 5 }),
      lumpiaLine,
      addBurger(1),
    ]);
    expect(results(round)).toEqual(["ignored:line_submitted", "duplicate", "applied"]);
    expect(round.cart.lines).toHaveLength(1);
    expect(round.cart.last_order?.id).toBe(k1.body.id);
    const third = await submit(table, round.cart.version);
    expect(third.status).toBe(201);
    expect(third.body.lines.map((l) => [l.name, l.quantity])).toEqual([["Limitless Mega Burger", 1]]);
    expect(await ordersOf(table)).toBe(3);
  });

  it("tells every phone which order emptied the cart and who added each of its lines, also on the table's stream", async () => {
    const table = await newTable();
    const [alice, phone2] = [randomUUID(), randomUUID()];
    // The same dish from two phones stays two lines, each with its own author.
    const aliceLumpia = addLumpia(2);
    await apply(table, alice, [op({ type: "set_name", name: "Alice" }), aliceLumpia]);
    const burgerLine = addBurger(1, "Onion Rings");
    const phone2Lumpia = addLumpia(1);
    const { cart } = await apply(table, phone2, [burgerLine, phone2Lumpia]);
    expect(cart.last_order_lines).toBeUndefined();

    const stream = await SseStream.open(`${server.url}/api/stations/${table.id}/events`);
    try {
      const placed = await submit(table, cart.version);
      expect(placed.status).toBe(201);
      let event = await stream.next();
      while (event.event !== "cart.updated") event = await stream.next();
      const emptied = JSON.parse(event.data) as TableCart;
      expect(emptied).toMatchObject({ lines: [], last_order: { id: placed.body.id, number: placed.body.number } });
      const expected = [
        { line_id: aliceLumpia.line_id, phone_id: alice, phone_name: "Alice", name: "Lumpia Shanghai", quantity: 2 },
        { line_id: burgerLine.line_id, phone_id: phone2, phone_name: "Phone 2", name: "Limitless Mega Burger", quantity: 1 },
        { line_id: phone2Lumpia.line_id, phone_id: phone2, phone_name: "Phone 2", name: "Lumpia Shanghai", quantity: 1 },
      ];
      expect(emptied.last_order_lines).toMatchObject(expected);
      // Each is the order's own line (names, options and prices as charged), plus who added it.
      expect(emptied.last_order_lines!.map(({ line_id: _l, phone_id: _p, phone_name: _n, ...line }) => line)).toEqual(placed.body.lines);
      expect((await readCart(table)).last_order_lines).toEqual(emptied.last_order_lines);

      // The next round's order names only its own lines; a renamed phone shows its new name.
      const next = await apply(table, phone2, [op({ type: "set_name", name: "Bo" }), addLumpia(4)]);
      expect(next.cart.last_order_lines?.map((line) => line.phone_name)).toEqual(["Alice", "Bo", "Bo"]);
      const second = await submit(table, next.cart.version);
      expect(second.status).toBe(201);
      const after = await readCart(table);
      expect(after.last_order?.id).toBe(second.body.id);
      expect(after.last_order_lines).toMatchObject([{ phone_id: phone2, phone_name: "Bo", name: "Lumpia Shanghai", quantity: 4 }]);

      // Emptied (a closed tab): no order, no lines.
      const closed = await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "cash" } });
      expect(closed.status).toBe(200);
      const fresh = await readCart(table);
      expect(fresh.last_order).toBeUndefined();
      expect(fresh.last_order_lines).toBeUndefined();
    } finally {
      stream.close();
    }
  });

  it("refuses an empty cart, a version the phone has not seen, and what the order service refuses, leaving the cart as it was", async () => {
    const table = await newTable();
    expectApiError(await submit(table, 0), 409, "cart_empty");
    const { cart } = await apply(table, randomUUID(), [addBurger(99)]);
    const stale = expectApiError(await submit(table, cart.version - 1), 409, "cart_changed");
    expect(stale.details).toEqual([expect.objectContaining({ path: "version", version: cart.version })]);

    // 99 burgers are over this server's order cap (500.00): refused, nothing placed, the cart not frozen.
    expectApiError(await submit(table, cart.version), 422, "order_too_large");
    expect(await ordersOf(table)).toBe(0);
    const answer = await apply(table, randomUUID(), [op({ type: "set_quantity", line_id: cart.lines[0]!.line_id, quantity: 1 })]);
    expect(answer.cart.submitting).toBe(false);

    // Sold out after it was added: the cart shows it unavailable, and the submit names the line.
    const product = productNamed(menu1, "BBQ Skewers");
    const line = addLine({ product_id: product.id, quantity: 1, options: [] });
    const added = await apply(table, randomUUID(), [line]);
    expect((await call(server, "PATCH", `/api/products/${product.id}`, { token, json: { available: false } })).status).toBe(200);
    try {
      const shown = await readCart(table);
      expect(shown.lines.find((l) => l.line_id === line.line_id)).toMatchObject({ available: false, unit_price: product.price });
      const soldOut = expectApiError(await submit(table, added.cart.version), 409, "sold_out");
      expect(soldOut.details).toEqual([expect.objectContaining({ index: 1, line_id: line.line_id })]);
      expect(await ordersOf(table)).toBe(0);
      // Adding it now is refused outright, naming the operation.
      const refused = expectApiError(
        await send(table, randomUUID(), [addLine({ product_id: product.id, quantity: 1, options: [] })]),
        409,
        "sold_out",
      );
      expect(refused.details).toEqual([expect.objectContaining({ index: 0 })]);
    } finally {
      expect((await call(server, "PATCH", `/api/products/${product.id}`, { token, json: { available: true } })).status).toBe(200);
    }
    expect(await readCart(table)).toMatchObject({ version: added.cart.version, submitting: false });
  });
});

describe("validation, limits and hygiene", () => {
  it("refuses a request with any invalid operation, naming it, and applies nothing of it", async () => {
    const table = await newTable();
    const phone = randomUUID();
    const valid = addLumpia(1);
    const fries = productNamed(menu1, "Classic Fries");
    const cases: Array<[string, CartOperation]> = [
      ["unknown product", addLine({ product_id: 999_999, quantity: 1, options: [] })],
      ["another branch's product", addLine({ product_id: productNamed(menu2, "Lumpia Shanghai").id, quantity: 1, options: [] })],
      ["an option not the product's", addBurger(1, "Fries", { options: [side("Fries"), optionId(fries, "Extra toppings", "Cheese")] })],
      ["an exclusive group twice", addBurger(1, "Fries", { options: [side("Fries"), side("Coleslaw")] })],
      ["a required group missing", addBurger(1, "Fries", { options: [] })],
    ];
    for (const [name, bad] of cases) {
      const error = expectApiError(await send(table, phone, [valid, bad]), 400, "invalid_operation");
      expect(error.details, name).toEqual([expect.objectContaining({ index: 1, op_id: bad.op_id })]);
    }
    const shapes: Array<[string, unknown[]]> = [
      ["quantity 0", [{ ...valid, quantity: 0 }]],
      ["quantity 100", [{ ...valid, quantity: 100 }]],
      ["a note over 140", [{ ...valid, note: "x".repeat(141) }]],
      ["51 options", [{ ...valid, options: Array.from({ length: 51 }, (_, i) => i + 1) }]],
      ["51 operations", Array.from({ length: 51 }, () => addLumpia(1))],
      ["no operations", []],
      ["an op id that is not a UUID", [{ ...valid, op_id: "op-1" }]],
      ["a time that is not one", [{ ...valid, at: "yesterday" }]],
      ["an unknown type", [{ ...valid, type: "clear_cart" }]],
      ["a name over 24", [op({ type: "set_name", name: "x".repeat(25) })]],
    ];
    for (const [name, operations] of shapes) {
      const response = await send(table, phone, operations);
      expect(response.status, name).toBe(400);
      expectApiError(response, 400, "invalid_body");
    }
    expectApiError(
      await call(server, "POST", `/api/stations/${table.id}/cart/operations`, { json: { phone_id: "phone", operations: [valid] } }),
      400,
      "invalid_body",
    );
    expectApiError(await send(table, phone, [{ ...valid, note: "x".repeat(70_000) }]), 413, "payload_too_large");
    expect(await readCart(table)).toMatchObject({ version: 0, lines: [] });
    // The refused operations were not remembered: sent again alone, the valid one applies.
    expect(results(await apply(table, phone, [valid]))).toEqual(["applied"]);
  });

  it("404s an unknown table on every cart endpoint", async () => {
    const unknown = randomUUID();
    expectApiError(await call(server, "GET", `/api/stations/${unknown}/cart`), 404, "station_not_found");
    expectApiError(await call(server, "GET", "/api/stations/table-1/cart"), 404, "station_not_found");
    expectApiError(
      await call(server, "POST", `/api/stations/${unknown}/cart/operations`, {
        json: { phone_id: randomUUID(), operations: [addLumpia()] },
      }),
      404,
      "station_not_found",
    );
    expectApiError(await call(server, "POST", `/api/stations/${unknown}/cart/submit`, { json: { version: 0 } }), 404, "station_not_found");
  });

  it("holds a cart to 100 lines and a table to 300 operations a minute", async () => {
    const table = await newTable();
    const phone = randomUUID();
    for (let i = 0; i < 2; i++)
      await apply(
        table,
        phone,
        Array.from({ length: 50 }, () => addLumpia(1)),
      );
    const full = await apply(table, phone, [addLumpia(1), ...Array.from({ length: 49 }, () => op({ type: "set_name", name: "Ana" }))]);
    expect(results(full)[0]).toBe("ignored:cart_full");
    expect(full.cart.lines).toHaveLength(100);
    for (let i = 0; i < 3; i++)
      await apply(
        table,
        phone,
        Array.from({ length: 50 }, () => op({ type: "set_name", name: `Ana ${i}` })),
      );
    const limited = await send(table, phone, [op({ type: "set_name", name: "Bo" })]);
    expectApiError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("empties a cart untouched for 3 hours on its next read, and when staff close the table's tab", async () => {
    const table = await newTable();
    let stream = await SseStream.open(`${server.url}/api/stations/${table.id}/events`);
    try {
      const { cart } = await apply(table, randomUUID(), [addLumpia(2)]);
      expect((await stream.next()).event).toBe("cart.updated");
      await server.query("UPDATE carts SET updated_at = ? WHERE station_id = ?", [
        new Date(Date.now() - 3 * 3_600_000 + 60_000).toISOString(),
        table.id,
      ]);
      expect((await readCart(table)).lines).toHaveLength(1);
      await server.query("UPDATE carts SET updated_at = ? WHERE station_id = ?", [
        new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString(),
        table.id,
      ]);
      const emptied = await readCart(table);
      expect(emptied).toMatchObject({ lines: [], version: cart.version + 1 });
      expect(JSON.parse((await stream.next()).data)).toEqual(emptied);
      // The expired cart was the table's visit: its streams hear the end and close (API.md "Trust at the table").
      expect(await stream.next()).toMatchObject({ event: "visit.ended", data: JSON.stringify({ reason: "idle" }) });
      await expect(stream.next()).rejects.toThrow(/the stream ended/);
      stream = await SseStream.open(`${server.url}/api/stations/${table.id}/events`);
      expectApiError(await submit(table, emptied.version), 409, "cart_empty");

      // Closing the table's tab (staff) empties its cart, and the phones hear it; the cart is its own
      // thing, not on the tab, so the tab needs an order to be closable.
      const { cart: refilled } = await apply(table, randomUUID(), [addLumpia(1)]);
      await stream.next();
      const placed = await call(server, "POST", "/api/orders", {
        headers: { "Idempotency-Key": randomUUID() },
        json: { station_id: table.id, branch_id: 1, products: [{ id: lumpia().id, quantity: 1 }] },
      });
      expect(placed.status).toBe(201);
      expect((await stream.next()).event).toBe("order.created");
      expect((await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "card" } })).status).toBe(200);
      const afterClose = await stream.next();
      expect(afterClose.event).toBe("cart.updated");
      expect(JSON.parse(afterClose.data)).toMatchObject({ lines: [], version: refilled.version + 1 });
      expect(await readCart(table)).toMatchObject({ lines: [], version: refilled.version + 1 });
      const { database } = server.running();
      expect(await database.transaction((tx) => emptyCart(tx, table.id, new Date()))).toBe(false);

      // A write to a cart idle for 3 hours empties it first: only the new line is left.
      await apply(table, randomUUID(), [addLumpia(1)]);
      await server.query("UPDATE carts SET updated_at = ? WHERE station_id = ?", [
        new Date(Date.now() - 4 * 3_600_000).toISOString(),
        table.id,
      ]);
      const fresh = addBurger(1);
      const after = await apply(table, randomUUID(), [fresh]);
      expect(after.cart.lines.map((l) => [l.line_id, l.phone_name])).toEqual([[fresh.line_id, "Phone 1"]]);
    } finally {
      stream.close();
    }
  });
});
