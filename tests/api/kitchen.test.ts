/**
 * The kitchen (API.md "Kitchen"): an order seen on a board, bumps and recalls per prep station, the
 * boards' heartbeat and the kitchen status, and the alarm for orders no board has shown.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KitchenStatus, Menu, Order, DiningTable } from "../../contract/schemas";
import { sweepUnseenOrders } from "../../api/kitchen/kitchen-service";
import { BAD_JSON_BODIES, call, expectApiError, productNamed, readMenu, readStations } from "../support/api-helpers";
import { SseStream, type SseEvent } from "../support/sse-stream";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

/** Small, so the server's own sweep raises an alarm while the test waits for it. */
const ALERT_SECONDS = 1;

let server: TestServer;
let token: string;
let menu: Menu;
let table: DiningTable;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, config: { tableOrderLimit: 0, unseenAlertSeconds: ALERT_SECONDS } });
  token = await staffToken(server);
  menu = await readMenu(server, 1);
  table = (await readStations(server, token, 1))[0]!;
});
afterAll(() => server.dispose());

const lumpia = () => ({ id: productNamed(menu, "Lumpia Shanghai").id, quantity: 1 });

/** An order of `lines` lines, the ones at `barLines` made at the bar (until the menu data says so, every line is "kitchen"). */
async function placeOrder(lines = 1, barLines: number[] = []): Promise<Order> {
  const body = { station_id: table.id, branch_id: 1, products: Array.from({ length: lines }, lumpia) };
  const placed = await call<Order>(server, "POST", "/api/orders", { json: body, headers: { "Idempotency-Key": randomUUID() } });
  expect(placed.status).toBe(201);
  for (const position of barLines) {
    await server.query("UPDATE order_lines SET prep_station = 'bar' WHERE order_id = ? AND position = ?", [placed.body.id, position]);
  }
  return (await call<Order>(server, "GET", `/api/orders/${placed.body.id}`, { token })).body;
}

const seen = (id: string, json: unknown = {}, auth: { token?: string } = { token }) =>
  call<Order>(server, "POST", `/api/orders/${id}/seen`, { json, ...auth });
const patch = (id: string, json: unknown) => call<Order>(server, "PATCH", `/api/orders/${id}`, { json, token });
const status = (branchId: number | string = 1) =>
  call<KitchenStatus>(server, "GET", `/api/kitchen/status?branch_id=${branchId}`, { token });
const heartbeat = (json: unknown) => call<KitchenStatus>(server, "POST", "/api/kitchen/boards", { json, token });

async function eventCount(orderId: string, type: string): Promise<number> {
  const [row] = await server.query<{ n: number }>("SELECT count(*) AS n FROM events WHERE order_id = ? AND type = ?", [orderId, type]);
  return row!.n;
}

/** Reads the stream until an event of `type` about `orderId` arrives. */
async function nextAbout(stream: SseStream, type: string, orderId: string, timeoutMs = 5_000): Promise<Order> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event: SseEvent = await stream.next(Math.max(1, deadline - Date.now()));
    const order = JSON.parse(event.data) as Order;
    if (event.event === type && order.id === orderId) return order;
  }
}

describe("POST /api/orders/{id}/seen", () => {
  it("keeps the first sighting, and tells the table's, the order's and the branch's streams once", async () => {
    const order = await placeOrder();
    expect(order.seen_at).toBeNull();
    const [tableStream, orderStream] = await Promise.all([
      SseStream.open(`${server.url}/api/stations/${table.id}/events`),
      SseStream.open(`${server.url}/api/orders/${order.id}/events`),
    ]);
    try {
      const first = await seen(order.id, { station: "kitchen" });
      expect(first.status).toBe(200);
      expect(first.body.seen_at).toEqual(expect.any(String));
      expect(first.body).toMatchObject({ id: order.id, status: "received", bumped: [] });

      expect((await nextAbout(tableStream, "order.updated", order.id)).seen_at).toBe(first.body.seen_at);
      expect((await nextAbout(orderStream, "order.updated", order.id)).seen_at).toBe(first.body.seen_at);

      // A second board, or the same one again: the first sighting stays, and nothing new is announced.
      const again = await seen(order.id, { station: "bar" });
      expect(again.status).toBe(200);
      expect(again.body.seen_at).toBe(first.body.seen_at);
      expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body.seen_at).toBe(first.body.seen_at);
      expect(await eventCount(order.id, "order.updated")).toBe(1);
    } finally {
      tableStream.close();
      orderStream.close();
    }
  });

  it("refuses an unknown order, a bad body and a caller who is not signed in", async () => {
    expectApiError(await seen(randomUUID()), 404, "order_not_found");
    expectApiError(await seen("not-a-uuid"), 404, "order_not_found");
    const order = await placeOrder();
    expectApiError(await seen(order.id, {}, {}), 401, "unauthenticated");
    expectApiError(await seen(order.id, { station: "grill" }), 400, "invalid_body");
    // An empty body is no body, which this action accepts (bodiless-actions.test.ts).
    for (const bad of BAD_JSON_BODIES.filter((b) => b.body !== "").slice(0, 3)) {
      const response = await call(server, "POST", `/api/orders/${order.id}/seen`, { body: bad.body, headers: bad.headers, token });
      expectApiError(response, bad.status, bad.code);
    }
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body.seen_at).toBeNull();
  });
});

