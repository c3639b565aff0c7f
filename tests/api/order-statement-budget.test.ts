/**
 * An order's work is a budget (PRODUCT.md, fifth round: "The core stays lean as features grow"):
 * every SQL statement one plain order runs is counted, BEGIN and COMMIT included, on SQLite and on
 * PostgreSQL, so a feature that adds one to the order path is seen here. What an order reads of its
 * table, the catalog, the branch and its printers comes from memory (api/db/reference-data.ts); the
 * rest of what it reads is one statement. That memory is kept true after every commit, on every
 * instance: each kind is changed through the API below and an order placed at once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable, Menu, Order, Printer, Product } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu, readStations, withoutHappyHours } from "../support/api-helpers";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, TEST_DIALECT, type TestServer } from "../support/test-server";

/** BEGIN, what the order reads (one statement; on PostgreSQL its locks one more), the order, its lines, its key, its events, COMMIT. */
const ORDER_STATEMENT_BUDGET = 8;

// A Wednesday afternoon in Toronto (15:00 EST): the happy-hour test below sets a window around it.
const clock = new TestClock();
const WEDNESDAY_AFTERNOON = "2026-11-25T20:00:00Z";

let server: TestServer;
let token: string;
let tables: DiningTable[];
let menu: Menu;
/** A product anyone can order any day, uncounted, with no required choice. */
let plain: Product;
let anotherPlain: Product;

// No background reads while statements are counted: the streams' and the printers' ticks are an hour, and so is
// the wait before an offline printer is tried again (its retry read the queue while an order was counted).
const HOUR = 3_600_000;
const quiet = {
  streamTiming: { pollMs: HOUR },
  printing: { tickMs: HOUR, idleCheckMs: HOUR, firstBackoffMs: HOUR, maxBackoffMs: HOUR },
  clock,
};

beforeAll(async () => {
  clock.set(WEDNESDAY_AFTERNOON);
  server = await startTestServer({ staticDir: null, server: quiet });
  token = await staffToken(server);
  await withoutHappyHours(server, token);
  tables = await readStations(server, token, 1);
  menu = await readMenu(server, 1);
  [plain, anotherPlain] = orderableAnyDay(menu).filter(
    (product) => product.stock === null && Object.values(product.customizations).every((group) => !group.required),
  ) as [Product, Product];
});
afterAll(() => server?.dispose());

interface Line {
  id: number;
  quantity: number;
  selectedCustomizations?: number[];
}

function place(on: TestServer, table: DiningTable, lines: Line[] = [{ id: plain.id, quantity: 1 }]) {
  return call<Order>(on, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: { station_id: table.id, branch_id: table.branch_id, products: lines.map((line) => ({ selectedCustomizations: [], ...line })) },
  });
}

/** Every statement the server's database runs from the request to its answer, and what the commit sets off right after. */
async function statementsOf<T>(action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = server.running().database.traceStatements((statement) => statements.push(statement.trim()));
  try {
    const result = await action();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { result, statements };
  } finally {
    stop();
  }
}

/** The statements of the order's own transaction, BEGIN to COMMIT. */
function transactionOf(statements: string[]): string[] {
  const begin = statements.findIndex((s) => /^begin/i.test(s));
  const commit = statements.findIndex((s) => /^commit/i.test(s));
  expect(begin, statements.join("\n")).toBeGreaterThanOrEqual(0);
  return statements.slice(begin, commit + 1);
}

async function placedWithin(table: DiningTable, lines?: Line[]): Promise<string[]> {
  const { result, statements } = await statementsOf(() => place(server, table, lines));
  expect(result.status, result.text).toBe(201);
  expect(statements.length, `${statements.length} statements:\n${statements.join("\n")}`).toBeLessThanOrEqual(ORDER_STATEMENT_BUDGET);
  expect(statements[0]).toMatch(/^begin/i);
  expect(statements.at(-1)).toMatch(/^commit/i);
  return statements;
}

