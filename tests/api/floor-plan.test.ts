/**
 * The floor plan (API.md "The floor, the check and the front door"): tables placed in areas with
 * `PUT /api/stations/{id}` (owners and managers; validated, audited), `GET /api/floor` with each
 * table's state, and `table.updated` on the staff stream at every change of a table's state — a cart
 * begun, an order sent, ready, served, the bill asked for, the tab closed — on every instance.
 * Real HTTP against a real server, on SQLite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePriceToCents } from "../../contract/money";
import type { AuditEntry, Check, DiningTable, Floor, FloorTable, OpenTab, Order, Product } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu, withoutHappyHours } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { staffAccount, type TestAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, TEST_DIALECT, type TestServer } from "../support/test-server";

let server: TestServer;
let owner: string;
let manager: TestAccount;
let managerOfBranch2: TestAccount;
let floor: TestAccount;
let kitchen: TestAccount;
let plain: Product;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  owner = await staffToken(server);
  await withoutHappyHours(server, owner);
  manager = await staffAccount(server, "manager", [1]);
  managerOfBranch2 = await staffAccount(server, "manager", [2]);
  floor = await staffAccount(server, "floor", [1]);
  kitchen = await staffAccount(server, "kitchen", [1]);
  plain = orderableAnyDay(await readMenu(server, 1)).find(
    (product) => product.stock === null && Object.values(product.customizations).every((group) => !group.required),
  )!;
});
afterAll(() => server?.dispose());

async function newTable(on: TestServer = server, codename = `Floor ${randomUUID().slice(0, 8)}`): Promise<DiningTable> {
  const created = await call<DiningTable>(on, "POST", "/api/stations", { token: owner, json: { branch_id: 1, codename, capacity: 4 } });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

const readFloor = async (token: string, on: TestServer = server) => {
  const answer = await call<Floor>(on, "GET", "/api/floor?branch_id=1", { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const onFloor = async (table: DiningTable, on: TestServer = server): Promise<FloorTable> =>
  (await readFloor(owner, on)).tables.find((t) => t.id === table.id)!;

const put = (table: DiningTable, body: unknown, token = owner) =>
  call<DiningTable>(server, "PUT", `/api/stations/${table.id}`, { token, json: body });

describe(`placing tables (${TEST_DIALECT})`, () => {
  it("a new table is in Main, not yet placed; owners and managers set its area and position, and each change is audited", async () => {
    const table = await newTable();
    expect(table).toMatchObject({ area: "Main", position: null });

    const moved = await put(table, { area: "Patio", position: { x: 120, y: 640 } }, manager.token);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ id: table.id, codename: table.codename, capacity: 4, area: "Patio", position: { x: 120, y: 640 } });
    // Edges of the plan are places too; null takes it off the plan.
    expect((await put(table, { position: { x: 0, y: 1000 } })).body.position).toEqual({ x: 0, y: 1000 });
    expect((await put(table, { position: null })).body).toMatchObject({ area: "Patio", position: null });
    expect((await put(table, { position: { x: 1000, y: 0 } })).body.position).toEqual({ x: 1000, y: 0 });

    const listed = (await readFloor(floor.token)).tables.find((t) => t.id === table.id)!;
    expect(listed).toMatchObject({ area: "Patio", position: { x: 1000, y: 0 } });

    const log = await call<AuditEntry[]>(server, "GET", "/api/audit_log?branch_id=1", { token: owner });
    const entries = log.body.filter((entry) => entry.target === `station:${table.id}`);
    expect(entries.map((entry) => entry.action)).toEqual([
      "table.updated",
      "table.updated",
      "table.updated",
      "table.updated",
      "table.created",
    ]);
    expect(entries[3]).toMatchObject({
      actor_email: manager.email,
      details: { codename: table.codename, area: { from: "Main", to: "Patio" }, position: { from: null, to: { x: 120, y: 640 } } },
    });
  });

  it("refuses what is not a place on the plan, and changes nothing", async () => {
    const table = await newTable();
    await put(table, { area: "Bar", position: { x: 10, y: 20 } });
    const refused: unknown[] = [
      {},
      { area: "" },
      { area: "   " },
      { area: "x".repeat(41) },
      { area: 7 },
      { position: { x: -1, y: 10 } },
      { position: { x: 10, y: 1001 } },
      { position: { x: 1.5, y: 10 } },
      { position: { x: "10", y: 10 } },
      { position: { x: 10 } },
      { position: [10, 10] },
      { position: "here" },
    ];
    for (const body of refused) expectApiError(await put(table, body), 400, "invalid_body");
    expect(await onFloor(table)).toMatchObject({ area: "Bar", position: { x: 10, y: 20 } });
    // An area of 40 characters is fine, and is trimmed of control characters as codenames are.
    expect((await put(table, { area: ` ${"y".repeat(40)}\u200b ` })).body.area).toBe("y".repeat(40));

    expectApiError(await put({ ...table, id: randomUUID() }, { area: "Bar" }), 404, "station_not_found");
    expectApiError(await put(table, { area: "Patio" }, floor.token), 403, "forbidden");
    expectApiError(await put(table, { area: "Patio" }, kitchen.token), 403, "forbidden");
    expectApiError(await put(table, { area: "Patio" }, managerOfBranch2.token), 403, "forbidden");
    expect((await onFloor(table)).area).toBe("y".repeat(40));
  });

  it("two managers moving one table at once: both answered, the table at one of the two places", async () => {
    const table = await newTable();
    const [a, b] = await Promise.all([
      put(table, { position: { x: 100, y: 100 } }, manager.token),
      put(table, { position: { x: 900, y: 900 } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([
      { x: 100, y: 100 },
      { x: 900, y: 900 },
    ]).toContainEqual((await onFloor(table)).position);
  });
});

describe(`GET /api/floor (${TEST_DIALECT})`, () => {
  it("owner, manager and floor read it; kitchen and another branch's manager are refused; a bad branch is 400 or 404", async () => {
    for (const token of [owner, manager.token, floor.token]) expect((await readFloor(token)).tables.length).toBeGreaterThan(0);
    expectApiError(await call(server, "GET", "/api/floor?branch_id=1", { token: kitchen.token }), 403, "forbidden");
    expectApiError(await call(server, "GET", "/api/floor?branch_id=1", { token: managerOfBranch2.token }), 403, "forbidden");
    expectApiError(await call(server, "GET", "/api/floor?branch_id=1"), 401, "unauthenticated");
    expect((await call(server, "GET", "/api/floor", { token: owner })).status).toBe(400);
    expect((await call(server, "GET", "/api/floor?branch_id=abc", { token: owner })).status).toBe(400);
    expect((await call(server, "GET", "/api/floor?branch_id=99", { token: owner })).status).toBe(404);
  });

  it("lists every table of the branch once, with the contract's shape; a free table's tab is 0.00", async () => {
    const table = await newTable();
    const { tables } = await readFloor(owner);
    expect(new Set(tables.map((t) => t.id)).size).toBe(tables.length);
    expect(tables.every((t) => t.branch_id === 1)).toBe(true);
    const listed = tables.find((t) => t.id === table.id)!;
    expect(listed).toEqual({
      ...table,
      state: { status: "free", since: expect.any(String), open_calls: [], held_orders: 0, tab_total: "0.00", tab_balance: "0.00" },
    });
    expect(Date.parse(listed.state.since)).not.toBeNaN();
  });
});

/** The staff stream of branch 1, as `token` opens it; `next()` skips to the next `table.updated` of `table`. */
async function floorStream(token: string, on: TestServer = server) {
  const stream = await SseStream.open(`${on.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` });
  return {
    stream,
    async next(table: DiningTable, timeoutMs = 5_000): Promise<FloorTable> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await stream.next(Math.max(1, deadline - Date.now()));
        if (event.event !== "table.updated") continue;
        const listed = JSON.parse(event.data) as FloorTable;
        // A derived event carries no id: the client's Last-Event-ID stays that of the last stored row.
        if (listed.id === table.id) return listed;
      }
    },
  };
}

