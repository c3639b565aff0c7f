/**
 * A table's code opens its current visit only (API.md "Trust at the table", first bullet): the table's
 * stream and cart hold the current visit, a replay from before it starts at its start, and the streams
 * opened during a visit hear its end (staff close the tab, or 3 hours idle) and close. Real HTTP, both
 * databases, on the test clock.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call, CartOperationsAnswer, Menu, Order, Product, DiningTable, TableCart } from "../../contract/schemas";
import { call, orderableAnyDay, readMenu } from "../support/api-helpers";
import { SseStream, type SseEvent } from "../support/sse-stream";
import { TestClock } from "../support/test-clock";
import { staffToken, startTestServer, type TestServer } from "../support/test-server";

const HOUR = 3_600_000;
const clock = new TestClock();
let server: TestServer;
let menu: Menu;
let product: Product;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, server: { clock, streamTiming: { pollMs: 100 } } });
  menu = await readMenu(server, 1);
  product = orderableAnyDay(menu)[0]!;
});
afterAll(() => server.dispose());

async function newTable(): Promise<DiningTable> {
  const token = await staffToken(server);
  const response = await call<DiningTable>(server, "POST", "/api/stations?branch_id=1", {
    token,
    json: { codename: `V-${randomUUID().slice(0, 8)}`, capacity: 4 },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function addToCart(table: DiningTable, note: string): Promise<void> {
  const operation = {
    type: "add_line",
    op_id: randomUUID(),
    at: clock.now().toISOString(),
    line_id: randomUUID(),
    product_id: product.id,
    quantity: 1,
    options: [],
    note,
  };
  const response = await call<CartOperationsAnswer>(server, "POST", `/api/stations/${table.id}/cart/operations`, {
    json: { phone_id: randomUUID(), operations: [operation] },
  });
  expect(response.status, response.text).toBe(200);
}

async function placeOrder(table: DiningTable, note: string): Promise<Order> {
  const response = await call<Order>(server, "POST", "/api/orders", {
    json: { products: [{ id: product.id, quantity: 1, selectedCustomizations: [], note }], station_id: table.id, branch_id: 1 },
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function closeTab(table: DiningTable): Promise<void> {
  const token = await staffToken(server);
  const response = await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "cash" } });
  expect(response.status, response.text).toBe(200);
}

async function callStaff(table: DiningTable, kind: Call["kind"]): Promise<Call> {
  const response = await call<Call>(server, "POST", `/api/stations/${table.id}/calls`, { json: { kind } });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function finishCall(made: Call): Promise<void> {
  const response = await call(server, "PATCH", `/api/calls/${made.id}`, { token: await staffToken(server), json: { status: "done" } });
  expect(response.status, response.text).toBe(200);
}

/** Every event the stream sends until it is quiet for `quietMs` (or ends). */
async function drain(stream: SseStream, quietMs = 400): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for (;;) {
    try {
      events.push(await stream.next(quietMs));
    } catch {
      return events;
    }
  }
}

const stationStream = (table: DiningTable, query = "", headers: Record<string, string> = {}) =>
  SseStream.open(`${server.url}/api/stations/${table.id}/events${query}`, headers);