/** A read of reference data: a plain SELECT of a table's columns whose first FROM is one of these tables. */
const REFERENCE_TABLES = /^select [^()]*? from "?(stations|products|option_groups|options|branches|printers)"?[\s]/i;

describe(`an order's statements (${TEST_DIALECT})`, () => {
  beforeAll(async () => {
    // The process's first order also prunes old idempotency keys (once an hour): not a plain order.
    expect((await place(server, tables[0]!)).status).toBe(201);
  });

  it(`a plain order runs at most ${ORDER_STATEMENT_BUDGET}, BEGIN and COMMIT included: the first of a visit, the next, and one of several lines`, async () => {
    const first = await placedWithin(tables[1]!);
    const next = await placedWithin(tables[1]!);
    const options = Object.values(plain.customizations).flatMap((group) => group.options.slice(0, 1).map((option) => option.id));
    const several = await placedWithin(tables[1]!, [
      { id: plain.id, quantity: 2, selectedCustomizations: options },
      { id: anotherPlain.id, quantity: 1 },
      { id: plain.id, quantity: 1 },
    ]);
    for (const statements of [first, next, several]) {
      // The table, the catalog, the branch and its printers come from memory.
      expect(statements.filter((s) => REFERENCE_TABLES.test(s))).toEqual([]);
      // One INSERT each for the order, its lines (all of them), its key and its events (the visit's start too).
      for (const table of ["orders", "order_lines", "idempotency_keys", "events"])
        expect(
          statements.filter((s) => new RegExp(`insert into "?${table}"? `, "i").test(s)),
          table,
        ).toHaveLength(1);
    }
  });

  it("a branch with no printers reads and writes nothing of printers; one with a printer adds its ticket's INSERT only", async () => {
    const kitchen = await call<Printer>(server, "POST", "/api/printers", {
      token,
      json: { branch_id: 2, name: "Budget kitchen", host: "127.0.0.1", port: 9, prep_station: "kitchen", receipts: false },
    });
    expect(kitchen.status, kitchen.text).toBe(201);
    // Its dispatcher tries it at once and finds nothing listening: that is done before counting.
    const printerStatus = async () => (await call<Printer[]>(server, "GET", "/api/printers?branch_id=2", { token })).body[0]?.status;
    await expect.poll(printerStatus, { timeout: 10_000 }).toBe("offline");
    expect((await place(server, tables[2]!)).status).toBe(201); // reads the printers once, into memory
    const withoutPrinters = await placedWithin(tables[2]!);
    expect(withoutPrinters.filter((s) => /print/i.test(s))).toEqual([]);

    const branch2 = (await readStations(server, token, 2))[0]!;
    const kitchenDish = orderableAnyDay(await readMenu(server, 2)).find((p) => p.prep_station === "kitchen" && p.stock === null)!;
    const lines = [{ id: kitchenDish.id, quantity: 1 }];
    expect((await place(server, branch2, lines)).status).toBe(201); // reads branch 2's catalog once, into memory
    const { result, statements } = await statementsOf(() => place(server, branch2, lines));
    expect(result.status).toBe(201);
    const order = transactionOf(statements);
    expect(order.filter((s) => /insert into "?print_jobs"?/i.test(s))).toHaveLength(1);
    expect(order.filter((s) => REFERENCE_TABLES.test(s))).toEqual([]);
    expect(order.length).toBeLessThanOrEqual(ORDER_STATEMENT_BUDGET + (TEST_DIALECT === "postgres" ? 2 : 1));
    expect((await call(server, "DELETE", `/api/printers/${kitchen.body.id}`, { token })).status).toBe(204);
  });
});

