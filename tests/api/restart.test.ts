/** A restart (deploy, crash) keeps everything: it all lives in the database file, sessions included. */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicOrder, type Order, type DiningTable } from "../../contract/schemas";
import { call, optionId, productNamed, readMenu, readOrders, readStations } from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
});
afterAll(() => server.dispose());

it("keeps stations, orders and their status, the sold-out flag, sessions and idempotency keys across stop() + start()", async () => {
  const token = await staffToken(server);
  const station = (
    await call<DiningTable>(server, "POST", "/api/stations?branch_id=2", { token, json: { codename: "Survivor", capacity: 5 } })
  ).body;
  const menu = await readMenu(server, 2);
  const burger = productNamed(menu, "Chicken Burger");
  const nachos = productNamed(menu, "Nachos");
  const key = randomUUID();
  const orderBody = {
    station_id: station.id,
    branch_id: 2,
    products: [{ id: burger.id, quantity: 2, selectedCustomizations: [optionId(burger, "Side", "Coleslaw")] }],
  };
  const placed = await call<Order>(server, "POST", "/api/orders", { json: orderBody, headers: { "Idempotency-Key": key } });
  expect(placed.status).toBe(201);
  const preparing = await call<Order>(server, "PATCH", `/api/orders/${placed.body.id}`, { token, json: { status: "preparing" } });
  expect(preparing.status).toBe(200);
  expect((await call(server, "PATCH", `/api/products/${nachos.id}`, { token, json: { available: false } })).status).toBe(200);

  const before = {
    menu: await call(server, "GET", "/api/products_by_category?branch_id=2"),
    stations: await readStations(server, token, 2),
    orders: await readOrders(server, token, 2),
  };

  await server.stop();
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow(); // really down
  await server.start();

  expect((await call(server, "GET", "/api/health")).status).toBe(200);
  // The session is a database row, so staff stay signed in.
  expect((await call(server, "GET", "/api/current_user", { token })).body).toMatchObject({
    logged_in_as: server.staff.email,
    role: "owner",
  });

  expect((await call(server, "GET", `/api/stations/${station.id}`)).body).toEqual({ id: station.id, codename: "Survivor", branch_id: 2 });
  expect(await readStations(server, token, 2)).toEqual(before.stations);

  const order = await call<Order>(server, "GET", `/api/orders/${placed.body.id}`);
  expect(order.status).toBe(200);
  expect(order.body).toEqual(publicOrder(preparing.body));
  expect(await readOrders(server, token, 2)).toEqual(before.orders);

  const menuAfter = await call(server, "GET", "/api/products_by_category?branch_id=2");
  expect(menuAfter.text).toBe(before.menu.text);
  expect(productNamed(await readMenu(server, 2), "Nachos").available).toBe(false);
  // The ETag is a hash of the content, so phones' cached menus stay valid across the restart.
  expect(menuAfter.headers.get("etag")).toBe(before.menu.headers.get("etag"));

  // A retry that arrives after the restart still gets the first answer, not a second order.
  const retry = await call(server, "POST", "/api/orders", { json: orderBody, headers: { "Idempotency-Key": key } });
  expect(retry.status).toBe(201);
  expect(retry.text).toBe(placed.text);
  expect(await readOrders(server, token, 2)).toHaveLength(before.orders.length);

  // Numbering carries on where it stopped.
  const next = await call<Order>(server, "POST", "/api/orders", { json: orderBody, headers: { "Idempotency-Key": randomUUID() } });
  expect(next.body.number).toBe(placed.body.number + 1);

  // The demo data is not seeded a second time.
  expect((await readStations(server, token, 1)).length).toBe(4);
});