const placeOrder = async (table: DiningTable, on: TestServer = server): Promise<Order> => {
  const answer = await call<Order>(on, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: { station_id: table.id, branch_id: 1, products: [{ id: plain.id, quantity: 2, selectedCustomizations: [] }] },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const setStatus = async (order: Order, status: Order["status"]) =>
  expect((await call(server, "PATCH", `/api/orders/${order.id}`, { token: owner, json: { status } })).status).toBe(200);

describe(`table.updated at each change of a table's state (${TEST_DIALECT})`, () => {
  it("free → ordering → in the kitchen → ready → served → bill requested → free, each on the stream and in GET /api/floor", async () => {
    const table = await newTable();
    const live = await floorStream(floor.token);
    try {
      const expectState = async (status: FloorTable["state"]["status"], more: Partial<FloorTable["state"]> = {}) => {
        const heard = await live.next(table);
        expect(heard.state).toMatchObject({ status, ...more });
        expect(heard).toMatchObject({ id: table.id, codename: table.codename, area: "Main" });
        // The list says the same as the stream, since included.
        expect((await onFloor(table)).state).toEqual(heard.state);
        return heard;
      };

      const cart = await call(server, "POST", `/api/stations/${table.id}/cart/operations`, {
        json: {
          phone_id: randomUUID(),
          operations: [
            {
              type: "add_line",
              op_id: randomUUID(),
              at: new Date().toISOString(),
              line_id: randomUUID(),
              product_id: plain.id,
              quantity: 1,
              options: [],
            },
          ],
        },
      });
      expect(cart.status, cart.text).toBe(200);
      await expectState("ordering", { tab_total: "0.00" });

      const order = await placeOrder(table);
      const inKitchen = await expectState("in_kitchen", { tab_total: order.total });
      expect(inKitchen.state.since).toBe(order.created_at);

      await setStatus(order, "preparing");
      await setStatus(order, "ready");
      await expectState("ready");
      await setStatus(order, "served");
      await expectState("served", { tab_total: order.total });

      const server_call = await call<{ id: string }>(server, "POST", `/api/stations/${table.id}/calls`, { json: { kind: "server" } });
      expect(server_call.status).toBe(201);
      await expectState("served", { open_calls: [{ id: server_call.body.id, kind: "server" }] });
      const bill = await call<{ id: string; created_at: string }>(server, "POST", `/api/stations/${table.id}/calls`, {
        json: { kind: "bill" },
      });
      const billed = await expectState("bill_requested");
      expect(billed.state.since).toBe(bill.body.created_at);
      expect(billed.state.open_calls).toEqual([
        { id: server_call.body.id, kind: "server" },
        { id: bill.body.id, kind: "bill" },
      ]);

      expect((await call(server, "PATCH", `/api/calls/${bill.body.id}`, { token: floor.token, json: { status: "done" } })).status).toBe(
        200,
      );
      await expectState("served", { open_calls: [{ id: server_call.body.id, kind: "server" }] });
      expect(
        (await call(server, "PATCH", `/api/calls/${server_call.body.id}`, { token: floor.token, json: { status: "done" } })).status,
      ).toBe(200);
      await expectState("served", { open_calls: [] });

      const closed = await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token: floor.token, json: { paid_with: "card" } });
      expect(closed.status, closed.text).toBe(200);
      await expectState("free", { tab_total: "0.00", open_calls: [], held_orders: 0 });

      // A change that leaves the listing as it was (a board marking the order seen) sends nothing.
      const next = await placeOrder(table);
      await expectState("in_kitchen");
      expect((await call(server, "POST", `/api/orders/${next.id}/seen`, { token: owner, json: {} })).status).toBe(200);
      await expect(live.next(table, 500)).rejects.toThrow(/no event within/);
    } finally {
      live.stream.close();
    }
  });

  it("a table moved on the plan is table.updated too; the kitchen's stream never hears table.updated", async () => {
    const table = await newTable();
    const live = await floorStream(manager.token);
    const kitchenStream = await floorStream(kitchen.token);
    try {
      expect((await put(table, { area: "Patio", position: { x: 500, y: 250 } })).status).toBe(200);
      const heard = await live.next(table);
      expect(heard).toMatchObject({ area: "Patio", position: { x: 500, y: 250 }, state: { status: "free" } });
      await placeOrder(table);
      expect((await live.next(table)).state.status).toBe("in_kitchen");
      // The kitchen's stream has the order, and no table.updated.
      for (;;) {
        const event = await kitchenStream.stream.next(3_000);
        expect(event.event).not.toBe("table.updated");
        if (event.event === "order.created") break;
      }
      await expect(kitchenStream.next(table, 500)).rejects.toThrow(/no event within/);
    } finally {
      live.stream.close();
      kitchenStream.stream.close();
    }
  });

  it("held orders are counted, and the table is ordering until staff release one", async () => {
    const limited = await startTestServer({ staticDir: null, config: { tableOrderLimit: 1 } });
    try {
      const token = await staffToken(limited);
      const created = await call<DiningTable>(limited, "POST", "/api/stations", {
        token,
        json: { branch_id: 1, codename: "Held", capacity: 2 },
      });
      const table = created.body;
      const live = await floorStream(token, limited);
      try {
        const first = await placeOrder(table, limited);
        expect((await live.next(table)).state.status).toBe("in_kitchen");
        expect((await call(limited, "PATCH", `/api/orders/${first.id}`, { token, json: { status: "cancelled" } })).status).toBe(200);
        expect((await live.next(table)).state).toMatchObject({ status: "free", tab_total: "0.00" });
        const held = await placeOrder(table, limited);
        expect(held.status).toBe("held");
        expect((await live.next(table)).state).toMatchObject({ status: "ordering", held_orders: 1, tab_total: "0.00" });
        expect((await call(limited, "PATCH", `/api/orders/${held.id}`, { token, json: { status: "received" } })).status).toBe(200);
        expect((await live.next(table)).state).toMatchObject({ status: "in_kitchen", held_orders: 0, tab_total: held.total });
      } finally {
        live.stream.close();
      }
    } finally {
      await limited.dispose();
    }
  });

  it("after a comp and a part paid, the floor, its table.updated and the open tabs show the check's total and balance", async () => {
    const table = await newTable();
    const live = await floorStream(floor.token);
    try {
      const first = await placeOrder(table);
      await live.next(table);
      const second = await placeOrder(table);
      await live.next(table);
      const tabId = first.id;
      const comp = await call(server, "POST", `/api/tabs/${tabId}/adjustments`, {
        token: manager.token,
        json: { kind: "comp", line_id: `${second.id}.0`, reason: "Birthday" },
      });
      expect(comp.status, comp.text).toBe(201);
      const comped = await live.next(table);
      const paid = await call(server, "POST", `/api/tabs/${tabId}/payments`, {
        token: floor.token,
        headers: { "Idempotency-Key": randomUUID() },
        json: { method: "card", amount: "5.00", tip: "1.00" },
      });
      expect(paid.status, paid.text).toBe(201);
      const afterPayment = await live.next(table);

      const check = (await call<Check>(server, "GET", `/api/tabs/${tabId}`, { token: floor.token })).body;
      expect(check).toMatchObject({ status: "open", comp_total: second.subtotal, paid: "5.00" });
      // The comp took the second round off, tax included: no longer what the orders add up to.
      const ordered = parsePriceToCents(first.total)! + parsePriceToCents(second.total)!;
      expect(parsePriceToCents(check.total)).toBeLessThan(ordered);
      expect(parsePriceToCents(check.balance)).toBe(parsePriceToCents(check.total)! - 500);

      expect(comped.state).toMatchObject({ tab_total: check.total, tab_balance: check.total });
      expect(afterPayment.state).toMatchObject({ tab_total: check.total, tab_balance: check.balance });
      expect((await onFloor(table)).state).toMatchObject({ tab_total: check.total, tab_balance: check.balance });
      const tabs = await call<OpenTab[]>(server, "GET", "/api/tabs?branch_id=1", { token: floor.token });
      expect(tabs.status, tabs.text).toBe(200);
      expect(tabs.body.find((tab) => tab.station_id === table.id)).toMatchObject({
        orders: 2,
        total: check.total,
        balance: check.balance,
        opened_at: first.created_at,
      });

      // The rest paid: the check closes, the table is free with nothing on it, and it leaves the open tabs.
      const rest = await call(server, "POST", `/api/tabs/${tabId}/payments`, {
        token: floor.token,
        headers: { "Idempotency-Key": randomUUID() },
        json: { method: "cash", amount: check.balance },
      });
      expect(rest.status, rest.text).toBe(201);
      for (;;) {
        const heard = await live.next(table);
        if (heard.state.status !== "free") continue;
        expect(heard.state).toMatchObject({ tab_total: "0.00", tab_balance: "0.00" });
        break;
      }
      const after = await call<OpenTab[]>(server, "GET", "/api/tabs?branch_id=1", { token: floor.token });
      expect(after.body.some((tab) => tab.station_id === table.id)).toBe(false);
    } finally {
      live.stream.close();
    }
  });

  if (TEST_DIALECT === "postgres") {
    it("another instance's floor screens hear the change too", async () => {
      const second = await startTestServer({ staticDir: null, sameDatabaseAs: server });
      try {
        const table = await newTable();
        const onSecond = await floorStream(await staffToken(second), second);
        try {
          await placeOrder(table);
          expect((await onSecond.next(table)).state.status).toBe("in_kitchen");
          expect((await onFloor(table, second)).state.status).toBe("in_kitchen");
        } finally {
          onSecond.stream.close();
        }
      } finally {
        await second.dispose();
      }
    });
  }
});
