/**
 * The live streams (API.md "Orders" → live updates): GET /api/events (staff) and GET /api/orders/{id}/events
 * (public), over real HTTP with a hand-rolled SSE reader, so what is checked is the bytes a browser gets.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, Order, Product, DiningTable } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu, readStations, revokedToken } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { staffToken, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let stations: Record<1 | 2, DiningTable>;
let products: Record<1 | 2, Product>;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  stations = { 1: (await readStations(server, token, 1))[0]!, 2: (await readStations(server, token, 2))[0]! };
  products = { 1: simpleProduct(await readMenu(server, 1)), 2: simpleProduct(await readMenu(server, 2)) };
});
afterAll(() => server.dispose());

const simpleProduct = (menu: Menu): Product => orderableAnyDay(menu)[0]!;

async function placeOrder(branchId: 1 | 2 = 1): Promise<Order> {
  const response = await call<Order>(server, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: {
      station_id: stations[branchId].id,
      branch_id: branchId,
      products: [{ id: products[branchId].id, quantity: 2, selectedCustomizations: [] }],
    },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function setStatus(orderId: string, status: string): Promise<Order> {
  const response = await call<Order>(server, "PATCH", `/api/orders/${orderId}`, { token, json: { status } });
  expect(response.status).toBe(200);
  return response.body;
}

/** Streams the server's broadcaster is feeding. */
const openStreams = () => server.running().context.liveEvents.size;

const latestEventId = async () => Number((await server.query<{ id: number | null }>("SELECT max(id) AS id FROM events"))[0]!.id ?? 0);

const auth = () => ({ Authorization: `Bearer ${token}` });

