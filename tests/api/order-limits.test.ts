/**
 * Limits that protect a restaurant whose diners share one Wi-Fi address (API.md "Limits and abuse"):
 * a table accepts TABLE_ORDER_LIMIT orders per 10 minutes (never counted per address); past that its
 * orders are held for a staff OK, and only past 10 held orders is one refused (429); one order is at
 * most MAX_ORDER_TOTAL before tax. What a held order does is in held-orders.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents, parsePriceToCents } from "../../contract/money";
import type { Menu, Order, Product, DiningTable } from "../../contract/schemas";
import { call, countRows, expectApiError, orderableAnyDay, productNamed, readMenu, readOrders } from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

const WINDOW_MS = 10 * 60_000;

let server: TestServer;
let token: string;
let menu: Menu;
let lumpia: Product;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  menu = await readMenu(server, 1);
  lumpia = productNamed(menu, "Lumpia Shanghai");
});
afterAll(() => server.dispose());

/** A table of its own for each test, so that each starts with no recent orders. */
async function newTable(target: TestServer = server, targetToken = token): Promise<DiningTable> {
  const response = await call<DiningTable>(target, "POST", "/api/stations?branch_id=1", {
    token: targetToken,
    json: { codename: `Limit ${randomUUID().slice(0, 8)}`, capacity: 4 },
  });
  expect(response.status).toBe(201);
  return response.body;
}

const orderOf = (table: DiningTable, quantity = 1) => ({ products: [{ id: lumpia.id, quantity }], station_id: table.id, branch_id: 1 });

const place = (table: DiningTable, key: string = randomUUID(), target: TestServer = server, quantity = 1) =>
  call<Order>(target, "POST", "/api/orders", { json: orderOf(table, quantity), headers: { "Idempotency-Key": key } });

/** Places `count` orders one after another, each expected to be accepted. */
async function fill(table: DiningTable, count: number, target: TestServer = server) {
  const accepted = [];
  for (let i = 0; i < count; i++) {
    const key = randomUUID();
    const response = await place(table, key, target);
    expect(response.status).toBe(201);
    accepted.push({ key, response });
  }
  return accepted;
}

/** Everything a refused order must leave alone. */
async function stored(target: TestServer = server) {
  const [orders, lines, keys, events] = await Promise.all(
    (["orders", "order_lines", "idempotency_keys", "events"] as const).map((table) => countRows(target, table)),
  );
  return { orders, lines, keys, events };
}

const ordersAt = (table: DiningTable, target: TestServer = server, targetToken = token) =>
  readOrders(target, targetToken, 1, `&station_id=${table.id}`);

/** Moves a table's orders back in time, as if they had been placed `agoMs` ago. */
async function backdate(table: DiningTable, agoMs: number, onlyOrderId?: string) {
  const at = new Date(Date.now() - agoMs).toISOString();
  if (onlyOrderId) await server.query("UPDATE orders SET created_at = ? WHERE id = ?", [at, onlyOrderId]);
  else await server.query("UPDATE orders SET created_at = ? WHERE station_id = ?", [at, table.id]);
}

function retryAfter(response: { headers: Headers }): number {
  const value = response.headers.get("retry-after");
  expect(value).toMatch(/^\d+$/);
  return Number(value);
}

/** Places `count` orders one after another, each expected to be held for a staff OK. */
async function fillHeld(table: DiningTable, count: number, target: TestServer = server) {
  const held = [];
  for (let i = 0; i < count; i++) {
    const response = await place(table, randomUUID(), target);
    expect(response.status).toBe(201);
    expect(response.body.status).toBe("held");
    held.push(response.body);
  }
  return held;
}

