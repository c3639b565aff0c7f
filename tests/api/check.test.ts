/**
 * The check (API.md "The check", docs/decisions/0028-the-check.md), on SQLite and PostgreSQL: its lines
 * and sums, discounts, comps and voids (a floor account's waiting for a manager's PIN on the same
 * tablet), equal splits, payments by amount and by items with tips and change, the tab closing itself
 * at zero, two tablets paying the last part at once, replays, refunds, and bad input refused whole.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hstCents, parsePriceToCents } from "../../contract/money";
import type { Adjustment, Check, DiningTable, Order, PaymentAnswer, Product, Refund } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu, withoutHappyHours } from "../support/api-helpers";
import { staffAccount, type TestAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let owner: string;
let manager: TestAccount;
let floor: TestAccount;
let kitchen: TestAccount;
let products: Product[];
const MANAGER_PIN = "735194";
const FLOOR_PIN = "246810";

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  owner = await staffToken(server);
  await withoutHappyHours(server, owner);
  manager = await staffAccount(server, "manager", [1]);
  floor = await staffAccount(server, "floor", [1]);
  kitchen = await staffAccount(server, "kitchen", [1]);
  expect((await call(server, "PUT", "/api/current_user/pin", { token: manager.token, json: { pin: MANAGER_PIN } })).status).toBe(200);
  expect((await call(server, "PUT", "/api/current_user/pin", { token: floor.token, json: { pin: FLOOR_PIN } })).status).toBe(200);
  products = orderableAnyDay(await readMenu(server, 1)).filter(
    (product) => product.stock === null && Object.values(product.customizations).every((group) => !group.required),
  );
});
afterAll(() => server?.dispose());

const cents = (price: string) => parsePriceToCents(price.replace(/^-/, ""))! * (price.startsWith("-") ? -1 : 1);

async function newTable(branchId = 1): Promise<DiningTable> {
  const made = await call<DiningTable>(server, "POST", "/api/stations", {
    token: owner,
    json: { codename: `C${randomUUID().slice(0, 6)}`, capacity: 4, branch_id: branchId },
  });
  expect(made.status).toBe(201);
  return made.body;
}

async function order(table: DiningTable, lines: [Product, number][]): Promise<Order> {
  const placed = await call<Order>(server, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: {
      station_id: table.id,
      branch_id: table.branch_id,
      products: lines.map(([p, quantity]) => ({ id: p.id, quantity, selectedCustomizations: [] })),
    },
  });
  expect(placed.status, placed.text).toBe(201);
  return placed.body;
}

async function tableCheck(table: DiningTable, token = owner): Promise<Check> {
  const read = await call<Check>(server, "GET", `/api/stations/${table.id}/tab`, { token });
  expect(read.status, read.text).toBe(200);
  return read.body;
}

function pay(tabId: string, body: object, token = floor.token, key: string = randomUUID()) {
  return call<PaymentAnswer>(server, "POST", `/api/tabs/${tabId}/payments`, { token, json: body, headers: { "Idempotency-Key": key } });
}

function adjust(tabId: string, body: object, token = owner) {
  return call<Adjustment>(server, "POST", `/api/tabs/${tabId}/adjustments`, { token, json: body });
}

/** The check's own arithmetic, from what it shows. */
function expectConsistent(check: Check) {
  const subtotal = check.lines.reduce((sum, line) => sum + cents(line.line_total), 0);
  expect(cents(check.subtotal)).toBe(subtotal);
  const net = subtotal - cents(check.discount_total) - cents(check.comp_total) - cents(check.void_total);
  expect(cents(check.tax)).toBe(hstCents(net));
  expect(cents(check.total)).toBe(net + hstCents(net));
  expect(check.lines.reduce((sum, line) => sum + cents(line.share), 0)).toBe(cents(check.total));
  const paid = check.payments.reduce((sum, p) => sum + cents(p.amount), 0);
  expect(cents(check.paid)).toBe(paid);
  if (check.status === "open") expect(cents(check.balance)).toBe(cents(check.total) - paid);
}