describe("PATCH /api/orders/{id} with bumped / recalled", () => {
  it("makes the order ready once every station of its lines has bumped it; a recall undoes a bump", async () => {
    const order = await placeOrder(2, [1]);
    expect(order.lines.map((line) => line.prep_station)).toEqual(["kitchen", "bar"]);

    const kitchen = await patch(order.id, { bumped: "kitchen" });
    expect(kitchen.status).toBe(200);
    expect(kitchen.body).toMatchObject({ status: "preparing", bumped: ["kitchen"] });
    // Bumping again changes nothing and announces nothing.
    expect((await patch(order.id, { bumped: "kitchen" })).body).toMatchObject({ status: "preparing", bumped: ["kitchen"] });
    expect(await eventCount(order.id, "order.updated")).toBe(1);

    const bar = await patch(order.id, { bumped: "bar" });
    expect(bar.body).toMatchObject({ status: "ready", bumped: ["kitchen", "bar"] });

    const recalled = await patch(order.id, { recalled: "bar" });
    expect(recalled.status).toBe(200);
    expect(recalled.body).toMatchObject({ status: "preparing", bumped: ["kitchen"] });
    expect((await patch(order.id, { recalled: "bar" })).body).toMatchObject({ status: "preparing", bumped: ["kitchen"] });

    expect((await patch(order.id, { bumped: "bar" })).body.status).toBe("ready");
    expect((await patch(order.id, { status: "served" })).body).toMatchObject({ status: "served", bumped: ["kitchen", "bar"] });
    expectApiError(await patch(order.id, { recalled: "bar" }), 409, "invalid_transition");
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body).toMatchObject({
      status: "served",
      bumped: ["kitchen", "bar"],
    });
  });

  it("counts both of two bumps sent at the same moment", async () => {
    const order = await placeOrder(2, [0]);
    const answers = await Promise.all([patch(order.id, { bumped: "kitchen" }), patch(order.id, { bumped: "bar" })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body).toMatchObject({
      status: "ready",
      bumped: ["kitchen", "bar"],
    });
  });

  it("goes straight to ready when the order's one station bumps it, and refuses a station it has nothing for", async () => {
    const order = await placeOrder(1);
    const error = expectApiError(await patch(order.id, { bumped: "bar" }), 409, "not_at_station");
    expect(error.message).toContain("bar");
    expectApiError(await patch(order.id, { recalled: "bar" }), 409, "not_at_station");
    expect((await patch(order.id, { bumped: "kitchen" })).body).toMatchObject({ status: "ready", bumped: ["kitchen"] });
    expect((await patch(order.id, { recalled: "kitchen" })).body).toMatchObject({ status: "preparing", bumped: [] });
  });

  it("refuses a bump of a cancelled order, an unknown order and bodies that are not one change", async () => {
    const order = await placeOrder(1);
    expect((await patch(order.id, { status: "cancelled" })).status).toBe(200);
    expectApiError(await patch(order.id, { bumped: "kitchen" }), 409, "invalid_transition");
    expectApiError(await patch(randomUUID(), { bumped: "kitchen" }), 404, "order_not_found");
    const open = await placeOrder(1);
    for (const body of [
      {},
      { bumped: "grill" },
      { recalled: 1 },
      { bumped: "kitchen", recalled: "kitchen" },
      { bumped: "kitchen", status: "ready" },
    ]) {
      expectApiError(await patch(open.id, body), 400, "invalid_body");
    }
    expect((await call<Order>(server, "GET", `/api/orders/${open.id}`)).body).toMatchObject({ status: "received", bumped: [] });
  });
});

