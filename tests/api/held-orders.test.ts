/**
 * Nobody can lock a table out (API.md "Trust at the table", fourth round): past TABLE_ORDER_LIMIT an
 * order is 201 `held`, waits for a staff OK, and takes no stock, no place in reports and no kitchen
 * alarm until staff release it (→ received: stock taken then, 409 sold_out if it ran out meanwhile) or
 * turn it down (→ cancelled). TABLE_ORDER_LIMIT is 1 here: each new table's second order is held.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, Order, Product, SalesReport, DiningTable } from "../../contract/schemas";
import { kitchenStatus, sweepUnseenOrders } from "../../api/kitchen/kitchen-service";
import { call, expectApiError, orderableAnyDay, readMenu, readOrders } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let menu: Menu;
let plain: Product;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, config: { tableOrderLimit: 1 } });
  token = await staffToken(server);
  menu = await readMenu(server, 1);
  plain = orderableAnyDay(menu)[0]!;
});
afterAll(() => server.dispose());

async function newTable(): Promise<DiningTable> {
  const response = await call<DiningTable>(server, "POST", "/api/stations?branch_id=1", {
    token,
    json: { codename: `Held ${randomUUID().slice(0, 8)}`, capacity: 4 },
  });
  expect(response.status).toBe(201);
  return response.body;
}

const place = (table: DiningTable, product: Product = plain, quantity = 1, key: string = randomUUID()) =>
  call<Order>(server, "POST", "/api/orders", {
    json: { products: [{ id: product.id, quantity }], station_id: table.id, branch_id: 1 },
    headers: { "Idempotency-Key": key },
  });

/** A new table past its limit: its first order accepted, then one held order of `product`. */
async function heldOrder(product: Product = plain, quantity = 1): Promise<{ table: DiningTable; order: Order }> {
  const table = await newTable();
  expect((await place(table)).body.status).toBe("received");
  const held = await place(table, product, quantity);
  expect(held.status).toBe(201);
  expect(held.body.status).toBe("held");
  return { table, order: held.body };
}

const setStatus = (id: string, status: string) => call<Order>(server, "PATCH", `/api/orders/${id}`, { token, json: { status } });
const setStock = (product: Product, stock: number | null) =>
  call<Product>(server, "PATCH", `/api/products/${product.id}`, { token, json: { stock } });
const stockOf = async (product: Product) =>
  Object.values(await readMenu(server, 1))
    .flat()
    .find((p) => p.id === product.id)!;