describe("reading a check", () => {
  it("lists every line of the table's rounds with ids, sums them and taxes the subtotal once", async () => {
    const table = await newTable();
    const empty = await tableCheck(table);
    expect(empty).toMatchObject({ id: null, status: "open", lines: [], balance: "0.00", total: "0.00" });
    const [a, b] = products as [Product, Product];
    const first = await order(table, [[a, 2]]);
    const second = await order(table, [
      [b, 1],
      [a, 1],
    ]);
    const check = await tableCheck(table);
    expect(check.id).toBe(first.id);
    expect(check.lines.map((line) => [line.id, line.order_id, line.quantity])).toEqual([
      [`${first.id}.0`, first.id, 2],
      [`${second.id}.0`, second.id, 1],
      [`${second.id}.1`, second.id, 1],
    ]);
    expectConsistent(check);
    expect((await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token: floor.token })).body).toEqual(check);
    expectApiError(await call(server, "GET", `/api/tabs/${second.id}`, { token: owner }), 404, "tab_not_found");
    expectApiError(await call(server, "GET", `/api/tabs/${randomUUID()}`, { token: owner }), 404, "tab_not_found");
    expectApiError(await call(server, "GET", `/api/tabs/${check.id}`, { token: kitchen.token }), 403, "forbidden");
  });
});

