/**
 * Table service (API.md "Table service"): a table's calls to staff, live on both streams and limited
 * per table; and the table's tab, summed and closed. Real HTTP against a real server.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call, ClosedTab, OpenTab, Order, Product, DiningTable, Tab } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { staffToken, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let products: Product[];

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  products = orderableAnyDay(await readMenu(server, 1));
}, 30_000);
afterAll(() => server.dispose());

/** A table of its own for each test, so that tests share no calls, tabs or limits. */
async function newTable(codename = `T-${randomUUID().slice(0, 6)}`): Promise<DiningTable> {
  const response = await call<DiningTable>(server, "POST", "/api/stations?branch_id=1", { token, json: { codename, capacity: 4 } });
  expect(response.status).toBe(201);
  return response.body;
}

async function placeOrder(station: DiningTable, lines: { product: Product; quantity: number }[]): Promise<Order> {
  const response = await call<Order>(server, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: {
      station_id: station.id,
      branch_id: 1,
      products: lines.map(({ product, quantity }) => ({ id: product.id, quantity, selectedCustomizations: [] })),
    },
  });
  expect(response.status).toBe(201);
  return response.body;
}

const callStaff = (station: DiningTable, kind: Call["kind"]) =>
  call<Call>(server, "POST", `/api/stations/${station.id}/calls`, { json: { kind } });
const finish = (id: string) => call<Call>(server, "PATCH", `/api/calls/${id}`, { token, json: { status: "done" } });
const openCalls = async () => {
  const response = await call<Call[]>(server, "GET", "/api/calls?branch_id=1", { token });
  expect(response.status).toBe(200);
  return response.body;
};
const eventOf = (event: { event?: string; data: string }) => ({ type: event.event, data: JSON.parse(event.data) as Call });

