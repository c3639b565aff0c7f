/**
 * Idempotent order submission (API.md "Orders"): a phone on flaky Wi-Fi retries with the same
 * Idempotency-Key, and the kitchen must get the order exactly once — also when retries race.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Order, DiningTable } from "../../contract/schemas";
import { KEY_PRUNE_EVERY_MS, KEY_RETENTION_MS, pruneExpiredKeysHourly } from "../../api/orders/idempotency-queries";
import { call, countRows, expectApiError, optionId, productNamed, readMenu, readOrders, readStations } from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let station: DiningTable;
let lumpiaId: number;
let burger: { id: number; fries: number; rings: number };

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  station = (await readStations(server, token, 1))[0]!;
  const menu = await readMenu(server, 1);
  lumpiaId = productNamed(menu, "Lumpia Shanghai").id;
  const mega = productNamed(menu, "Limitless Mega Burger");
  burger = { id: mega.id, fries: optionId(mega, "Side", "Fries"), rings: optionId(mega, "Side", "Onion Rings") };
  // Expired before this server took its first order (see the pruning test).
  await storeKey("expired-at-start", new Date(Date.now() - KEY_RETENTION_MS - 60_000));
});

async function storeKey(key: string, createdAt: Date) {
  await server.query(
    "INSERT INTO idempotency_keys (key, request_hash, status_code, response_body, created_at) VALUES (?, 'x', 201, '{}', ?)",
    [key, createdAt.toISOString()],
  );
}
const keyStored = async (key: string) => (await server.query("SELECT 1 FROM idempotency_keys WHERE key = ?", [key])).length > 0;
afterAll(() => server.dispose());

const body = (quantity = 1, side = burger.fries) => ({
  products: [
    { id: burger.id, quantity, selectedCustomizations: [side] },
    { id: lumpiaId, quantity: 1 },
  ],
  station_id: station.id,
  branch_id: 1,
});

const submit = (key: string | undefined, payload: unknown) =>
  call<Order>(server, "POST", "/api/orders", { json: payload, headers: key ? { "Idempotency-Key": key } : {} });

it("answers the same key and body again with the same status and byte-identical body, without a second order", async () => {
  const key = randomUUID();
  const ordersBefore = await countRows(server, "orders");
  const first = await submit(key, body());
  expect(first.status).toBe(201);
  expect(first.headers.get("idempotent-replayed")).toBeNull();

  for (let retry = 0; retry < 3; retry++) {
    const again = await submit(key, body());
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  }
  expect(await countRows(server, "orders")).toBe(ordersBefore + 1);
  expect((await readOrders(server, token, 1)).filter((o) => o.id === first.body.id)).toHaveLength(1);
});

it("replays the first answer even after the order moved on (the retry must not look like a new order)", async () => {
  const key = randomUUID();
  const first = await submit(key, body(2));
  expect((await call(server, "PATCH", `/api/orders/${first.body.id}`, { token, json: { status: "preparing" } })).status).toBe(200);
  const again = await submit(key, body(2));
  expect(again.status).toBe(201);
  expect(again.text).toBe(first.text);
});

it("refuses the same key with a different body: 422 idempotency_key_reused, no order, the first answer still replayable", async () => {
  const key = randomUUID();
  const first = await submit(key, body(1));
  const ordersBefore = await countRows(server, "orders");

  for (const different of [body(2), body(1, burger.rings), { ...body(1), products: body(1).products.slice(0, 1) }]) {
    const error = expectApiError(await submit(key, different), 422, "idempotency_key_reused");
    expect(error.message).toMatch(/Idempotency-Key/);
  }
  expect(await countRows(server, "orders")).toBe(ordersBefore);
  expect((await submit(key, body(1))).text).toBe(first.text);
});

it("does not spend the key on a refused submission: the corrected retry is placed", async () => {
  const key = randomUUID();
  expect((await call(server, "PATCH", `/api/products/${lumpiaId}`, { token, json: { available: false } })).status).toBe(200);
  expectApiError(await submit(key, body()), 409, "sold_out");
  expect((await call(server, "PATCH", `/api/products/${lumpiaId}`, { token, json: { available: true } })).status).toBe(200);

  const ordersBefore = await countRows(server, "orders");
  const retry = await submit(key, body());
  expect(retry.status).toBe(201);
  expect(retry.headers.get("idempotent-replayed")).toBeNull();
  expect(await countRows(server, "orders")).toBe(ordersBefore + 1);
});

it("places a new order for every submission without a key", async () => {
  const before = await countRows(server, "orders");
  const [a, b] = [await submit(undefined, body()), await submit(undefined, body())];
  expect(a.status).toBe(201);
  expect(b.status).toBe(201);
  expect(a.body.id).not.toBe(b.body.id);
  expect(await countRows(server, "orders")).toBe(before + 2);
});

it("creates exactly one order per key when 20 submissions race, several sharing a key", async () => {
  const keys = Array.from({ length: 5 }, () => randomUUID());
  const ordersBefore = await countRows(server, "orders");
  // 4 submissions for each of 5 keys, interleaved, all in flight at once.
  const submissions = Array.from({ length: 20 }, (_, i) => ({ key: keys[i % keys.length]!, quantity: (i % keys.length) + 1 }));
  const responses = await Promise.all(submissions.map(({ key, quantity }) => submit(key, body(quantity))));

  expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
  expect(await countRows(server, "orders")).toBe(ordersBefore + keys.length);
  for (const key of keys) {
    const answers = responses.filter((_, i) => submissions[i]!.key === key);
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    expect(answers.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
  }
  const ids = new Set(responses.map((r) => r.body.id));
  expect(ids.size).toBe(keys.length);
  const numbers = new Set(responses.map((r) => r.body.number));
  expect(numbers.size).toBe(keys.length);
  const listed = (await readOrders(server, token, 1)).filter((o) => ids.has(o.id));
  expect(listed).toHaveLength(keys.length);
});

it("lets only one of two different bodies racing on one key win; the other gets 422", async () => {
  const key = randomUUID();
  const ordersBefore = await countRows(server, "orders");
  const responses = await Promise.all([submit(key, body(1)), submit(key, body(2)), submit(key, body(1)), submit(key, body(2))]);
  const statuses = responses.map((r) => r.status).sort();
  expect(statuses).toEqual([201, 201, 422, 422]);
  expect(await countRows(server, "orders")).toBe(ordersBefore + 1);
  const winners = responses.filter((r) => r.status === 201);
  expect(winners[0]!.text).toBe(winners[1]!.text);
});

it("deletes keys past their 48 hours as orders come in, once an hour rather than with every order", async () => {
  expect((await submit(randomUUID(), body())).status).toBe(201);
  expect(await keyStored("expired-at-start")).toBe(false);

  // Later runs, with the clock moved on: well past the last prune, so this one runs.
  const { database } = server.running();
  const pruneAt = (at: Date) => database.transaction((tx) => pruneExpiredKeysHourly(database, tx, at));
  const later = new Date(Date.now() + 10 * KEY_PRUNE_EVERY_MS);
  const age = (ms: number) => new Date(later.getTime() - ms);
  await storeKey("expired", age(KEY_RETENTION_MS + 1_000));
  await storeKey("still-kept", age(KEY_RETENTION_MS - 2 * KEY_PRUNE_EVERY_MS));
  expect(await pruneAt(later)).toBe(1);
  expect([await keyStored("expired"), await keyStored("still-kept")]).toEqual([false, true]);

  await storeKey("expired-since", age(KEY_RETENTION_MS + 1_000));
  expect(await pruneAt(new Date(later.getTime() + KEY_PRUNE_EVERY_MS / 2))).toBeUndefined();
  expect(await keyStored("expired-since")).toBe(true);
  expect(await pruneAt(new Date(later.getTime() + KEY_PRUNE_EVERY_MS))).toBe(1);
  expect([await keyStored("expired-since"), await keyStored("still-kept")]).toEqual([false, true]);
});