describe("splitting and paying", () => {
  it("splits equally to the cent, pays two parts with a tip and cash change, and closes itself at zero", async () => {
    const table = await newTable();
    const [a, b] = products as [Product, Product];
    await order(table, [
      [a, 1],
      [b, 2],
    ]);
    const check = await tableCheck(table);
    const split = await call<{ ways: number; parts: string[] }>(server, "POST", `/api/tabs/${check.id}/split`, {
      token: floor.token,
      json: { ways: 3 },
    });
    expect(split.status).toBe(200);
    expect(split.body.parts.reduce((sum, part) => sum + cents(part), 0)).toBe(cents(check.balance));
    const parts = split.body.parts.map(cents);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);

    const card = await pay(check.id!, { method: "card", amount: split.body.parts[0], tip: "5.00" });
    expect(card.status, card.text).toBe(201);
    expect(card.body).toMatchObject({ method: "card", amount: split.body.parts[0], tip: "5.00", change_due: "0.00", tab_status: "open" });
    const afterOne = await tableCheck(table);
    expect(afterOne.split).toMatchObject({ ways: 3, paid_parts: 1 });
    expect(afterOne.split!.parts).toEqual(split.body.parts.slice(1));
    expect(afterOne.tips).toBe("5.00");

    const second = afterOne.split!.parts[0]!;
    const tendered = ((cents(second) + 2000) / 100).toFixed(2);
    // The guest hands over $20 more than their part: the part is paid and the change is due.
    const cash = await pay(check.id!, { method: "cash", amount: second, tendered });
    expect(cash.status, cash.text).toBe(201);
    expect(cash.body).toMatchObject({ amount: second, change_due: "20.00", tendered });

    const last = (await tableCheck(table)).balance;
    const closing = await pay(check.id!, { method: "other", amount: last });
    expect(closing.body).toMatchObject({ tab_status: "closed", balance: "0.00" });
    const closed = (await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token: owner })).body;
    expect(closed).toMatchObject({ status: "closed", balance: "0.00", total: check.total, tips: "5.00" });
    expectConsistent(closed);
    expect((await tableCheck(table)).id).toBeNull();
    expectApiError(await pay(check.id!, { method: "cash", amount: "1.00" }), 409, "tab_closed");
  });

  it("pays by items: each guest's lines, tax included, and the shares add up to the total", async () => {
    const table = await newTable();
    const [a, b, c] = products as [Product, Product, Product];
    await order(table, [
      [a, 1],
      [b, 1],
      [c, 3],
    ]);
    const check = await tableCheck(table);
    const [l1, l2, l3] = check.lines as [Check["lines"][0], Check["lines"][0], Check["lines"][0]];
    const first = await pay(check.id!, { method: "card", line_ids: [l1.id, l2.id], tip: "2.00" });
    expect(first.status, first.text).toBe(201);
    expect(cents(first.body.amount)).toBe(cents(l1.share) + cents(l2.share));
    expectApiError(await pay(check.id!, { method: "card", line_ids: [l1.id] }), 409, "line_paid");
    expectApiError(await pay(check.id!, { method: "card", line_ids: [`${randomUUID()}.0`] }), 400, "unknown_line");
    const rest = await pay(check.id!, { method: "card", line_ids: [l3.id] });
    expect(rest.body).toMatchObject({ amount: l3.share, tab_status: "closed" });
  });

  it("refuses more than the balance by card (cash answers the change), zero, negative and non-decimal amounts", async () => {
    const table = await newTable();
    await order(table, [[products[0]!, 1]]);
    const check = await tableCheck(table);
    const over = ((cents(check.balance) + 1) / 100).toFixed(2);
    const refused = expectApiError(await pay(check.id!, { method: "card", amount: over }), 409, "overpaid");
    expect(refused.details?.[0]).toMatchObject({ balance: check.balance });
    for (const amount of ["-1.00", "1.005", "abc", "1e3", 5, null]) {
      expectApiError(await pay(check.id!, { method: "card", amount }), 400, "invalid_body");
    }
    expectApiError(await pay(check.id!, { method: "card", amount: "0.00" }), 400, "invalid_amount");
    expectApiError(await pay(check.id!, { method: "bitcoin", amount: "1.00" }), 400, "invalid_body");
    expectApiError(await pay(check.id!, { method: "card", amount: "1.00", tendered: "5.00" }), 400, "invalid_body");
    expectApiError(await pay(check.id!, { method: "cash", amount: "1.00", tip: "1.00", tendered: "1.50" }), 400, "tendered_short");
    expect((await tableCheck(table)).payments).toEqual([]);
  });

  it("is one payment when replayed with its Idempotency-Key, and 422 for the key with another body", async () => {
    const table = await newTable();
    await order(table, [[products[0]!, 2]]);
    const check = await tableCheck(table);
    const key = randomUUID();
    const first = await pay(check.id!, { method: "card", amount: "1.00" }, floor.token, key);
    const again = await pay(check.id!, { method: "card", amount: "1.00" }, floor.token, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expectApiError(await pay(check.id!, { method: "card", amount: "2.00" }, floor.token, key), 422, "idempotency_key_reused");
    expect((await tableCheck(table)).payments).toHaveLength(1);
  });

  it("two tablets paying the last part at once: one closed tab, and a 409 to the other", async () => {
    const table = await newTable();
    await order(table, [[products[1]!, 1]]);
    const check = await tableCheck(table);
    const answers = await Promise.all([
      pay(check.id!, { method: "card", amount: check.balance }),
      pay(check.id!, { method: "cash", amount: check.balance }, manager.token),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(["tab_closed", "overpaid"]).toContain((refused.body as unknown as { error: { code: string } }).error.code);
    const closed = (await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token: owner })).body;
    expect(closed.status).toBe("closed");
    expect(closed.payments).toHaveLength(1);
    const [rows] = await server.query<{ n: number }>("SELECT count(*) AS n FROM tabs WHERE id = ?", [check.id]);
    expect(Number(rows!.n)).toBe(1);
  });

  it("keeps POST /stations/{id}/tab/close paying the whole balance in one payment", async () => {
    const table = await newTable();
    await order(table, [[products[0]!, 1]]);
    const check = await tableCheck(table);
    const closed = await call<{ id: string; paid_with: string; total: string }>(server, "POST", `/api/stations/${table.id}/tab/close`, {
      token: floor.token,
      json: { paid_with: "card" },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: check.id, paid_with: "card", total: check.total });
    const read = (await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token: owner })).body;
    expect(read.payments.map((p) => [p.method, p.amount])).toEqual([["card", check.total]]);
  });
});

