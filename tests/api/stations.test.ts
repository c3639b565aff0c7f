/** Stations (tables): staff CRUD and the public lookup the order screen uses (API.md "Stations"). */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, PublicDiningTable, DiningTable } from "../../contract/schemas";
import {
  BAD_JSON_BODIES,
  EVIL_ORIGIN,
  UUID_V4,
  call,
  expectApiError,
  expiredToken,
  optionId,
  productNamed,
  readMenu,
  readOrders,
  readStations,
  revokedToken,
} from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
});
afterAll(() => server.dispose());

const create = (body: unknown, query = "?branch_id=1", options: Parameters<typeof call>[3] = { token }) =>
  call<DiningTable>(server, "POST", `/api/stations${query}`, { json: body, ...options });
const update = (id: string, body: unknown, options: Parameters<typeof call>[3] = { token }) =>
  call<DiningTable>(server, "PUT", `/api/stations/${id}`, { json: body, ...options });
const remove = (id: string, options: Parameters<typeof call>[3] = { token }) => call(server, "DELETE", `/api/stations/${id}`, options);

/** Both branches' station lists: equal snapshots mean nothing changed. */
const allStations = async () => [await readStations(server, token, 1), await readStations(server, token, 2)];

const NOT_FOUND_IDS = [
  ["an unknown UUID", randomUUID()],
  ["a non-UUID id", "table-1"],
  ["a number", "1"],
  ["a UUID with extra characters", `${randomUUID()}x`],
] as const;

describe("GET /api/stations", () => {
  it("lists the branch's stations with id, codename, capacity, branch_id and their place on the floor plan", async () => {
    const one = await readStations(server, token, 1);
    expect(one.map(({ codename, capacity, branch_id }) => ({ codename, capacity, branch_id }))).toEqual([
      { codename: "1", capacity: 4, branch_id: 1 },
      { codename: "2", capacity: 4, branch_id: 1 },
      { codename: "3", capacity: 6, branch_id: 1 },
      { codename: "Bar 1", capacity: 2, branch_id: 1 },
    ]);
    for (const station of one) {
      expect(Object.keys(station).sort()).toEqual(["area", "branch_id", "capacity", "codename", "id", "position"]);
      expect(station.id).toMatch(UUID_V4);
    }
    const two = await readStations(server, token, 2);
    expect(two.map((s) => s.codename)).toEqual(["1", "2"]);
    expect(two.every((s) => s.branch_id === 2)).toBe(true);
    // The demo's Thornhill tables stand on its plan; Pickering's wait to be placed.
    expect(one.map(({ area, position }) => ({ area, position }))).toEqual([
      { area: "Main", position: { x: 150, y: 200 } },
      { area: "Main", position: { x: 450, y: 200 } },
      { area: "Main", position: { x: 300, y: 600 } },
      { area: "Bar", position: { x: 200, y: 300 } },
    ]);
    expect(two.every((s) => s.area === "Main" && s.position === null)).toBe(true);
  });

  it("answers 400 for a missing or invalid branch_id and 404 for an unknown branch", async () => {
    expectApiError(await call(server, "GET", "/api/stations", { token }), 400, "invalid_query");
    expectApiError(await call(server, "GET", "/api/stations?branch_id=two", { token }), 400, "invalid_query");
    expectApiError(await call(server, "GET", "/api/stations?branch_id=3", { token }), 404, "unknown_branch");
  });

  it("answers 401 without a valid session", async () => {
    for (const auth of [
      {},
      { token: await expiredToken(server) },
      { cookie: await expiredToken(server) },
      { token: await revokedToken(server) },
    ]) {
      expectApiError(await call(server, "GET", "/api/stations?branch_id=1", auth), 401, "unauthenticated");
    }
  });
});