describe("GET /api/events (staff)", () => {
  it("refuses without a session, with a revoked one, and for a bad branch", async () => {
    expectApiError(await call(server, "GET", "/api/events?branch_id=1"), 401, "unauthenticated");
    const revoked = await revokedToken(server);
    expectApiError(await call(server, "GET", "/api/events?branch_id=1", { token: revoked }), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/events", { token }), 400, "invalid_query");
    expectApiError(await call(server, "GET", "/api/events?branch_id=99", { token }), 404, "unknown_branch");
    expectApiError(await call(server, "GET", "/api/events?branch_id=1&last_event_id=abc", { token }), 400, "invalid_last_event_id");
  });

  it("delivers an order placed by another client within a second, with the events row id as its id", async () => {
    const stream = await SseStream.open(server.url + "/api/events?branch_id=1", auth(), ["table.updated"]);
    try {
      const order = await placeOrder(1);
      // Within a second of the order existing (next() fails after 1 s).
      const event = await stream.next(1_000);
      expect(event.event).toBe("order.created");
      expect(event.id).toBe(String(await latestEventId()));
      const payload = JSON.parse(event.data) as Order;
      expect(payload).toEqual(order);
      expect(payload.station_codename).toBe(stations[1].codename);

      await setStatus(order.id, "preparing");
      const updated = await stream.next(1_000);
      expect(updated.event).toBe("order.updated");
      expect(Number(updated.id)).toBeGreaterThan(Number(event.id));
      expect(JSON.parse(updated.data)).toMatchObject({ id: order.id, status: "preparing" });
    } finally {
      stream.close();
    }
  });

  it("sends product.updated for a sold-out switch, and only the branch's own events", async () => {
    const stream = await SseStream.open(server.url + "/api/events?branch_id=1", auth(), ["table.updated"]);
    try {
      await placeOrder(2); // another branch: not for this stream
      const patched = await call(server, "PATCH", `/api/products/${products[1].id}`, { token, json: { available: false } });
      expect(patched.status).toBe(200);
      const event = await stream.next(1_000);
      expect(event.event).toBe("product.updated");
      expect(JSON.parse(event.data)).toMatchObject({ id: products[1].id, available: false, branch_id: 1 });
      await stream.expectQuiet(300);
    } finally {
      stream.close();
      await call(server, "PATCH", `/api/products/${products[1].id}`, { token, json: { available: true } });
    }
  });

  it("works with the session cookie, as the browser's EventSource sends it", async () => {
    const stream = await SseStream.open(server.url + "/api/events?branch_id=2", { Cookie: `access_token=${token}` }, ["table.updated"]);
    try {
      const order = await placeOrder(2);
      expect(JSON.parse((await stream.next(1_000)).data)).toMatchObject({ id: order.id });
    } finally {
      stream.close();
    }
  });

  it("resumes after a disconnect: Last-Event-ID delivers exactly what was missed, in order", async () => {
    const first = await SseStream.open(server.url + "/api/events?branch_id=1", auth(), ["table.updated"]);
    const order = await placeOrder(1);
    const seen = await first.next(1_000);
    first.close();

    // While disconnected: two changes.
    await setStatus(order.id, "preparing");
    const second = await placeOrder(1);

    const resumed = await SseStream.open(server.url + "/api/events?branch_id=1", { ...auth(), "Last-Event-ID": seen.id! }, [
      "table.updated",
    ]);
    try {
      const a = await resumed.next(1_000);
      const b = await resumed.next(1_000);
      expect([a.event, JSON.parse(a.data).id, JSON.parse(a.data).status]).toEqual(["order.updated", order.id, "preparing"]);
      expect([b.event, JSON.parse(b.data).id]).toEqual(["order.created", second.id]);
      expect(Number(a.id)).toBeGreaterThan(Number(seen.id));
      expect(Number(b.id)).toBeGreaterThan(Number(a.id));
      await resumed.expectQuiet(300);
    } finally {
      resumed.close();
    }

    // The query parameter does the same for clients that cannot set headers.
    const byQuery = await SseStream.open(`${server.url}/api/events?branch_id=1&last_event_id=${seen.id}`, auth(), ["table.updated"]);
    try {
      expect(JSON.parse((await byQuery.next(1_000)).data)).toMatchObject({ id: order.id, status: "preparing" });
    } finally {
      byQuery.close();
    }
  });

  it("without Last-Event-ID starts from now (no replay of history)", async () => {
    // "Now" is the newest event the server has fanned out; an earlier stream seeing the order shows it has.
    const witness = await SseStream.open(server.url + "/api/events?branch_id=1", auth(), ["table.updated"]);
    const earlier = await placeOrder(1);
    expect(JSON.parse((await witness.next(1_000)).data)).toMatchObject({ id: earlier.id });
    witness.close();
    const stream = await SseStream.open(server.url + "/api/events?branch_id=1", auth(), ["table.updated"]);
    try {
      await stream.expectQuiet(400);
      const order = await placeOrder(1);
      expect(JSON.parse((await stream.next(1_000)).data)).toMatchObject({ id: order.id });
    } finally {
      stream.close();
    }
  });

  it("reads the table every tick, so a row written by another app instance (no in-process signal) arrives within ~1 s", async () => {
    const stream = await SseStream.open(server.url + "/api/events?branch_id=1", auth(), ["table.updated"]);
    try {
      // Give the stream time to settle into its wait, so only polling can find the row.
      await stream.expectQuiet(200);
      const payload = { id: randomUUID(), from: "another instance" };
      await server.query("INSERT INTO events (branch_id, type, order_id, payload, created_at) VALUES (1, 'order.updated', ?, ?, ?)", [
        payload.id,
        JSON.stringify(payload),
        new Date().toISOString(),
      ]);
      // One poll interval (1 s), with room for a busy machine.
      const event = await stream.next(5_000);
      expect(JSON.parse(event.data)).toEqual(payload);
    } finally {
      stream.close();
    }
  });

  it("ends the server side of the stream when the client disconnects", async () => {
    const listeners = openStreams;
    // Every stream the earlier tests closed has left the broadcaster by now.
    await expect.poll(listeners, { timeout: 3_000 }).toBe(0);
    const stream = await SseStream.open(server.url + "/api/events?branch_id=1", auth(), ["table.updated"]);
    await expect.poll(listeners).toBe(1);
    stream.close();
    await expect.poll(listeners, { timeout: 3_000 }).toBe(0);
  });

  it("answers HEAD with the stream's headers and opens no stream (nothing is left polling)", async () => {
    const listeners = openStreams;
    await expect.poll(listeners, { timeout: 3_000 }).toBe(0);
    const order = await placeOrder(1);
    for (const path of ["/api/events?branch_id=1", `/api/orders/${order.id}/events`]) {
      const response = await fetch(`${server.url}${path}`, { method: "HEAD", headers: auth() });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(await response.text()).toBe("");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listeners()).toBe(0);
  });
});

describe("GET /api/orders/{id}/events (public)", () => {
  it("404s for an unknown order, and for a malformed id", async () => {
    expectApiError(await call(server, "GET", `/api/orders/${randomUUID()}/events`), 404, "order_not_found");
    expectApiError(await call(server, "GET", "/api/orders/not-a-uuid/events"), 404, "order_not_found");
  });

  it("accepts the order id in capitals, as GET /api/orders/{id} does", async () => {
    const order = await placeOrder(1);
    const stream = await SseStream.open(`${server.url}/api/orders/${order.id.toUpperCase()}/events`);
    try {
      await setStatus(order.id, "preparing");
      expect(JSON.parse((await stream.next(1_000)).data)).toMatchObject({ id: order.id, status: "preparing" });
    } finally {
      stream.close();
    }
  });

  it("sends only that order's status changes, without signing in", async () => {
    const mine = await placeOrder(1);
    const other = await placeOrder(1);
    const stream = await SseStream.open(`${server.url}/api/orders/${mine.id}/events`);
    try {
      await setStatus(other.id, "preparing");
      await setStatus(mine.id, "preparing");
      await setStatus(other.id, "cancelled");
      await setStatus(mine.id, "ready");

      const first = await stream.next(1_000);
      const second = await stream.next(1_000);
      expect([first.event, JSON.parse(first.data).id, JSON.parse(first.data).status]).toEqual(["order.updated", mine.id, "preparing"]);
      expect([second.event, JSON.parse(second.data).id, JSON.parse(second.data).status]).toEqual(["order.updated", mine.id, "ready"]);
      // The public view of the order: without its table's key (the staff stream keeps it).
      expect(JSON.parse(first.data)).not.toHaveProperty("station_id");
      expect(first.data).not.toContain(mine.station_id);
      await stream.expectQuiet(300);

      // Resumable too: from the first event, only the second is replayed.
      const resumed = await SseStream.open(`${server.url}/api/orders/${mine.id}/events`, { "Last-Event-ID": first.id! });
      try {
        const replayed = await resumed.next(1_000);
        expect(replayed.id).toBe(second.id);
        expect(JSON.parse(replayed.data)).not.toHaveProperty("station_id");
        await resumed.expectQuiet(300);
      } finally {
        resumed.close();
      }
    } finally {
      stream.close();
    }
  });
});

describe("GET /api/products/events (public)", () => {
  it("sends the branch's sold-out switches without signing in, and nothing about orders", async () => {
    expectApiError(await call(server, "GET", "/api/products/events?branch_id=99"), 404, "unknown_branch");
    const stream = await SseStream.open(server.url + "/api/products/events?branch_id=1");
    try {
      await placeOrder(1); // an order is staff business: not on this stream
      expect((await call(server, "PATCH", `/api/products/${products[2].id}`, { token, json: { available: false } })).status).toBe(200);
      expect((await call(server, "PATCH", `/api/products/${products[1].id}`, { token, json: { available: false } })).status).toBe(200);
      const event = await stream.next(1_000);
      expect(event.event).toBe("product.updated");
      expect(JSON.parse(event.data)).toMatchObject({ id: products[1].id, available: false, branch_id: 1 });
      await stream.expectQuiet(300);
    } finally {
      stream.close();
      for (const branch of [1, 2] as const) {
        await call(server, "PATCH", `/api/products/${products[branch].id}`, { token, json: { available: true } });
      }
    }
  });
});
