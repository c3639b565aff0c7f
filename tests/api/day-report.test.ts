/**
 * The end of a branch's day (API.md "End of day"), on SQLite and PostgreSQL: what the report says was
 * taken is the sum of payments (with tips) less refunds, on random days of payments and refunds
 * (fast-check); the day is the branch's in its time zone; the cash count gives the over/short; the
 * report prints on the receipts printer through the queue and comes as CSV; voids are counted apart;
 * bad input is refused with the contract's error shape; a wrong manager PIN is throttled.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Check, DayReport, DiningTable, Order, PaymentAnswer, Product } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu, withoutHappyHours } from "../support/api-helpers";
import { propertySettings, PROPERTY_TIMEOUT_MS } from "../support/fast-check-settings";
import { staffAccount, type TestAccount } from "../support/staff-accounts";
import { TestClock } from "../support/test-clock";
import { TestPrinter } from "../support/test-printer";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let owner: string;
let manager: TestAccount;
let floor: TestAccount;
let products: Product[];
const clock = new TestClock();
let printer: TestPrinter;
// A Wednesday evening in Toronto (19:00 EST).
const EVENING = "2026-11-26T00:00:00Z";
const DAY = "2026-11-25";

beforeAll(async () => {
  clock.set(EVENING);
  server = await startTestServer({
    staticDir: null,
    config: { tableOrderLimit: 0 },
    server: { clock, printing: { tickMs: 200, idleCheckMs: 1_000 } },
  });
  owner = await staffToken(server);
  await withoutHappyHours(server, owner);
  manager = await staffAccount(server, "manager", [1]);
  floor = await staffAccount(server, "floor", [1]);
  products = orderableAnyDay(await readMenu(server, 1)).filter(
    (p) => p.stock === null && Object.values(p.customizations).every((group) => !group.required),
  );
  printer = await TestPrinter.create();
});
afterAll(async () => {
  await server?.dispose();
  await printer?.dispose();
});

const cents = (price: string) => Math.round(Number(price) * 100);
const report = async (branchId = 1, date = DAY) => {
  const answer = await call<DayReport>(server, "GET", `/api/reports/day?branch_id=${branchId}&date=${date}`, { token: manager.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

async function tableWithOrder(quantity = 1, branchId = 1): Promise<{ table: DiningTable; check: Check }> {
  const table = (
    await call<DiningTable>(server, "POST", "/api/stations", {
      token: owner,
      json: { codename: `D${randomUUID().slice(0, 5)}`, capacity: 4, branch_id: branchId },
    })
  ).body;
  const menuProducts = branchId === 1 ? products : orderableAnyDay(await readMenu(server, branchId));
  const placed = await call<Order>(server, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: { station_id: table.id, branch_id: branchId, products: [{ id: menuProducts[0]!.id, quantity, selectedCustomizations: [] }] },
  });
  expect(placed.status, placed.text).toBe(201);
  const check = (await call<Check>(server, "GET", `/api/stations/${table.id}/tab`, { token: owner })).body;
  return { table, check };
}

const pay = (tabId: string, body: object) =>
  call<PaymentAnswer>(server, "POST", `/api/tabs/${tabId}/payments`, {
    token: floor.token,
    json: body,
    headers: { "Idempotency-Key": randomUUID() },
  });

describe("what the day says was taken", () => {
  it(
    "is the sum of payments (with tips) less refunds, by method, on random days",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              method: fc.constantFrom("cash" as const, "card" as const, "other" as const),
              tip: fc.integer({ min: 0, max: 800 }),
              parts: fc.integer({ min: 1, max: 3 }),
              refund: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
            }),
            { minLength: 1, maxLength: 3 },
          ),
          async (checks) => {
            const before = await report();
            let paid = 0;
            let refunded = 0;
            const byMethod = { cash: 0, card: 0, other: 0 };
            for (const plan of checks) {
              const { check } = await tableWithOrder(plan.parts);
              const parts = (
                await call<{ parts: string[] }>(server, "POST", `/api/tabs/${check.id}/split`, {
                  token: floor.token,
                  json: { ways: plan.parts + 1 },
                })
              ).body.parts;
              let last: PaymentAnswer | undefined;
              for (const [index, part] of parts.entries()) {
                const answer = await pay(check.id!, {
                  method: plan.method,
                  amount: part,
                  ...(index === 0 && plan.tip > 0 && { tip: (plan.tip / 100).toFixed(2) }),
                });
                expect(answer.status, answer.text).toBe(201);
                last = answer.body;
                paid += cents(answer.body.amount) + cents(answer.body.tip);
                byMethod[plan.method] += cents(answer.body.amount) + cents(answer.body.tip);
              }
              expect(last?.tab_status).toBe("closed");
              if (plan.refund !== null) {
                const refund = await call(server, "POST", `/api/payments/${last!.id}/refund`, {
                  token: manager.token,
                  json: { amount: (Math.min(plan.refund, cents(last!.amount)) / 100).toFixed(2), reason: "Returned dish" },
                });
                expect(refund.status, refund.text).toBe(201);
                refunded += Math.min(plan.refund, cents(last!.amount));
                byMethod[plan.method] -= Math.min(plan.refund, cents(last!.amount));
              }
            }
            const after = await report();
            expect(cents(after.taken) - cents(before.taken)).toBe(paid - refunded);
            expect(cents(after.refunds) - cents(before.refunds)).toBe(refunded);
            for (const method of ["cash", "card", "other"] as const) {
              expect(cents(after.payments[method]) - cents(before.payments[method])).toBe(byMethod[method]);
            }
            expect(cents(after.taken)).toBe(cents(after.payments.cash) + cents(after.payments.card) + cents(after.payments.other));
            expect(after.cash_expected).toBe(after.payments.cash);
            expect(after.checks - before.checks).toBe(checks.length);
            expect(cents(after.net)).toBe(cents(after.gross) - cents(after.discounts) - cents(after.comps) - cents(after.voids));
          },
        ),
        propertySettings(4, 60),
      );
    },
    // Each run closes up to three checks through the API: generous on two busy cores and PostgreSQL.
    Math.max(PROPERTY_TIMEOUT_MS, 120_000),
  );
});

describe("the end of day", () => {
  it("counts voids apart, takes a cash count with its over/short, prints once on the receipts printer and comes as CSV", async () => {
    // Some cash in the drawer.
    const cashCheck = (await tableWithOrder(1)).check;
    expect((await pay(cashCheck.id!, { method: "cash", amount: cashCheck.balance })).body.tab_status).toBe("closed");
    const { check } = await tableWithOrder(2);
    const line = check.lines[0]!;
    // The void of the only line leaves nothing to pay; a payment of 0 closes it.
    expect(
      (
        await call(server, "POST", `/api/tabs/${check.id}/adjustments`, {
          token: manager.token,
          json: { kind: "void", line_id: line.id, reason: "Sent by mistake" },
        })
      ).status,
    ).toBe(201);
    const closing = await pay(check.id!, { method: "cash", amount: "0.00" });
    expect(closing.body.tab_status).toBe("closed");
    const day = await report();
    expect(day.voided_lines).toBeGreaterThanOrEqual(1);
    expect(cents(day.voids)).toBeGreaterThanOrEqual(cents(line.line_total));
    expect(day.closed_checks.some((c) => c.id === check.id)).toBe(true);

    const counted = cents(day.cash_expected) + 250;
    const set = await call<DayReport>(server, "PUT", "/api/reports/day/cash_count", {
      token: manager.token,
      json: { branch_id: 1, date: DAY, counted: (counted / 100).toFixed(2) },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ cash_counted: (counted / 100).toFixed(2), over_short: "2.50" });
    const short = await call<DayReport>(server, "PUT", "/api/reports/day/cash_count", {
      token: manager.token,
      json: { branch_id: 1, date: DAY, counted: ((counted - 400) / 100).toFixed(2) },
    });
    expect(short.body.over_short).toBe("-1.50");

    expectApiError(
      await call(server, "POST", "/api/reports/day/print", { token: manager.token, json: { branch_id: 1, date: DAY } }),
      409,
      "no_printer",
    );
    const added = await call(server, "POST", "/api/printers", {
      token: owner,
      json: { name: "Receipts", branch_id: 1, host: printer.host, port: printer.port, prep_station: "bar", receipts: true },
    });
    expect(added.status, added.text).toBe(201);
    const printed = await call(server, "POST", "/api/reports/day/print", { token: manager.token, json: { branch_id: 1, date: DAY } });
    expect(printed.status, printed.text).toBe(202);
    const [ticket] = await printer.waitForTickets(1);
    expect(ticket!.text).toContain("END OF DAY");
    expect(ticket!.text).toContain(DAY);
    expect(ticket!.text).toMatch(/OVER\/SHORT\s+-\$1\.50/);

    const csv = await call(server, "GET", `/api/reports/day.csv?branch_id=1&date=${DAY}`, { token: manager.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows.at(-1)).toMatchObject({
      closed_at: "TOTAL",
      gross: day.gross,
      voids: day.voids,
      refunds: day.refunds,
      cash: day.payments.cash,
    });
    expect(rows.some((row) => row.check === check.id)).toBe(true);
  });

  it("is the branch's day in its time zone: a payment at 23:30 local time is that day's, one at 00:30 the next day's", async () => {
    const { check } = await tableWithOrder(1);
    const cardBefore = cents((await report()).payments.card);
    clock.set("2026-11-26T04:30:00Z"); // 23:30 on the 25th in Toronto
    const late = await pay(check.id!, { method: "card", amount: "1.00" });
    expect(late.status).toBe(201);
    expect(cents((await report()).payments.card)).toBe(cardBefore + 100);
    clock.set("2026-11-26T05:30:00Z"); // 00:30 on the 26th
    const balance = (await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token: owner })).body.balance;
    await pay(check.id!, { method: "card", amount: balance });
    const [day25, day26] = [await report(1, DAY), await report(1, "2026-11-26")];
    expect(day25.closed_checks.map((c) => c.id)).not.toContain(check.id);
    expect(day26.payments.card).toBe(balance);
    expect(day26.closed_checks.map((c) => c.id)).toEqual([check.id]);
    // The 23:30 payment is the 25th's.
    const csv25 = await call(server, "GET", `/api/reports/day.csv?branch_id=1&date=${DAY}`, { token: manager.token });
    expect(csv25.text).toContain("\r\nTOTAL,");
    clock.set(EVENING);
  });

  it("refuses other roles, other branches and bad input with the contract's error shape", async () => {
    expectApiError(await call(server, "GET", `/api/reports/day?branch_id=1&date=${DAY}`, { token: floor.token }), 403, "forbidden");
    expectApiError(await call(server, "GET", `/api/reports/day?branch_id=2&date=${DAY}`, { token: manager.token }), 403, "forbidden");
    expectApiError(await call(server, "GET", `/api/reports/day?branch_id=9&date=${DAY}`, { token: owner }), 404, "unknown_branch");
    expectApiError(await call(server, "GET", "/api/reports/day?branch_id=1&date=2026-02-30", { token: owner }), 400, "invalid_query");
    for (const counted of ["-1.00", "abc", "1.001", 12, null]) {
      expectApiError(
        await call(server, "PUT", "/api/reports/day/cash_count", { token: manager.token, json: { branch_id: 1, date: DAY, counted } }),
        400,
        "invalid_body",
      );
    }
    expectApiError(
      await call(server, "PUT", "/api/reports/day/cash_count", { token: floor.token, json: { branch_id: 1, date: DAY, counted: "1.00" } }),
      403,
      "forbidden",
    );
    expect((await call(server, "GET", `/api/reports/day?branch_id=1`, { token: owner })).status).toBe(200);
  });
});

describe("a manager's PIN on the tablet", () => {
  it("is throttled as the PIN take-over: wrong PINs are counted, then refused with 429 whatever the PIN", async () => {
    const approver = await staffAccount(server, "manager", [1]);
    expect((await call(server, "PUT", "/api/current_user/pin", { token: approver.token, json: { pin: "918273" } })).status).toBe(200);
    const { check } = await tableWithOrder(1);
    const asked = await call<{ id: string }>(server, "POST", `/api/tabs/${check.id}/adjustments`, {
      token: floor.token,
      json: { kind: "comp", line_id: check.lines[0]!.id, reason: "Long wait" },
    });
    const approve = (pin: string) =>
      call(server, "POST", `/api/adjustments/${asked.body.id}/approve`, { token: floor.token, json: { staff_id: approver.id, pin } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => approve("000000")));
    const codes = answers.map((a) => (a.body as { error: { code: string } }).error.code);
    expect(codes.filter((c) => c === "invalid_credentials").length).toBeLessThanOrEqual(5);
    expect(codes).toContain("too_many_attempts");
    const right = await approve("918273");
    expectApiError(right, 429, "too_many_attempts");
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
    const still = (await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token: owner })).body;
    expect(still.pending_approvals).toBe(1);
  });
});