describe("table calls", () => {
  it("still lists and finishes a deleted table's open call, without a codename", async () => {
    const table = await newTable("gone");
    const made = (await callStaff(table, "bill")).body;
    expect((await call(server, "DELETE", `/api/stations/${table.id}`, { token })).status).toBe(204);
    expect((await openCalls()).find((c) => c.id === made.id)).toMatchObject({
      station_id: table.id,
      station_codename: null,
      status: "open",
    });
    const finished = await finish(made.id);
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({ id: made.id, station_codename: null, status: "done" });
  });

  it("makes a call (201), answers the same open call again (200), and staff hear call.created", async () => {
    const table = await newTable("7");
    const staffStream = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` }, [
      "table.updated",
    ]);
    try {
      const first = await callStaff(table, "server");
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        kind: "server",
        station_id: table.id,
        station_codename: "7",
        branch_id: 1,
        status: "open",
        done_at: null,
      });
      expect(eventOf(await staffStream.next(5_000))).toEqual({ type: "call.created", data: first.body });

      const again = await callStaff(table, "server");
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const bill = await callStaff(table, "bill");
      expect(bill.status).toBe(201);
      expect(bill.body.id).not.toBe(first.body.id);
      expect(eventOf(await staffStream.next(5_000))).toMatchObject({ type: "call.created", data: { id: bill.body.id, kind: "bill" } });
      await staffStream.expectQuiet(200);

      const listed = (await openCalls()).filter((c) => c.station_id === table.id);
      expect(listed.map((c) => [c.kind, c.station_codename])).toEqual([
        ["server", "7"],
        ["bill", "7"],
      ]);
      const tables = await call<Call[]>(server, "GET", `/api/stations/${table.id.toUpperCase()}/calls`);
      expect(tables.status).toBe(200);
      expect(tables.body.map((c) => c.id)).toEqual([first.body.id, bill.body.id]);
    } finally {
      staffStream.close();
    }
  });

  it("makes one call when several phones tap at once", async () => {
    const table = await newTable();
    const answers = await Promise.all(Array.from({ length: 6 }, () => callStaff(table, "bill")));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const [row] = await server.query<{ n: number }>("SELECT count(*) AS n FROM calls WHERE station_id = ?", [table.id]);
    expect(row!.n).toBe(1);
  });

  it("done: 200, call.updated on the staff stream and on the table's stream, and the next tap is a new call", async () => {
    const table = await newTable();
    // Open before the call: a stream opened just after an event may still be handed that event.
    const tableStream = await SseStream.open(`${server.url}/api/stations/${table.id}/events`);
    const staffStream = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` }, [
      "table.updated",
    ]);
    try {
      const made = (await callStaff(table, "server")).body;
      expect(eventOf(await staffStream.next(5_000))).toEqual({ type: "call.created", data: made });
      const done = await finish(made.id.toUpperCase());
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ id: made.id, status: "done", station_id: table.id });
      expect(Date.parse(done.body.done_at!)).toBeGreaterThanOrEqual(Date.parse(made.created_at));
      expect(eventOf(await tableStream.next(5_000))).toEqual({ type: "call.updated", data: done.body });
      expect(eventOf(await staffStream.next(5_000))).toEqual({ type: "call.updated", data: done.body });

      // Done twice is done once: no second event.
      expect((await finish(made.id)).body).toEqual(done.body);
      await tableStream.expectQuiet(200);
      expect((await openCalls()).some((c) => c.id === made.id)).toBe(false);
      expect((await call<Call[]>(server, "GET", `/api/stations/${table.id}/calls`)).body).toEqual([]);

      const next = await callStaff(table, "server");
      expect(next.status).toBe(201);
      expect(next.body.id).not.toBe(made.id);
    } finally {
      tableStream.close();
      staffStream.close();
    }
  });

  it("refuses unknown tables and calls (404), bad bodies (400), and staff calls without a session (401)", async () => {
    const table = await newTable();
    expectApiError(await callStaff({ ...table, id: randomUUID() }, "server"), 404, "station_not_found");
    expectApiError(await call(server, "POST", "/api/stations/table-1/calls", { json: { kind: "server" } }), 404, "station_not_found");
    expectApiError(await call(server, "GET", `/api/stations/${randomUUID()}/calls`), 404, "station_not_found");
    expectApiError(await finish(randomUUID()), 404, "call_not_found");
    expectApiError(await call(server, "POST", `/api/stations/${table.id}/calls`, { json: { kind: "dessert" } }), 400, "invalid_body");
    const made = (await callStaff(table, "server")).body;
    expectApiError(await call(server, "PATCH", `/api/calls/${made.id}`, { token, json: { status: "open" } }), 400, "invalid_body");
    expectApiError(await call(server, "GET", "/api/calls?branch_id=1"), 401, "unauthenticated");
    expectApiError(await call(server, "PATCH", `/api/calls/${made.id}`, { json: { status: "done" } }), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/calls?branch_id=9"), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/calls?branch_id=9", { token }), 404, "unknown_branch");
    expect((await openCalls()).find((c) => c.id === made.id)?.status).toBe("open");
  });

  it("limits a table to 10 calls in 10 minutes (429 with Retry-After), other tables unaffected", async () => {
    const table = await newTable();
    for (let round = 0; round < 4; round++) {
      for (const kind of ["server", "bill"] as const) {
        const made = await callStaff(table, kind);
        expect(made.status).toBe(201);
        expect((await finish(made.body.id)).status).toBe(200);
      }
    }
    const ninth = (await callStaff(table, "server")).body;
    const tenth = await callStaff(table, "bill");
    expect(tenth.status).toBe(201);
    await finish(ninth.id);

    const refused = await callStaff(table, "server");
    expectApiError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(600);
    // The call still open comes back as before; another table may call.
    expect((await callStaff(table, "bill")).status).toBe(200);
    expect((await callStaff(await newTable(), "server")).status).toBe(201);
  });
});