describe("a table's visit", () => {
  it("a week later, the next party's replay from 0 and its cart hold none of the last party's orders or notes", async () => {
    clock.set("2026-03-03T18:00:00Z");
    const table = await newTable();
    await addToCart(table, "party one cart note");
    const partyOneOrder = await placeOrder(table, "party one order note");
    const partyOne = await drain(await stationStream(table, "?last_event_id=0"));
    expect(partyOne.map((event) => event.event)).toEqual(["cart.updated", "order.created"]);
    await closeTab(table);

    clock.advance(7 * 24 * HOUR);
    await addToCart(table, "party two cart note");
    await placeOrder(table, "party two order note");
    // Staff change the last party's order after the next party sat down: none of the next party's business.
    const changed = await call(server, "PATCH", `/api/orders/${partyOneOrder.id}`, {
      token: await staffToken(server),
      json: { status: "cancelled" },
    });
    expect(changed.status, changed.text).toBe(200);

    for (const [query, headers] of [
      ["?last_event_id=0", {}],
      ["", { "Last-Event-ID": partyOne[0]!.id! }],
    ] as const) {
      const stream = await stationStream(table, query, headers);
      const events = await drain(stream);
      stream.close();
      expect(events.map((event) => event.event)).toEqual(["cart.updated", "order.created"]);
      const text = events.map((event) => event.data).join("\n");
      expect(text).toContain("party two");
      expect(text).not.toContain("party one");
      expect(events.every((event) => Number(event.id) > Number(partyOne.at(-1)!.id))).toBe(true);
    }

    const cart = (await call<TableCart>(server, "GET", `/api/stations/${table.id}/cart`)).body;
    expect(JSON.stringify(cart)).not.toContain("party one");
    expect(cart.lines.map((line) => line.note)).toEqual(["party two cart note"]);
    clock.reset();
  });

  it("ends the streams opened during the visit when staff close the tab: visit.ended, then the stream closes", async () => {
    const table = await newTable();
    await placeOrder(table, "before the stream");
    const stream = await stationStream(table);
    await addToCart(table, "while watching");
    await closeTab(table);
    const events = await drain(stream, 2_000);
    expect(events.at(-1)).toMatchObject({ event: "visit.ended", data: JSON.stringify({ reason: "tab_closed" }) });
    expect(stream.ended).toBe(true);

    // The next party's changes reach only streams opened in their visit.
    const next = await stationStream(table);
    await placeOrder(table, "the next party");
    const heard = await drain(next);
    next.close();
    expect(heard.map((event) => event.event)).toEqual(["order.created"]);
  });

  it("sends the next party none of the last party's calls, and each of their own", async () => {
    const table = await newTable();
    await placeOrder(table, "party one");
    const partyOneCall = await callStaff(table, "server");
    await closeTab(table);

    // Party two sits down and asks for the bill before their first order (which begins their visit);
    // staff then answer party one's call, left open across the tab close.
    const between = await stationStream(table);
    const early = await callStaff(table, "bill");
    await finishCall(partyOneCall);
    expect(await drain(between)).toEqual([]);

    await placeOrder(table, "party two");
    const during = await stationStream(table);
    await finishCall(early);
    const later = await callStaff(table, "server");
    await finishCall(later);
    const callsOf = (events: SseEvent[]) =>
      events.filter((event) => event.event?.startsWith("call.")).map((event) => [event.event, (JSON.parse(event.data) as Call).id]);
    const expected = [
      ["call.updated", early.id],
      ["call.updated", later.id],
    ];
    expect(callsOf(await drain(during))).toEqual(expected);
    const heardBetween = await drain(between);
    expect(heardBetween.map((event) => event.event)).toEqual(["order.created", "call.updated", "call.updated"]);
    expect(callsOf(heardBetween)).toEqual(expected);
    between.close();
    during.close();
  });

  it("ends a visit idle for 3 hours: its streams hear visit.ended and close, and a replay holds only the next visit", async () => {
    clock.set("2026-03-10T18:00:00Z");
    const table = await newTable();
    await placeOrder(table, "an idle party");
    const stream = await stationStream(table);
    // (On PostgreSQL the order may still arrive: a stream "from now" starts where this instance's reader is.)
    expect((await drain(stream, 300)).every((event) => event.event === "order.created")).toBe(true);
    clock.advance(3 * HOUR + 60_000);
    const events = await drain(stream, 2_000);
    expect(events.at(-1)).toMatchObject({ event: "visit.ended", data: JSON.stringify({ reason: "idle" }) });
    expect(stream.ended).toBe(true);

    // Between visits a replay has nothing to send; the next party's visit starts afresh.
    const between = await stationStream(table, "?last_event_id=0");
    expect(await drain(between)).toEqual([]);
    await addToCart(table, "a new party");
    const heard = await drain(between);
    between.close();
    expect(heard.map((event) => event.event)).toEqual(["cart.updated"]);

    const replay = await drain(await stationStream(table, "?last_event_id=0"));
    expect(replay.map((event) => event.event)).toEqual(["cart.updated"]);
    expect(replay.map((event) => event.data).join("\n")).not.toContain("an idle party");
    clock.reset();
  });
});