describe("per-table order limit (default 20 per 10 minutes, then 10 held)", () => {
  it("holds a table's 21st order for a staff OK (201 held) instead of refusing it; other tables are unaffected", async () => {
    const table = await newTable();
    const other = await newTable();
    const accepted = await fill(table, 20);
    expect(accepted.every(({ response }) => response.body.status === "received")).toBe(true);

    const held = await place(table);
    expect(held.status).toBe(201);
    expect(held.body.status).toBe("held");
    expect(await ordersAt(table)).toHaveLength(21);

    // Same restaurant, same Wi-Fi address, another table: accepted as usual.
    const elsewhere = await place(other);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.status).toBe("received");
  });

  it("refuses the order after 10 held ones with 429 rate_limited and Retry-After, storing nothing", async () => {
    const table = await newTable();
    await fill(table, 20);
    await fillHeld(table, 10);

    const before = await stored();
    const refused = await place(table);
    const error = expectApiError(refused, 429, "rate_limited");
    expect(error.message).toMatch(/wait/i);
    // The oldest of the 20 accepted was placed moments ago: it leaves the window in just under 10 minutes.
    const seconds = retryAfter(refused);
    expect(seconds).toBeGreaterThan(WINDOW_MS / 1000 - 60);
    expect(seconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(await stored()).toEqual(before);
    expect(await ordersAt(table)).toHaveLength(30);
  });

  it("answers a replay of an accepted key with its stored order even past the limit, and never counts replays", async () => {
    const table = await newTable();
    const accepted = await fill(table, 19);
    const first = accepted[0]!;
    for (let i = 0; i < 3; i++) {
      const replay = await place(table, first.key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.text).toBe(first.response.text);
    }
    // The replays did not count: the table's 20th order is still accepted, the 21st held.
    expect((await place(table)).body.status).toBe("received");
    expect((await place(table)).body.status).toBe("held");

    const before = await stored();
    const pastLimit = await place(table, first.key);
    expect(pastLimit.status).toBe(201);
    expect(pastLimit.headers.get("idempotent-replayed")).toBe("true");
    expect(pastLimit.text).toBe(first.response.text);
    expect(await stored()).toEqual(before);
    expect(await ordersAt(table)).toHaveLength(21);
  });

  it("counts only the last 10 minutes and only accepted orders: Retry-After is when the oldest counted order leaves, and a refused key is not spent", async () => {
    const table = await newTable();
    const accepted = await fill(table, 20);
    await backdate(table, WINDOW_MS - 30_000);
    const held = await fillHeld(table, 10);

    const key = randomUUID();
    const refused = await place(table, key);
    expectApiError(refused, 429, "rate_limited");
    const seconds = retryAfter(refused);
    expect(seconds).toBeGreaterThanOrEqual(29);
    expect(seconds).toBeLessThanOrEqual(31);

    // The oldest accepted order leaves the window: the table has room for one more, and the refused
    // key places it, accepted (the 10 held orders, placed later, do not count against the limit).
    await backdate(table, WINDOW_MS + 1_000, accepted[0]!.response.body.id);
    const retried = await place(table, key);
    expect(retried.status).toBe(201);
    expect(retried.body.status).toBe("received");
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expectApiError(await place(table), 429, "rate_limited");

    // Turning a held order down makes room for another held one.
    const turnedDown = await call<Order>(server, "PATCH", `/api/orders/${held[0]!.id}`, { token, json: { status: "cancelled" } });
    expect(turnedDown.body.status).toBe("cancelled");
    expect((await place(table)).body.status).toBe("held");

    // Orders older than the window do not count at all.
    await backdate(table, WINDOW_MS + 1_000);
    await fill(table, 20);
  });

  it("never asks a table to wait longer than the window, even for orders stamped ahead by another instance's clock", async () => {
    const table = await newTable();
    await fill(table, 20);
    await fillHeld(table, 10);
    await backdate(table, -5 * 60_000);
    const refused = await place(table);
    expectApiError(refused, 429, "rate_limited");
    expect(retryAfter(refused)).toBe(WINDOW_MS / 1000);
  });

  it("counts submissions racing on one table atomically: 40 at once, exactly 20 accepted and 10 held, numbered without gaps or repeats", async () => {
    const table = await newTable();
    const before = await stored();
    const responses = await Promise.all(Array.from({ length: 40 }, () => place(table)));

    const placed = responses.filter((r) => r.status === 201);
    expect(placed.filter((r) => r.body.status === "received")).toHaveLength(20);
    expect(placed.filter((r) => r.body.status === "held")).toHaveLength(10);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expectApiError(refused, 429, "rate_limited");
      expect(retryAfter(refused)).toBeGreaterThan(0);
    }
    expect((await stored()).orders).toBe(before.orders! + 30);
    const listed = await ordersAt(table);
    expect(listed.map((o) => o.id).sort()).toEqual(placed.map((r) => r.body.id).sort());
    const numbers = placed.map((r) => r.body.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => numbers[0]! + i));
  });
});