describe("POST /api/stations", () => {
  it("creates a station: 201, a random UUID v4, the codename trimmed; it is listed and publicly readable", async () => {
    const response = await create({ codename: "  Patio 7  ", capacity: 8, branch_id: 1 });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["area", "branch_id", "capacity", "codename", "id", "position"]);
    expect(response.body).toMatchObject({ codename: "Patio 7", capacity: 8, branch_id: 1, area: "Main", position: null });
    expect(response.body.id).toMatch(UUID_V4);
    expect(await readStations(server, token, 1)).toContainEqual(response.body);
    expect((await readStations(server, token, 2)).map((s) => s.id)).not.toContain(response.body.id);

    const second = await create({ codename: "Patio 8", capacity: 8 });
    expect(second.body.id).not.toBe(response.body.id);
  });

  it("takes the branch from the query or from the body", async () => {
    const fromBody = await create({ codename: "Body branch", capacity: 2, branch_id: 2 }, "");
    expect(fromBody.status).toBe(201);
    expect(fromBody.body.branch_id).toBe(2);
    const fromQuery = await create({ codename: "Query branch", capacity: 2 }, "?branch_id=2");
    expect(fromQuery.status).toBe(201);
    expect(fromQuery.body.branch_id).toBe(2);
  });

  it("accepts the limits: a 1- and a 40-character codename, capacity 1 and 99", async () => {
    expect((await create({ codename: "A", capacity: 1 })).status).toBe(201);
    const long = await create({ codename: "x".repeat(40), capacity: 99 });
    expect(long.status).toBe(201);
    expect(long.body).toMatchObject({ codename: "x".repeat(40), capacity: 99 });
  });

  it.each([
    ["no codename", { capacity: 4 }],
    ["no capacity", { codename: "T" }],
    ["an empty codename", { codename: "", capacity: 4 }],
    ["a blank codename", { codename: "   ", capacity: 4 }],
    ["a codename of zero-width spaces", { codename: "\u200b\u200b", capacity: 4 }],
    ["a codename of control characters", { codename: "\u0000\u0007", capacity: 4 }],
    ["a 41-character codename", { codename: "x".repeat(41), capacity: 4 }],
    ["a codename that is not a string", { codename: 12, capacity: 4 }],
    ["capacity 0", { codename: "T", capacity: 0 }],
    ["capacity 100", { codename: "T", capacity: 100 }],
    ["a fractional capacity", { codename: "T", capacity: 1.5 }],
    ["capacity as a string", { codename: "T", capacity: "4" }],
    ["a negative capacity", { codename: "T", capacity: -2 }],
    ["branch_id as a string", { codename: "T", capacity: 4, branch_id: "1" }],
    ["an array body", [{ codename: "T", capacity: 4 }]],
    ["a null body", null],
  ])("answers 400 invalid_body to %s and creates nothing", async (_name, body) => {
    const before = await allStations();
    const error = expectApiError(await create(body), 400, "invalid_body");
    expect(error.details?.length).toBeGreaterThan(0);
    expect(await allStations()).toEqual(before);
  });

  it("answers 400 when the branch is missing, or the query and body disagree; 404 for an unknown branch", async () => {
    const before = await allStations();
    expectApiError(await create({ codename: "T", capacity: 4 }, ""), 400, "invalid_body");
    expectApiError(await create({ codename: "T", capacity: 4, branch_id: 2 }, "?branch_id=1"), 400, "branch_mismatch");
    expectApiError(await create({ codename: "T", capacity: 4 }, "?branch_id=x"), 400, "invalid_query");
    expectApiError(await create({ codename: "T", capacity: 4 }, "?branch_id=3"), 404, "unknown_branch");
    expectApiError(await create({ codename: "T", capacity: 4, branch_id: 3 }, ""), 404, "unknown_branch");
    expect(await allStations()).toEqual(before);
  });

  it.each(BAD_JSON_BODIES)("answers $status $code to $name and creates nothing", async ({ headers, body, status, code }) => {
    const before = await allStations();
    expectApiError(await call(server, "POST", "/api/stations?branch_id=1", { token, headers, body }), status, code);
    expect(await allStations()).toEqual(before);
  });

  it("answers 401 without a valid session and 403 to the cookie from another site, creating nothing", async () => {
    const before = await allStations();
    const body = { codename: "Sneaky", capacity: 4 };
    for (const auth of [
      {},
      { token: await expiredToken(server) },
      { cookie: await expiredToken(server) },
      { token: await revokedToken(server) },
    ]) {
      expectApiError(await create(body, "?branch_id=1", auth), 401, "unauthenticated");
    }
    expectApiError(await create(body, "?branch_id=1", { cookie: token, origin: EVIL_ORIGIN }), 403, "cross_origin_refused");
    expect(await allStations()).toEqual(before);
    // The own origin with the cookie, and a bearer token from anywhere, are fine.
    expect((await create({ codename: "Cookie", capacity: 2 }, "?branch_id=1", { cookie: token, origin: server.url })).status).toBe(201);
    expect((await create({ codename: "Bearer", capacity: 2 }, "?branch_id=1", { token, origin: EVIL_ORIGIN })).status).toBe(201);
  });
});