describe("table tabs", () => {
  const readTab = async (station: DiningTable) => {
    const response = await call<Tab>(server, "GET", `/api/stations/${station.id}/tab`, { token });
    expect(response.status).toBe(200);
    return response.body;
  };
  const closeTab = (station: DiningTable, paid_with: string) =>
    call<ClosedTab>(server, "POST", `/api/stations/${station.id}/tab/close`, { token, json: { paid_with } });
  const openTabs = async () => {
    const response = await call<OpenTab[]>(server, "GET", "/api/tabs?branch_id=1", { token });
    expect(response.status).toBe(200);
    return response.body;
  };

  it("lists the branch's open tabs longest-open first, and leaves out a deleted table's", async () => {
    const [later, earlier, deleted] = [await newTable("L"), await newTable("E"), await newTable("D")];
    const [a] = products as [Product];
    await placeOrder(earlier, [{ product: a, quantity: 1 }]);
    await placeOrder(later, [{ product: a, quantity: 1 }]);
    await placeOrder(deleted, [{ product: a, quantity: 1 }]);
    await placeOrder(earlier, [{ product: a, quantity: 2 }]);
    expect((await call(server, "DELETE", `/api/stations/${deleted.id}`, { token })).status).toBe(204);

    const listed = (await openTabs()).filter((t) => [later.id, earlier.id, deleted.id].includes(t.station_id));
    expect(listed.map((t) => [t.station_codename, t.orders])).toEqual([
      ["E", 2],
      ["L", 1],
    ]);
  });

  it("sums a table's orders (cancelled listed, not summed), closes the tab, and the next order opens a new one", async () => {
    const table = await newTable("12");
    const empty = await readTab(table);
    expect(empty).toMatchObject({ station_id: table.id, station_codename: "12", orders: [], subtotal: "0.00", tax: "0.00", total: "0.00" });
    expectApiError(await closeTab(table, "cash"), 409, "tab_empty");

    const [a, b] = products as [Product, Product];
    const first = await placeOrder(table, [{ product: a, quantity: 2 }]);
    const second = await placeOrder(table, [{ product: b, quantity: 1 }]);
    const cancelled = await placeOrder(table, [{ product: a, quantity: 5 }]);
    expect((await call(server, "PATCH", `/api/orders/${cancelled.id}`, { token, json: { status: "cancelled" } })).status).toBe(200);

    const cents = (price: string) => Math.round(Number(price) * 100);
    const sum = (field: "subtotal" | "tax" | "total") => ((cents(first[field]) + cents(second[field])) / 100).toFixed(2);
    const tab = await readTab(table);
    expect(tab.orders.map((o) => [o.id, o.status])).toEqual([
      [first.id, "received"],
      [second.id, "received"],
      [cancelled.id, "cancelled"],
    ]);
    expect([tab.subtotal, tab.tax, tab.total]).toEqual([sum("subtotal"), sum("tax"), sum("total")]);
    expect((await openTabs()).find((t) => t.station_id === table.id)).toMatchObject({
      station_codename: "12",
      orders: 3,
      total: sum("total"),
      opened_at: first.created_at,
    });

    expectApiError(await closeTab(table, "bitcoin"), 400, "invalid_body");
    const closed = await closeTab(table, "card");
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ paid_with: "card", station_id: table.id, total: sum("total"), subtotal: sum("subtotal") });
    expect(closed.body.orders.map((o) => o.id)).toEqual([first.id, second.id, cancelled.id]);
    expect(Date.parse(closed.body.closed_at)).not.toBeNaN();

    expect((await readTab(table)).orders).toEqual([]);
    expect((await openTabs()).some((t) => t.station_id === table.id)).toBe(false);
    expectApiError(await closeTab(table, "card"), 409, "tab_empty");

    const next = await placeOrder(table, [{ product: b, quantity: 3 }]);
    const reopened = await readTab(table);
    expect(reopened.orders.map((o) => o.id)).toEqual([next.id]);
    expect(reopened.total).toBe(next.total);
    const [stored] = await server.query<{ paid_with: string; total_cents: number }>(
      "SELECT paid_with, total_cents FROM tabs WHERE id = ?",
      [closed.body.id],
    );
    expect(stored).toEqual({ paid_with: "card", total_cents: cents(sum("total")) });
  });

  it("closes a tab once when two close it at once, and an order placed meanwhile lands on this tab or the next", async () => {
    const table = await newTable();
    await placeOrder(table, [{ product: products[0]!, quantity: 1 }]);
    const [one, two, racing] = await Promise.all([
      closeTab(table, "cash"),
      closeTab(table, "other"),
      placeOrder(table, [{ product: products[1]!, quantity: 1 }]),
    ]);
    const answers = [one, two];
    const closed = answers.filter((a) => a.status === 200);
    expect(closed.length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expectApiError(refused, 409, "tab_empty");
    const onClosedTabs = closed.flatMap((a) => a.body.orders.map((o) => o.id));
    const stillOpen = (await readTab(table)).orders.map((o) => o.id);
    // Every order is on exactly one tab.
    expect([...onClosedTabs, ...stillOpen].filter((id) => id === racing.id)).toEqual([racing.id]);
    expect(onClosedTabs.length + stillOpen.length).toBe(2);
  });

  it("refuses unknown tables (404) and callers without a session (401)", async () => {
    const table = await newTable();
    expectApiError(await call(server, "GET", `/api/stations/${randomUUID()}/tab`, { token }), 404, "station_not_found");
    expectApiError(await closeTab({ ...table, id: randomUUID() }, "cash"), 404, "station_not_found");
    expectApiError(await call(server, "GET", `/api/stations/${table.id}/tab`), 401, "unauthenticated");
    expectApiError(
      await call(server, "POST", `/api/stations/${table.id}/tab/close`, { json: { paid_with: "cash" } }),
      401,
      "unauthenticated",
    );
    expectApiError(await call(server, "GET", "/api/tabs?branch_id=1"), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/tabs?branch_id=x", { token }), 400, "invalid_query");
  });
});