describe("kitchen boards and status", () => {
  it("lists the boards that said they are on screen lately, per branch", async () => {
    expect((await status(2)).body.boards).toEqual([]);
    const boardId = randomUUID();
    const beat = await heartbeat({ branch_id: 2, board_id: boardId, station: "bar" });
    expect(beat.status).toBe(200);
    expect(beat.body.boards).toEqual([{ board_id: boardId, station: "bar", last_seen_at: expect.any(String) }]);
    expect((await status(2)).body.boards.map((board) => board.board_id)).toEqual([boardId]);
    expect((await status(1)).body.boards.map((board) => board.board_id)).not.toContain(boardId);

    // A board quiet for a minute is not online any more.
    await server.query("UPDATE kitchen_boards SET last_seen_at = ? WHERE board_id = ?", [
      new Date(Date.now() - 60_000).toISOString(),
      boardId,
    ]);
    expect((await status(2)).body.boards).toEqual([]);
    // Its next beat brings it back (the same board id, now at the kitchen station).
    expect((await heartbeat({ branch_id: 2, board_id: boardId, station: "kitchen" })).body.boards).toMatchObject([
      { board_id: boardId, station: "kitchen" },
    ]);
  });

  it("lists the orders no board has shown within the alert time until one does", async () => {
    const order = await placeOrder();
    await server.query("UPDATE orders SET created_at = ? WHERE id = ?", [new Date(Date.now() - 120_000).toISOString(), order.id]);
    const before = await status(1);
    expect(before.status).toBe(200);
    expect(before.body.unseen_orders.find((o) => o.id === order.id)).toMatchObject({ id: order.id, seen_at: null });
    expect((await seen(order.id)).status).toBe(200);
    expect((await status(1)).body.unseen_orders.map((o) => o.id)).not.toContain(order.id);
  });

  it("refuses bad heartbeats and status requests", async () => {
    expectApiError(await heartbeat({ branch_id: 99, board_id: randomUUID(), station: "bar" }), 404, "unknown_branch");
    expectApiError(await heartbeat({ branch_id: 1, board_id: "board-1", station: "bar" }), 400, "invalid_body");
    expectApiError(await heartbeat({ branch_id: 1, board_id: randomUUID(), station: "grill" }), 400, "invalid_body");
    expectApiError(
      await call(server, "POST", "/api/kitchen/boards", { json: { branch_id: 1, board_id: randomUUID(), station: "bar" } }),
      401,
      "unauthenticated",
    );
    expectApiError(await status(99), 404, "unknown_branch");
    expectApiError(await status("x"), 400, "invalid_query");
    expectApiError(await call(server, "GET", "/api/kitchen/status?branch_id=1"), 401, "unauthenticated");
  });
});

describe("the unseen-order alarm", () => {
  it("goes out on the branch's staff stream, not the table's, while no board has shown the order", async () => {
    const [branchStream, tableStream] = await Promise.all([
      SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` }),
      SseStream.open(`${server.url}/api/stations/${table.id}/events`),
    ]);
    try {
      const order = await placeOrder();
      const alarm = await nextAbout(branchStream, "order.unseen", order.id, 10_000);
      expect(alarm).toMatchObject({ id: order.id, number: order.number, seen_at: null });
      expect(await nextAbout(tableStream, "order.created", order.id)).toMatchObject({ id: order.id });
      await tableStream.expectQuiet(300);
    } finally {
      branchStream.close();
      tableStream.close();
    }
  });

  it("is raised once per interval, however many sweeps run at once, and stops when a board shows the order", async () => {
    const order = await placeOrder();
    const { context } = server.running();
    const alertMs = ALERT_SECONDS * 1000;
    // Far enough ahead that the server's own sweep, on the real clock, leaves this order alone.
    const at = Date.now() + 3_600_000;
    const sweep = async (ms: number) =>
      (await sweepUnseenOrders({ ...context, clock: { now: () => new Date(ms) } })).filter((o) => o.id === order.id);
    const before = await eventCount(order.id, "order.unseen");

    const together = await Promise.all([sweep(at), sweep(at), sweep(at)]);
    expect(together.flat()).toHaveLength(1);
    expect(await sweep(at + alertMs - 1)).toEqual([]);
    expect(await sweep(at + alertMs + 1)).toHaveLength(1);
    expect(await eventCount(order.id, "order.unseen")).toBe(before + 2);

    expect((await seen(order.id)).status).toBe(200);
    expect(await sweep(at + 10 * alertMs)).toEqual([]);
    expect(await eventCount(order.id, "order.unseen")).toBe(before + 2);
  });
});