describe("PUT /api/stations/:id", () => {
  let station: DiningTable;
  beforeAll(async () => {
    station = (await create({ codename: "Window", capacity: 2 })).body;
  });

  it("changes the codename and/or the capacity and answers 200 with the whole station", async () => {
    const renamed = await update(station.id, { codename: " Window 2 " });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...station, codename: "Window 2" });

    const resized = await update(station.id, { capacity: 3 });
    expect(resized.body).toEqual({ ...station, codename: "Window 2", capacity: 3 });

    const both = await update(station.id.toUpperCase(), { codename: "Window", capacity: 2 });
    expect(both.status).toBe(200);
    expect(both.body).toEqual(station);
    expect(await readStations(server, token, 1)).toContainEqual(station);
  });

  it("does not move a station to another branch", async () => {
    const response = await update(station.id, { codename: "Window", branch_id: 2 });
    expect(response.status).toBe(200);
    expect(response.body.branch_id).toBe(1);
  });

  it.each([
    ["an empty body", {}],
    ["a blank codename", { codename: "  " }],
    ["a 41-character codename", { codename: "x".repeat(41) }],
    ["capacity 0", { capacity: 0 }],
    ["capacity 100", { capacity: 100 }],
    ["a fractional capacity", { capacity: 2.5 }],
    ["capacity as a string", { capacity: "2" }],
    ["a null codename", { codename: null }],
  ])("answers 400 invalid_body to %s and changes nothing", async (_name, body) => {
    const before = await allStations();
    expectApiError(await update(station.id, body), 400, "invalid_body");
    expect(await allStations()).toEqual(before);
  });

  it.each(NOT_FOUND_IDS)("answers 404 station_not_found for %s", async (_name, id) => {
    const before = await allStations();
    expectApiError(await update(id, { capacity: 5 }), 404, "station_not_found");
    expect(await allStations()).toEqual(before);
  });

  it.each(BAD_JSON_BODIES)("answers $status $code to $name and changes nothing", async ({ headers, body, status, code }) => {
    const before = await allStations();
    expectApiError(await call(server, "PUT", `/api/stations/${station.id}`, { token, headers, body }), status, code);
    expect(await allStations()).toEqual(before);
  });

  it("answers 401 without a valid session and 403 to the cookie from another site, changing nothing", async () => {
    const before = await allStations();
    for (const auth of [{}, { token: await expiredToken(server) }, { cookie: await revokedToken(server) }]) {
      expectApiError(await update(station.id, { capacity: 9 }, auth), 401, "unauthenticated");
    }
    expectApiError(await update(station.id, { capacity: 9 }, { cookie: token, origin: EVIL_ORIGIN }), 403, "cross_origin_refused");
    expect(await allStations()).toEqual(before);
  });
});