/** A day of its own for the report: the order is moved there, so nothing else in this file counts. */
async function reportOfDayOf(order: Order, day: string): Promise<SalesReport> {
  await server.query("UPDATE orders SET created_at = ? WHERE id = ?", [`${day}T16:00:00.000Z`, order.id]);
  const response = await call<SalesReport>(server, "GET", `/api/reports/sales?branch_id=1&from=${day}&to=${day}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

describe("an order past the table's limit", () => {
  it("is 201 held, listed by status=held and on the table's orders, and a replay of its key answers the same held order", async () => {
    const { table, order } = await heldOrder();
    const key = randomUUID();
    const again = await place(table, plain, 2, key);
    expect(again.body.status).toBe("held");

    const replay = await place(table, plain, 2, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(again.text);

    const held = await readOrders(server, token, 1, "&status=held");
    expect(held.map((o) => o.id)).toEqual(expect.arrayContaining([order.id, again.body.id]));
    expect(held.every((o) => o.status === "held")).toBe(true);
    expect((await readOrders(server, token, 1, `&station_id=${table.id}`)).map((o) => o.status).sort()).toEqual([
      "held",
      "held",
      "received",
    ]);
    // Not the kitchen's: the prep columns' list leaves it out.
    expect((await readOrders(server, token, 1, "&status=received,preparing,ready")).map((o) => o.id)).not.toContain(order.id);
  });

  it("takes no stock and is not counted in reports until released; then both, and the staff stream says order.updated", async () => {
    const counted = orderableAnyDay(menu)[1]!;
    expect((await setStock(counted, 5)).status).toBe(200);
    try {
      const { order } = await heldOrder(counted, 2);
      expect((await stockOf(counted)).stock).toBe(5);
      const day = "2026-10-06";
      expect(await reportOfDayOf(order, day)).toMatchObject({ orders: 0, total: "0.00", top_products: [] });

      const stream = await SseStream.open(server.url + "/api/events?branch_id=1", { Authorization: `Bearer ${token}` });
      try {
        const released = await setStatus(order.id, "received");
        expect(released.status).toBe(200);
        expect(released.body).toMatchObject({ id: order.id, status: "received", seen_at: null });
        let event = await stream.next();
        while (event.event !== "order.updated") event = await stream.next();
        expect(JSON.parse(event.data)).toMatchObject({ id: order.id, status: "received" });
      } finally {
        stream.close();
      }

      expect((await stockOf(counted)).stock).toBe(3);
      const report = await reportOfDayOf(order, day);
      expect(report).toMatchObject({ orders: 1, total: order.total });
      expect(report.top_products).toEqual([expect.objectContaining({ product_id: counted.id, quantity: 2 })]);
      // Released: the kitchen's now, and released once only.
      expect((await readOrders(server, token, 1, "&status=received")).map((o) => o.id)).toContain(order.id);
      expect((await setStatus(order.id, "received")).body.status).toBe("received");
      expectApiError(await setStatus(order.id, "held"), 400, "invalid_body");
    } finally {
      await setStock(counted, null);
    }
  });

  it("turned down becomes cancelled: no stock taken, not in reports, and it cannot be released any more", async () => {
    const counted = orderableAnyDay(menu)[1]!;
    expect((await setStock(counted, 4)).status).toBe(200);
    try {
      const { order } = await heldOrder(counted, 1);
      const turnedDown = await setStatus(order.id, "cancelled");
      expect(turnedDown.status).toBe(200);
      expect(turnedDown.body.status).toBe("cancelled");
      expect((await stockOf(counted)).stock).toBe(4);
      expect(await reportOfDayOf(order, "2026-10-07")).toMatchObject({ orders: 0 });
      expectApiError(await setStatus(order.id, "received"), 409, "invalid_transition");
    } finally {
      await setStock(counted, null);
    }
  });

  it("is released with the sold_out rule: 409 when its stock ran out meanwhile, and it stays held", async () => {
    const counted = orderableAnyDay(menu)[1]!;
    expect((await setStock(counted, 2)).status).toBe(200);
    try {
      // More than is left is refused at once, held or not.
      const table = await newTable();
      await place(table);
      expectApiError(await place(table, counted, 3), 409, "sold_out");

      const { order } = await heldOrder(counted, 2);
      expect((await place(await newTable(), counted, 1)).body.status).toBe("received");
      const refused = expectApiError(await setStatus(order.id, "received"), 409, "sold_out");
      expect(refused.details).toEqual([expect.objectContaining({ product_id: counted.id, left: 1 })]);
      expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body.status).toBe("held");
      expect((await stockOf(counted)).stock).toBe(1);
    } finally {
      await setStock(counted, null);
    }
  });

  it("is not the kitchen's while held: no bumps, a board showing it changes nothing, and no unseen alarm until released", async () => {
    const { order } = await heldOrder();
    const station = order.lines[0]!.prep_station;
    expectApiError(await call(server, "PATCH", `/api/orders/${order.id}`, { token, json: { bumped: station } }), 409, "invalid_transition");
    expectApiError(await setStatus(order.id, "preparing"), 409, "invalid_transition");
    expect((await call<Order>(server, "POST", `/api/orders/${order.id}/seen`, { token, json: {} })).body.seen_at).toBeNull();

    const { context } = server.running();
    // The services as the server runs them, with a one-second alert, at the moment `at`.
    const at1s = (at: number) => ({ ...context, config: { ...context.config, unseenAlertSeconds: 1 }, clock: { now: () => new Date(at) } });
    const alarmed = async (at: number) => (await sweepUnseenOrders(at1s(at))).some((o) => o.id === order.id);
    const later = Date.now() + 3_600_000;
    expect(await alarmed(later)).toBe(false);

    const listedUnseen = async (at: number) => (await kitchenStatus(at1s(at), 1)).unseen_orders.some((o) => o.id === order.id);
    expect(await listedUnseen(later)).toBe(false);

    // Held for a while, then released: the kitchen has it from the release, as from a placement.
    await server.query("UPDATE orders SET created_at = ? WHERE id = ?", [new Date(Date.now() - 3_600_000).toISOString(), order.id]);
    const releasedAt = Date.parse((await setStatus(order.id, "received")).body.updated_at!);
    expect(await listedUnseen(releasedAt + 500)).toBe(false);
    expect(await alarmed(releasedAt + 500)).toBe(false);
    expect(await listedUnseen(releasedAt + 1_500)).toBe(true);
    expect(await alarmed(releasedAt + 1_500)).toBe(true);
  });
});

describe("the table's limit", () => {
  it("counts released orders as accepted ones, and neither held nor turned-down ones", async () => {
    const { table, order: turnedDown } = await heldOrder();
    expect((await setStatus(turnedDown.id, "cancelled")).body.status).toBe("cancelled");
    const released = (await place(table)).body;
    expect(released.status).toBe("held");
    expect((await setStatus(released.id, "received")).body.status).toBe("received");

    // The first accepted order leaves the window: the released one still fills the limit of 1.
    const first = (await readOrders(server, token, 1, `&station_id=${table.id}`)).find(
      (o) => o.id !== turnedDown.id && o.id !== released.id,
    )!;
    await server.query("UPDATE orders SET created_at = ? WHERE id = ?", [new Date(Date.now() - 11 * 60_000).toISOString(), first.id]);
    expect((await place(table)).body.status).toBe("held");

    // Once the released one leaves too, only the turned-down one is in the window: it does not count.
    await server.query("UPDATE orders SET created_at = ? WHERE id = ?", [new Date(Date.now() - 11 * 60_000).toISOString(), released.id]);
    const held = await readOrders(server, token, 1, `&station_id=${table.id}&status=held`);
    for (const order of held) await setStatus(order.id, "cancelled");
    expect((await place(table)).body.status).toBe("received");
  });
});

describe("held orders per table", () => {
  it("holds at most 10 at once: the 11th is 429 rate_limited with Retry-After and stores nothing", async () => {
    const table = await newTable();
    await place(table);
    const held: Order[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await place(table);
      expect(response.body.status).toBe("held");
      held.push(response.body);
    }
    const before = (await readOrders(server, token, 1, `&station_id=${table.id}`)).length;
    const refused = await place(table);
    expectApiError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await readOrders(server, token, 1, `&station_id=${table.id}`)).toHaveLength(before);

    // Another table is not affected; a release makes room at this one.
    expect((await place(await newTable())).body.status).toBe("received");
    expect((await setStatus(held[0]!.id, "received")).body.status).toBe("received");
    expect((await place(table)).body.status).toBe("held");
  });
});