describe("discounts, comps and voids", () => {
  it("applies an owner's discount, comp and void at once, taxing what is left; the void stays on the kitchen's record", async () => {
    const table = await newTable();
    const [a, b, c] = products as [Product, Product, Product];
    const placed = await order(table, [
      [a, 1],
      [b, 1],
      [c, 1],
    ]);
    const check = await tableCheck(table);
    const [l1, l2, l3] = check.lines as [Check["lines"][0], Check["lines"][0], Check["lines"][0]];
    const voided = await adjust(check.id!, { kind: "void", line_id: l1.id, reason: "Sent to the wrong table" }, manager.token);
    expect(voided.status, voided.text).toBe(201);
    expect(voided.body).toMatchObject({ kind: "void", status: "applied", amount: l1.line_total, line_id: l1.id });
    const comp = await adjust(check.id!, { kind: "comp", line_id: l2.id, reason: "Birthday" });
    expect(comp.body).toMatchObject({ status: "applied", amount: l2.line_total });
    const discount = await adjust(check.id!, { kind: "discount", percent: 10, reason: "Regular" });
    expect(discount.body.amount).toBe(((cents(l3.line_total) * 10 + 50) / 100 / 100).toFixed(2).replace(/^(\d+\.\d{2}).*/, "$1"));
    const after = await tableCheck(table);
    expect(after.void_total).toBe(l1.line_total);
    expect(after.comp_total).toBe(l2.line_total);
    expect(after.lines[0]!.share).toBe("0.00");
    expectConsistent(after);
    const kitchenOrder = await call<Order>(server, "GET", `/api/orders/${placed.id}`);
    expect(kitchenOrder.body.lines).toHaveLength(3);
    expectApiError(await adjust(check.id!, { kind: "comp", line_id: l1.id, reason: "again" }), 409, "line_voided");
    expectApiError(await adjust(check.id!, { kind: "discount", line_id: l2.id, percent: 5, reason: "again" }), 409, "line_adjusted");
    const audit = await call<{ action: string; details: { what?: string } }[]>(server, "GET", "/api/audit_log?branch_id=1", {
      token: owner,
    });
    const words = audit.body.filter((entry) => entry.action.startsWith("check.")).map((entry) => entry.details.what);
    expect(words.some((what) => what?.startsWith("Void of 1 × ") && what.endsWith("Sent to the wrong table"))).toBe(true);
  });

  it("keeps a floor account's void pending until a manager's PIN approves it on the same tablet", async () => {
    const table = await newTable();
    await order(table, [
      [products[0]!, 1],
      [products[1]!, 1],
    ]);
    const check = await tableCheck(table);
    const line = check.lines[0]!;
    const asked = await adjust(check.id!, { kind: "void", line_id: line.id, reason: "Wrong dish" }, floor.token);
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: "pending", approved_by: null });
    const pending = await tableCheck(table, floor.token);
    expect(pending.pending_approvals).toBe(1);
    expect(pending.void_total).toBe("0.00");
    // The last payment waits for the approval.
    expectApiError(await pay(check.id!, { method: "card", amount: pending.balance }), 409, "approval_pending");
    expectApiError(
      await call(server, "POST", `/api/stations/${table.id}/tab/close`, { token: floor.token, json: { paid_with: "cash" } }),
      409,
      "approval_pending",
    );
    // A floor account's own PIN does not approve; a wrong PIN is refused.
    expectApiError(
      await call(server, "POST", `/api/adjustments/${asked.body.id}/approve`, {
        token: floor.token,
        json: { staff_id: floor.id, pin: FLOOR_PIN },
      }),
      403,
      "not_an_approver",
    );
    expectApiError(
      await call(server, "POST", `/api/adjustments/${asked.body.id}/approve`, {
        token: floor.token,
        json: { staff_id: manager.id, pin: "000000" },
      }),
      401,
      "invalid_credentials",
    );
    const approved = await call<Adjustment>(server, "POST", `/api/adjustments/${asked.body.id}/approve`, {
      token: floor.token,
      json: { email: manager.email, pin: MANAGER_PIN },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: "applied", approved_by: "Test manager", requested_by: "Test floor" });
    // Still the floor account's session on this tablet.
    expect((await call<{ id: number }>(server, "GET", "/api/current_user", { token: floor.token })).body.id).toBe(floor.id);
    const after = await tableCheck(table, floor.token);
    expect(after).toMatchObject({ pending_approvals: 0, void_total: line.line_total });
    expectApiError(
      await call(server, "POST", `/api/adjustments/${asked.body.id}/approve`, {
        token: floor.token,
        json: { email: manager.email, pin: MANAGER_PIN },
      }),
      409,
      "not_pending",
    );
  });

  it("applies a floor account's small discount at once, holds a larger one, and a rejection leaves the check as it was", async () => {
    const table = await newTable();
    await order(table, [[products[2]!, 2]]);
    const check = await tableCheck(table);
    const small = await adjust(check.id!, { kind: "discount", percent: 10, reason: "Regular" }, floor.token);
    expect(small.body.status).toBe("applied");
    const large = await adjust(check.id!, { kind: "discount", percent: 11, reason: "Friend" }, floor.token);
    expect(large.body.status).toBe("pending");
    const rejected = await call<Adjustment>(server, "POST", `/api/adjustments/${large.body.id}/reject`, { token: floor.token });
    expect(rejected.body.status).toBe("rejected");
    const after = await tableCheck(table);
    expect(after.discount_total).toBe(small.body.amount);
    expect(after.pending_approvals).toBe(0);
  });

  it("refuses bad adjustments with the contract's error shape and changes nothing", async () => {
    const table = await newTable();
    const other = await newTable();
    await order(table, [[products[0]!, 1]]);
    await order(other, [[products[0]!, 1]]);
    const check = await tableCheck(table);
    const otherCheck = await tableCheck(other);
    const bad: object[] = [
      { kind: "discount", percent: 0, reason: "x" },
      { kind: "discount", percent: 101, reason: "x" },
      { kind: "discount", percent: 10.5, reason: "x" },
      { kind: "discount", amount: "-1.00", reason: "x" },
      { kind: "discount", amount: "abc", reason: "x" },
      { kind: "discount", percent: 10 },
      { kind: "discount", percent: 10, reason: "" },
      { kind: "discount", percent: 10, reason: "x".repeat(141) },
      { kind: "void", reason: "no line" },
      { kind: "refund", percent: 10, reason: "x" },
      { kind: "discount", percent: 10, amount: "1.00", reason: "both" },
    ];
    for (const body of bad) expectApiError(await adjust(check.id!, body), 400, "invalid_body");
    expectApiError(await adjust(check.id!, { kind: "void", line_id: otherCheck.lines[0]!.id, reason: "x" }), 400, "unknown_line");
    expectApiError(await adjust(check.id!, { kind: "discount", amount: "99999.00", reason: "x" }), 409, "adjustment_too_large");
    expectApiError(await adjust(randomUUID(), { kind: "discount", percent: 5, reason: "x" }), 404, "tab_not_found");
    expect((await tableCheck(table)).adjustments).toEqual([]);
  });
});