describe("DELETE /api/stations/:id", () => {
  it("answers 204 with no body; the station is gone from the list and the public lookup", async () => {
    const station = (await create({ codename: "Temporary", capacity: 2 })).body;
    const response = await remove(station.id);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await readStations(server, token, 1)).map((s) => s.id)).not.toContain(station.id);
    expectApiError(await call(server, "GET", `/api/stations/${station.id}`), 404, "station_not_found");
    expectApiError(await remove(station.id), 404, "station_not_found");
  });

  it("keeps the station's past orders", async () => {
    const station = (await create({ codename: "Soon gone", capacity: 4 })).body;
    const menu = await readMenu(server, 1);
    const burger = productNamed(menu, "Limitless Mega Burger");
    const placed = await call<Order>(server, "POST", "/api/orders", {
      headers: { "Idempotency-Key": randomUUID() },
      json: {
        station_id: station.id,
        branch_id: 1,
        products: [{ id: burger.id, quantity: 1, selectedCustomizations: [optionId(burger, "Side", "Fries")] }],
      },
    });
    expect(placed.status).toBe(201);

    expect((await remove(station.id)).status).toBe(204);

    const order = await call<Order>(server, "GET", `/api/orders/${placed.body.id}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ id: placed.body.id, total: placed.body.total, lines: placed.body.lines });
    // The table's key is on staff answers only (API.md "Trust at the table").
    expect((await readOrders(server, token, 1)).find((o) => o.id === placed.body.id)).toMatchObject({ station_id: station.id });
    // The table is gone, so it takes no new orders.
    const another = await call(server, "POST", "/api/orders", {
      headers: { "Idempotency-Key": randomUUID() },
      json: {
        station_id: station.id,
        branch_id: 1,
        products: [{ id: burger.id, quantity: 1, selectedCustomizations: [optionId(burger, "Side", "Fries")] }],
      },
    });
    expectApiError(another, 404, "unknown_station");
  });

  it("finds the station by its id in capitals (as a QR code or a typed link may carry it)", async () => {
    const station = (await create({ codename: "Shouted", capacity: 2 })).body;
    expect(station.id).toBe(station.id.toLowerCase());
    expect((await remove(station.id.toUpperCase())).status).toBe(204);
    expect((await readStations(server, token, 1)).map((s) => s.id)).not.toContain(station.id);
  });

  it.each(NOT_FOUND_IDS)("answers 404 station_not_found for %s and deletes nothing", async (_name, id) => {
    const before = await allStations();
    expectApiError(await remove(id), 404, "station_not_found");
    expect(await allStations()).toEqual(before);
  });

  it("answers 401 without a valid session and 403 to the cookie from another site, deleting nothing", async () => {
    const before = await allStations();
    const id = before[0]![0]!.id;
    for (const auth of [
      {},
      { token: await expiredToken(server) },
      { cookie: await expiredToken(server) },
      { token: await revokedToken(server) },
    ]) {
      expectApiError(await remove(id, auth), 401, "unauthenticated");
    }
    expectApiError(await remove(id, { cookie: token, origin: EVIL_ORIGIN }), 403, "cross_origin_refused");
    expect(await allStations()).toEqual(before);
  });
});

describe("GET /api/stations/:id (public)", () => {
  it("answers only id, codename and branch_id, without signing in", async () => {
    const [station] = await readStations(server, token, 2);
    const response = await call<PublicDiningTable>(server, "GET", `/api/stations/${station!.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: station!.id, codename: station!.codename, branch_id: 2 });
    // The QR code may carry the id in capitals, or in mixed case.
    expect((await call(server, "GET", `/api/stations/${station!.id.toUpperCase()}`)).body).toEqual(response.body);
    const mixed = [...station!.id].map((char, index) => (index % 2 ? char.toUpperCase() : char)).join("");
    expect((await call(server, "GET", `/api/stations/${mixed}`)).body).toEqual(response.body);
  });

  it.each(NOT_FOUND_IDS)("answers 404 station_not_found for %s", async (_name, id) => {
    expectApiError(await call(server, "GET", `/api/stations/${id}`), 404, "station_not_found");
  });
});
