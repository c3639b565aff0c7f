/**
 * The diner tab's one stream, GET /api/stations/{id}/events, and the limits every stream shares
 * (API.md "Limits and abuse"): the cap on open streams, the server closing a stream after its age
 * limit with the client resuming by Last-Event-ID, sign-out ending a staff stream, and old events
 * pruned on a schedule. Real HTTP against real servers; the limits are shortened per server.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, Order, Product, DiningTable } from "../../contract/schemas";
import type { AppConfig } from "../../api/config";
import { EVENT_RETENTION_MS } from "../../api/events/event-log-service";
import type { ServerOptions } from "../../api/server";
import { call, expectApiError, orderableAnyDay, readMenu, readStations } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { staffToken, startTestServer, TEST_STAFF, type TestServer } from "../support/test-server";

const simpleProduct = (menu: Menu): Product => orderableAnyDay(menu)[0]!;

/** What the tests need of a running server, and the usual calls against it. */
async function fixture(server: { url: string }) {
  const token = await staffToken({ url: server.url, staff: TEST_STAFF });
  const stations = { 1: await readStations(server, token, 1), 2: await readStations(server, token, 2) };
  const products = { 1: simpleProduct(await readMenu(server, 1)), 2: simpleProduct(await readMenu(server, 2)) };

  const placeOrder = async (station: DiningTable): Promise<Order> => {
    const response = await call<Order>(server, "POST", "/api/orders", {
      headers: { "Idempotency-Key": randomUUID() },
      json: {
        station_id: station.id,
        branch_id: station.branch_id,
        products: [{ id: products[station.branch_id as 1 | 2].id, quantity: 1, selectedCustomizations: [] }],
      },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const setStatus = async (orderId: string, status: Order["status"]) => {
    expect((await call(server, "PATCH", `/api/orders/${orderId}`, { token, json: { status } })).status).toBe(200);
  };
  const setAvailable = async (branchId: 1 | 2, available: boolean) => {
    expect((await call(server, "PATCH", `/api/products/${products[branchId].id}`, { token, json: { available } })).status).toBe(200);
  };
  const open = (path: string, headers: Record<string, string> = {}) => SseStream.open(`${server.url}${path}`, headers);
  return { token, stations, products, placeOrder, setStatus, setAvailable, open };
}

/** A server of its own with shortened limits. */
async function startLimitedServer(config: Partial<AppConfig>, options: Pick<ServerOptions, "streamTiming" | "pruneEveryMs">) {
  const server = await startTestServer({ staticDir: null, config, server: options });
  return {
    server,
    get running() {
      return server.running();
    },
    url: server.url,
    dispose: () => server.dispose(),
  };
}

const kindAndId = (event: { event?: string; data: string }) => [event.event, (JSON.parse(event.data) as { id: unknown }).id];

describe("GET /api/stations/{id}/events (public)", () => {
  let server: TestServer;
  let f: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    server = await startTestServer({ staticDir: null });
    f = await fixture(server);
  });
  afterAll(() => server.dispose());

  it("404s for an unknown or malformed table id, and refuses a bad Last-Event-ID", async () => {
    expectApiError(await call(server, "GET", `/api/stations/${randomUUID()}/events`), 404, "station_not_found");
    expectApiError(await call(server, "GET", "/api/stations/table-1/events"), 404, "station_not_found");
    expectApiError(await call(server, "GET", `/api/stations/${f.stations[1][0]!.id}/events?last_event_id=x`), 400, "invalid_last_event_id");
  });

  it("sends the table's orders and its branch's product updates, and nothing of another table or branch", async () => {
    const [mine, neighbour] = f.stations[1];
    const stream = await f.open(`/api/stations/${mine!.id}/events`);
    try {
      const other = await f.placeOrder(neighbour!);
      const order = await f.placeOrder(mine!);
      await f.setStatus(other.id, "preparing");
      await f.setAvailable(2, false);
      await f.setAvailable(1, false);
      await f.setStatus(order.id, "preparing");

      const created = await stream.next(1_000);
      expect(kindAndId(created)).toEqual(["order.created", order.id]);
      expect(JSON.parse(created.data)).toEqual(order);
      const product = await stream.next(1_000);
      expect(kindAndId(product)).toEqual(["product.updated", f.products[1].id]);
      expect(JSON.parse(product.data)).toMatchObject({ available: false, branch_id: 1 });
      const updated = await stream.next(1_000);
      expect(kindAndId(updated)).toEqual(["order.updated", order.id]);
      expect(JSON.parse(updated.data)).toMatchObject({ status: "preparing", station_id: mine!.id });
      await stream.expectQuiet(300);
    } finally {
      stream.close();
      await f.setAvailable(1, true);
      await f.setAvailable(2, true);
    }
  });

  it("accepts the table id in capitals", async () => {
    const station = f.stations[2][0]!;
    const stream = await f.open(`/api/stations/${station.id.toUpperCase()}/events`);
    try {
      const order = await f.placeOrder(station);
      expect(kindAndId(await stream.next(1_000))).toEqual(["order.created", order.id]);
    } finally {
      stream.close();
    }
  });

  it("resumes after a disconnect with exactly what the table missed (Last-Event-ID header or query)", async () => {
    const [mine, neighbour] = f.stations[1];
    const first = await f.open(`/api/stations/${mine!.id}/events`);
    const order = await f.placeOrder(mine!);
    const seen = await first.next(1_000);
    first.close();

    // While the phone is away: its order moves on, another table orders, an item sells out.
    await f.setStatus(order.id, "preparing");
    await f.placeOrder(neighbour!);
    await f.setAvailable(1, false);

    const byHeader = { query: "", headers: { "Last-Event-ID": seen.id! } };
    const byQuery = { query: `?last_event_id=${seen.id}`, headers: {} };
    for (const { query, headers } of [byHeader, byQuery]) {
      const resumed = await f.open(`/api/stations/${mine!.id}/events${query}`, headers);
      try {
        expect(kindAndId(await resumed.next(1_000))).toEqual(["order.updated", order.id]);
        expect(kindAndId(await resumed.next(1_000))).toEqual(["product.updated", f.products[1].id]);
        await resumed.expectQuiet(300);
      } finally {
        resumed.close();
      }
    }
    await f.setAvailable(1, true);
  });
});

describe("stream limits", () => {
  let limited: Awaited<ReturnType<typeof startLimitedServer>>;
  let f: Awaited<ReturnType<typeof fixture>>;
  const openStreams = () => limited.running.context.liveEvents.size;
  beforeAll(async () => {
    limited = await startLimitedServer(
      { maxEventStreams: 3, staffStreamReserve: 1 },
      { streamTiming: { maxAgeMs: 1_500, pollMs: 50, recheckMs: 100 }, pruneEveryMs: 100 },
    );
    f = await fixture(limited);
  });
  afterAll(() => limited.dispose());

  it("answers 503 busy with Retry-After beyond MAX_EVENT_STREAMS (anonymous streams short of the staff reserve), on every stream, and has room again once one closes", async () => {
    const station = f.stations[1][0]!;
    const order = await f.placeOrder(f.stations[1][2]!);
    const a = await f.open(`/api/stations/${station.id}/events`);
    const b = await f.open("/api/products/events?branch_id=1");
    let staff: SseStream | undefined;
    try {
      expect(openStreams()).toBe(2);
      // Cap 3, reserve 1: the public streams are full at 2, whichever kind.
      for (const path of [`/api/stations/${station.id}/events`, "/api/products/events?branch_id=2", `/api/orders/${order.id}/events`]) {
        const refused = await call(limited, "GET", path);
        expectApiError(refused, 503, "busy");
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // The staff stream takes the reserve; then every stream is refused, the staff stream too.
      staff = await f.open("/api/events?branch_id=1", { Authorization: `Bearer ${f.token}` });
      expect(openStreams()).toBe(3);
      for (const path of [`/api/stations/${station.id}/events`, "/api/events?branch_id=2"]) {
        expectApiError(await call(limited, "GET", path, { token: f.token }), 503, "busy");
      }
      // HEAD opens nothing, so it is not refused.
      expect((await fetch(`${limited.url}/api/stations/${station.id}/events`, { method: "HEAD" })).status).toBe(200);
      a.close();
      await expect.poll(openStreams).toBe(2);
      const c = await f.open(`/api/stations/${station.id}/events`);
      c.close();
    } finally {
      a.close();
      b.close();
      staff?.close();
      await expect.poll(openStreams).toBe(0);
    }
  });

  it("closes a stream at its age limit; the client resumes with Last-Event-ID and misses nothing", async () => {
    const station = f.stations[1][1]!;
    const stream = await f.open(`/api/stations/${station.id}/events`);
    const order = await f.placeOrder(station);
    const seen = await stream.next(1_000);
    // The age limit is 1.5 s here (an hour by default).
    await expect(stream.next(3_000)).rejects.toThrow("the stream ended");
    expect(stream.ended).toBe(true);
    await expect.poll(openStreams).toBe(0);

    await f.setStatus(order.id, "preparing"); // while reconnecting
    const resumed = await f.open(`/api/stations/${station.id}/events`, { "Last-Event-ID": seen.id! });
    try {
      const event = await resumed.next(1_000);
      expect(kindAndId(event)).toEqual(["order.updated", order.id]);
      expect(Number(event.id)).toBeGreaterThan(Number(seen.id));
    } finally {
      resumed.close();
    }
  });

  it("ends a staff stream once its session is signed out", async () => {
    const token = await staffToken({ url: limited.url, staff: TEST_STAFF });
    const stream = await f.open("/api/events?branch_id=1", { Authorization: `Bearer ${token}` });
    try {
      await stream.expectQuiet(300); // still signed in: still open
      expect(stream.ended).toBe(false);
      expect((await call(limited, "POST", "/api/logout", { token })).status).toBe(200);
      // Well before the age limit (1.35–1.5 s), so it is the sign-out that ends it.
      await expect(stream.next(500)).rejects.toThrow("the stream ended");
    } finally {
      stream.close();
    }
  });

  it("prunes events past the retention window on a schedule, not only at start-up", async () => {
    const { server } = limited;
    const insert = async (createdAt: Date) => {
      await server.query("INSERT INTO events (branch_id, type, payload, created_at) VALUES (1, 'product.updated', ?, ?)", [
        `{"at":"${createdAt.toISOString()}"}`,
        createdAt.toISOString(),
      ]);
      const [row] = await server.query<{ id: number }>("SELECT max(id) AS id FROM events");
      return row!.id;
    };
    const old = await insert(new Date(Date.now() - EVENT_RETENTION_MS - 60_000));
    const recent = await insert(new Date());
    const exists = async (id: number) => (await server.query("SELECT 1 FROM events WHERE id = ?", [id])).length > 0;
    // The schedule runs every 100 ms here (hourly by default).
    await expect.poll(() => exists(old), { timeout: 5_000 }).toBe(false);
    expect(await exists(recent)).toBe(true);
  });
});