describe("refunds", () => {
  it("refunds a paid check in part and whole (owner, manager), never more than was paid", async () => {
    const table = await newTable();
    await order(table, [[products[0]!, 1]]);
    const check = await tableCheck(table);
    const open = await pay(check.id!, { method: "card", amount: "1.00", tip: "0.50" });
    expectApiError(
      await call(server, "POST", `/api/payments/${open.body.id}/refund`, { token: manager.token, json: { amount: "1.00", reason: "x" } }),
      409,
      "tab_open",
    );
    const rest = await pay(check.id!, { method: "cash", amount: (await tableCheck(table)).balance });
    expect(rest.body.tab_status).toBe("closed");
    const refund = (amount: string, token = manager.token) =>
      call<Refund>(server, "POST", `/api/payments/${open.body.id}/refund`, { token, json: { amount, reason: "Cold dish" } });
    expectApiError(await refund("1.00", floor.token), 403, "forbidden");
    expectApiError(await refund("1.51"), 409, "refund_too_large");
    expectApiError(await refund("-1.00"), 400, "invalid_body");
    expect((await refund("1.00")).status).toBe(201);
    expectApiError(await refund("0.51"), 409, "refund_too_large");
    expect((await refund("0.50", owner)).status).toBe(201);
    const closed = (await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token: owner })).body;
    expect(closed.refunded).toBe("1.50");
    expect(closed.payments[0]!.refunds.map((r) => r.amount)).toEqual(["1.00", "0.50"]);
  });
});
