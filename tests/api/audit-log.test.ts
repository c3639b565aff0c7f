/**
 * The audit log of a branch's settings (docs/decisions/0023): a change to its happy hours or its
 * printers leaves exactly one entry, written by who made it at the server's time, that says what
 * changed; a refused change (bad input, a role or branch not allowed, an unknown id) leaves none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, Branch, Printer } from "../../contract/schemas";
import { call, expectApiError } from "../support/api-helpers";
import { staffAccount, type TestAccount } from "../support/staff-accounts";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
const clock = new TestClock();
let owner: string;
let manager: TestAccount;
let kitchen: TestAccount;
let otherBranchManager: TestAccount;

beforeAll(async () => {
  // A month ahead of the real date, so an entry's time can only have come from the server's clock.
  clock.advance(30 * 24 * 3600_000);
  server = await startTestServer({ staticDir: null, server: { clock } });
  owner = await staffToken(server);
  manager = await staffAccount(server, "manager", [1]);
  kitchen = await staffAccount(server, "kitchen", [1]);
  otherBranchManager = await staffAccount(server, "manager", [2]);
});
afterAll(() => server?.dispose());

async function auditLog(): Promise<AuditEntry[]> {
  const answer = await call<AuditEntry[]>(server, "GET", "/api/audit_log?branch_id=1&limit=500", { token: owner });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The entries written while `change` ran, oldest first; each is dated by the server's clock within it. */
async function entriesOf(change: () => Promise<unknown>): Promise<AuditEntry[]> {
  const last = Math.max(0, ...(await auditLog()).map((entry) => entry.id));
  const from = clock.now().getTime();
  await change();
  const to = clock.now().getTime();
  const entries = (await auditLog()).filter((entry) => entry.id > last).reverse();
  for (const { at } of entries) expect(Date.parse(at)).toSatisfy((time: number) => time >= from && time <= to);
  return entries;
}

function expectOneEntry(entries: AuditEntry[], by: TestAccount, expected: Pick<AuditEntry, "action" | "target" | "details">) {
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ ...expected, actor_id: by.id, actor_email: by.email, branch_id: 1 });
  expect(entries[0]!.details).toEqual(expected.details);
}