describe(`what an order reads from memory is true after every commit (${TEST_DIALECT})`, () => {
  const priceOf = async (on: TestServer, table: DiningTable, product = plain) => {
    const answer = await place(on, table, [{ id: product.id, quantity: 1 }]);
    expect(answer.status, answer.text).toBe(201);
    return answer.body.lines[0]!.unit_price;
  };

  it("a new table takes orders at once, and a removed one none", async () => {
    const created = await call<DiningTable>(server, "POST", "/api/stations", {
      token,
      json: { branch_id: 1, codename: "Budget 1", capacity: 2 },
    });
    expect(created.status, created.text).toBe(201);
    expect((await place(server, created.body)).status).toBe(201);
    expect((await call(server, "DELETE", `/api/stations/${created.body.id}`, { token })).status).toBe(204);
    expectApiError(await place(server, created.body), 404, "unknown_station");
  });

  it("a new price, a sold-out dish and a happy hour apply to the next order", async () => {
    const table = tables[3]!;
    expect(await priceOf(server, table)).toBe(plain.price);
    const put = (body: unknown) => call(server, "PUT", `/api/products/${plain.id}`, { token, json: body });
    expect((await put({ price: "23.45" })).status).toBe(200);
    expect(await priceOf(server, table)).toBe("23.45");
    expect((await call(server, "PATCH", `/api/products/${plain.id}`, { token, json: { available: false } })).status).toBe(200);
    expectApiError(await place(server, table), 409, "sold_out");
    expect((await call(server, "PATCH", `/api/products/${plain.id}`, { token, json: { available: true } })).status).toBe(200);

    expect((await put({ happy_hour_price: "11.11" })).status).toBe(200);
    expect(await priceOf(server, table)).toBe("23.45");
    const windows = [{ weekdays: [3], from: "14:00", to: "18:00" }];
    expect((await call(server, "PUT", "/api/branches/1/happy_hours", { token, json: windows })).status).toBe(200);
    expect(await priceOf(server, table)).toBe("11.11");
    await withoutHappyHours(server, token);
    expect(await priceOf(server, table)).toBe("23.45");
    expect((await put({ price: plain.price, happy_hour_price: plain.happy_hour_price })).status).toBe(200);
    expect(await priceOf(server, table)).toBe(plain.price);
  });

  if (TEST_DIALECT === "postgres") {
    it("another instance on the same database hears each change: tables, prices, happy hours", async () => {
      const second = await startTestServer({ staticDir: null, sameDatabaseAs: server, server: quiet });
      try {
        const table = tables[0]!;
        expect(await priceOf(second, table, anotherPlain)).toBe(anotherPlain.price); // now in the second's memory
        const created = await call<DiningTable>(server, "POST", "/api/stations", {
          token,
          json: { branch_id: 1, codename: "Budget 2", capacity: 2 },
        });
        expect((await place(second, created.body)).status).toBe(201);

        const put = (body: unknown) => call(server, "PUT", `/api/products/${anotherPlain.id}`, { token, json: body });
        expect((await put({ price: "31.00", happy_hour_price: "7.00" })).status).toBe(200);
        await expect.poll(() => priceOf(second, table, anotherPlain), { timeout: 5_000, interval: 50 }).toBe("31.00");
        const windows = [{ weekdays: [3], from: "14:00", to: "18:00" }];
        expect((await call(server, "PUT", "/api/branches/1/happy_hours", { token, json: windows })).status).toBe(200);
        await expect.poll(() => priceOf(second, table, anotherPlain), { timeout: 5_000, interval: 50 }).toBe("7.00");
        await withoutHappyHours(server, token);
        await expect.poll(() => priceOf(second, table, anotherPlain), { timeout: 5_000, interval: 50 }).toBe("31.00");
        expect((await put({ price: anotherPlain.price, happy_hour_price: anotherPlain.happy_hour_price })).status).toBe(200);
        expect((await call(server, "DELETE", `/api/stations/${created.body.id}`, { token })).status).toBe(204);
        await expect.poll(async () => (await place(second, created.body)).status, { timeout: 5_000, interval: 50 }).toBe(404);
      } finally {
        await second.dispose();
      }
    });
  }
});