describe("order total cap (default 2000.00 before tax)", () => {
  /** The menu's priciest products that need no choices: the most a prankster can order. */
  function priciest(count: number): Product[] {
    return orderableAnyDay(menu)
      .sort((a, b) => parsePriceToCents(b.price)! - parsePriceToCents(a.price)!)
      .slice(0, count);
  }

  it("refuses a huge order (99 of each of the priciest items) with 422 order_too_large naming the cap, storing nothing", async () => {
    const table = await newTable();
    const items = priciest(4);
    expect(items).toHaveLength(4);
    const subtotal = items.reduce((sum, p) => sum + parsePriceToCents(p.price)! * 99, 0);
    expect(subtotal).toBeGreaterThan(200_000);

    const before = await stored();
    const response = await call(server, "POST", "/api/orders", {
      json: { products: items.map((p) => ({ id: p.id, quantity: 99 })), station_id: table.id, branch_id: 1 },
      headers: { "Idempotency-Key": randomUUID() },
    });
    const error = expectApiError(response, 422, "order_too_large");
    expect(error.message).toContain("2000.00");
    expect(error.details).toEqual([expect.objectContaining({ path: "products", max_total: "2000.00", subtotal: formatCents(subtotal) })]);
    expect(await stored()).toEqual(before);
    expect(await ordersAt(table)).toEqual([]);
  });

  it("accepts an order just under the cap", async () => {
    const table = await newTable();
    const [top] = priciest(1);
    const quantity = Math.floor(200_000 / parsePriceToCents(top!.price)!);
    const response = await call<Order>(server, "POST", "/api/orders", {
      json: { products: [{ id: top!.id, quantity }], station_id: table.id, branch_id: 1 },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(response.status).toBe(201);
    expect(parsePriceToCents(response.body.subtotal)).toBeLessThanOrEqual(200_000);
  });
});

describe("other settings", () => {
  let custom: TestServer;
  let customToken: string;
  let unlimited: TestServer;
  let unlimitedToken: string;
  const lumpiaCents = () => parsePriceToCents(lumpia.price)!;

  beforeAll(async () => {
    [custom, unlimited] = await Promise.all([
      // MAX_ORDER_TOTAL = exactly two Lumpia Shanghai; TABLE_ORDER_LIMIT=3.
      startTestServer({ staticDir: null, config: { tableOrderLimit: 3, maxOrderTotalCents: 2 * lumpiaCents() } }),
      startTestServer({ staticDir: null, config: { tableOrderLimit: 0 } }),
    ]);
    [customToken, unlimitedToken] = await Promise.all([staffToken(custom), staffToken(unlimited)]);
  });
  afterAll(async () => {
    await Promise.all([custom?.dispose(), unlimited?.dispose()]);
  });

  it("takes MAX_ORDER_TOTAL as configured: an order at the cap is accepted, one cent above is refused", async () => {
    const table = await newTable(custom, customToken);
    expect((await place(table, randomUUID(), custom, 2)).status).toBe(201);
    const before = await stored(custom);
    const error = expectApiError(await place(table, randomUUID(), custom, 3), 422, "order_too_large");
    expect(error.details?.[0]).toMatchObject({ max_total: formatCents(2 * lumpiaCents()) });
    expect(await stored(custom)).toEqual(before);
  });

  it("takes TABLE_ORDER_LIMIT as configured", async () => {
    const table = await newTable(custom, customToken);
    await fill(table, 3, custom);
    await fillHeld(table, 10, custom);
    expectApiError(await place(table, randomUUID(), custom), 429, "rate_limited");
    expect(await ordersAt(table, custom, customToken)).toHaveLength(13);
  });

  it("has no per-table limit with TABLE_ORDER_LIMIT=0, also for a burst", async () => {
    const table = await newTable(unlimited, unlimitedToken);
    await fill(table, 25, unlimited);
    const burst = await Promise.all(Array.from({ length: 30 }, () => place(table, randomUUID(), unlimited)));
    expect(burst.map((r) => r.status)).toEqual(Array(30).fill(201));
    const listed = await ordersAt(table, unlimited, unlimitedToken);
    expect(listed).toHaveLength(55);
    expect(new Set(listed.map((o) => o.number)).size).toBe(55);
  });
});