const WEEKDAYS = [{ weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" }];
const WEEKENDS = [{ weekdays: [7, 6], from: "12:00", to: "15:30" }];

const putHappyHours = (body: unknown, token: string, branchId = 1) =>
  call<Branch>(server, "PUT", `/api/branches/${branchId}/happy_hours`, { token, json: body });

describe("happy hours", () => {
  it("a change is one entry with the windows before and after", async () => {
    expect((await putHappyHours(WEEKDAYS, owner)).status).toBe(200);
    let answer: Awaited<ReturnType<typeof putHappyHours>> | undefined;
    const entries = await entriesOf(async () => {
      answer = await putHappyHours([...WEEKDAYS, ...WEEKENDS], manager.token);
    });
    expect(answer!.status).toBe(200);
    const after = [...WEEKDAYS, { weekdays: [6, 7], from: "12:00", to: "15:30" }];
    expect(answer!.body.happy_hours).toEqual(after);
    expectOneEntry(entries, manager, {
      action: "happy_hours.changed",
      target: "branch:1",
      details: { happy_hours: { from: WEEKDAYS, to: after } },
    });
  });

  it("the same windows sent again change nothing and write nothing", async () => {
    expect((await putHappyHours(WEEKENDS, owner)).status).toBe(200);
    const entries = await entriesOf(async () => {
      expect((await putHappyHours([{ weekdays: [6, 7], from: "12:00", to: "15:30" }], manager.token)).status).toBe(200);
    });
    expect(entries).toEqual([]);
  });

  it("a refused change writes nothing", async () => {
    const entries = await entriesOf(async () => {
      expectApiError(await putHappyHours([{ weekdays: [1], from: "18:00", to: "14:00" }], manager.token), 400, "invalid_body");
      expectApiError(await putHappyHours(WEEKDAYS, kitchen.token), 403, "forbidden");
      expectApiError(await putHappyHours(WEEKDAYS, otherBranchManager.token), 403, "forbidden");
      expectApiError(await putHappyHours(WEEKDAYS, owner, 99), 404, "unknown_branch");
    });
    expect(entries).toEqual([]);
  });
});

const KITCHEN_PRINTER = { name: "Hot line", branch_id: 1, host: "127.0.0.1", port: 9, prep_station: "kitchen", receipts: false };

const addPrinter = (body: unknown, token: string) => call<Printer>(server, "POST", "/api/printers", { token, json: body });
const changePrinter = (id: number, body: unknown, token: string) =>
  call<Printer>(server, "PATCH", `/api/printers/${id}`, { token, json: body });
const deletePrinter = (id: number, token: string) => call(server, "DELETE", `/api/printers/${id}`, { token });

async function printer(): Promise<Printer> {
  const answer = await addPrinter(KITCHEN_PRINTER, owner);
  expect(answer.status).toBe(201);
  return answer.body;
}

describe("printers", () => {
  it("adding one is one entry with its settings", async () => {
    let added: Printer | undefined;
    const entries = await entriesOf(async () => {
      added = (await addPrinter({ ...KITCHEN_PRINTER, name: "Bar", prep_station: "bar" }, manager.token)).body;
    });
    expectOneEntry(entries, manager, {
      action: "printer.created",
      target: `printer:${added!.id}`,
      details: { name: "Bar", host: "127.0.0.1", port: 9, prep_station: "bar", receipts: false },
    });
  });

  it("changing one is one entry with its name and each setting changed, from and to", async () => {
    const { id } = await printer();
    const entries = await entriesOf(async () => {
      expect((await changePrinter(id, { name: "Grill", port: 9101, receipts: false }, manager.token)).status).toBe(200);
    });
    expectOneEntry(entries, manager, {
      action: "printer.updated",
      target: `printer:${id}`,
      details: { name: { from: "Hot line", to: "Grill" }, port: { from: 9, to: 9101 } },
    });
    const unnamed = await entriesOf(async () => {
      expect((await changePrinter(id, { receipts: true }, manager.token)).status).toBe(200);
    });
    expectOneEntry(unnamed, manager, {
      action: "printer.updated",
      target: `printer:${id}`,
      details: { name: "Grill", receipts: { from: false, to: true } },
    });
  });

  it("a change that changes nothing writes nothing", async () => {
    const { id } = await printer();
    const entries = await entriesOf(async () => {
      expect((await changePrinter(id, { name: "Hot line", port: 9 }, manager.token)).status).toBe(200);
    });
    expect(entries).toEqual([]);
  });

  it("deleting one is one entry with what it was set to", async () => {
    const { id } = await printer();
    const entries = await entriesOf(async () => {
      expect((await deletePrinter(id, manager.token)).status).toBe(204);
    });
    expectOneEntry(entries, manager, {
      action: "printer.deleted",
      target: `printer:${id}`,
      details: { name: "Hot line", host: "127.0.0.1", port: 9, prep_station: "kitchen", receipts: false },
    });
  });

  it("a refused change writes nothing", async () => {
    const { id } = await printer();
    const entries = await entriesOf(async () => {
      expectApiError(await addPrinter({ ...KITCHEN_PRINTER, port: 0 }, manager.token), 400, "invalid_body");
      expectApiError(await changePrinter(id, { prep_station: "grill" }, manager.token), 400, "invalid_body");
      expectApiError(await changePrinter(id, {}, manager.token), 400, "invalid_body");
      for (const token of [kitchen.token, otherBranchManager.token]) {
        expectApiError(await addPrinter(KITCHEN_PRINTER, token), 403, "forbidden");
        expectApiError(await changePrinter(id, { name: "Mine" }, token), 403, "forbidden");
        expectApiError(await deletePrinter(id, token), 403, "forbidden");
      }
      expectApiError(await changePrinter(999_999, { name: "Ghost" }, owner), 404, "printer_not_found");
      expectApiError(await deletePrinter(999_999, owner), 404, "printer_not_found");
    });
    expect(entries).toEqual([]);
  });
});
