/**
 * Kitchen and bar printers (API.md "Printers"): ESC/POS over raw TCP to test printers of our own
 * (tests/support/test-printer.ts). Every accepted order prints one ticket per printer of each prep
 * station it has lines for, with that station's lines only; a printer that is off keeps its tickets
 * queued in the database and prints each exactly once when it is back, also across a restart, a
 * SIGKILL of the server, and two instances on one PostgreSQL database; a board reprints (REPRINT);
 * a closed tab prints its bill on the receipt printer; an offline printer is `printer.offline` on the
 * staff stream with its queue.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ClosedTab, DiningTable, Menu, Order, Printer, PrintOrderAnswer, Product } from "../../contract/schemas";
import { freePort, ServerProcess } from "../../scripts/reliability/server-process";
import { call, expectApiError, optionId, orderableAnyDay, productNamed, readMenu } from "../support/api-helpers";
import { sharedDatabase, startInstances } from "../support/instances";
import { SseStream } from "../support/sse-stream";
import { TestClock } from "../support/test-clock";
import { segmentsWith, TestPrinter, type PrintedTicket } from "../support/test-printer";
import { startTestServer, staffToken, TEST_DIALECT, TEST_STAFF, type TestServer } from "../support/test-server";

/** 18:05 in Toronto (EST, UTC−5) on a Tuesday. */
const EVENING = "2026-11-24T23:05:00.000Z";

let server: TestServer;
let token: string;
let menu: Menu;
/** A kitchen dish with an optional choice, and a plain one made at the bar for these tests. */
let dish: Product;
let drink: Product;
const clock = new TestClock();
const printers: TestPrinter[] = [];

beforeAll(async () => {
  server = await startTestServer({
    staticDir: null,
    config: { tableOrderLimit: 0 },
    server: { clock, printing: { tickMs: 300, firstBackoffMs: 100, maxBackoffMs: 500, idleCheckMs: 1_000 } },
  });
  token = await staffToken(server);
  menu = await readMenu(server, 1);
  const plain = orderableAnyDay(menu);
  dish = plain.find((product) => Object.keys(product.customizations).length > 0) ?? plain[0]!;
  drink = plain.find((product) => product.id !== dish.id)!;
  await server.query("UPDATE products SET prep_station = 'bar' WHERE id = ?", [drink.id]);
});
afterAll(async () => {
  await server.dispose();
  await Promise.all(printers.map((printer) => printer.dispose()));
});
afterEach(async () => {
  clock.reset();
  for (const branchId of [1, 2]) {
    const listed = await call<Printer[]>(server, "GET", `/api/printers?branch_id=${branchId}`, { token });
    for (const printer of listed.body) await call(server, "DELETE", `/api/printers/${printer.id}`, { token });
  }
});

async function testPrinter(): Promise<TestPrinter> {
  const printer = await TestPrinter.create();
  printers.push(printer);
  return printer;
}

async function addPrinter(printer: TestPrinter, fields: Partial<Printer> = {}): Promise<Printer> {
  const response = await call<Printer>(server, "POST", "/api/printers", {
    token,
    json: { name: "Kitchen", branch_id: 1, host: printer.host, port: printer.port, prep_station: "kitchen", receipts: false, ...fields },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function listPrinters(branchId = 1): Promise<Printer[]> {
  const response = await call<Printer[]>(server, "GET", `/api/printers?branch_id=${branchId}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function newTable(): Promise<DiningTable> {
  const response = await call<DiningTable>(server, "POST", "/api/stations?branch_id=1", {
    token,
    json: { codename: `P${randomUUID().slice(0, 6)}`, capacity: 4 },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function placeOrder(
  table: DiningTable,
  lines: unknown[] = [{ id: dish.id, quantity: 1 }],
  on: { url: string } = server,
): Promise<Order> {
  const response = await call<Order>(on, "POST", "/api/orders", {
    json: { products: lines, station_id: table.id, branch_id: 1 },
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** How many tickets each order number got. */
function ticketsPerOrder(tickets: readonly PrintedTicket[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const ticket of tickets) {
    const number = Number(/#(\d+)/.exec(ticket.text)?.[1]);
    counts.set(number, (counts.get(number) ?? 0) + 1);
  }
  return counts;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("setting printers up", () => {
  it("adds a printer with the contract's defaults, finds it online, lists it per branch, edits and deletes it", async () => {
    const printer = await testPrinter();
    const response = await call<Printer>(server, "POST", "/api/printers", {
      token,
      json: { name: " Grill line ", branch_id: 1, host: printer.host, port: printer.port, prep_station: "kitchen" },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: "Grill line",
      branch_id: 1,
      host: "127.0.0.1",
      port: printer.port,
      prep_station: "kitchen",
      receipts: false,
      status: "unknown",
      queued: 0,
    });
    const [online] = await eventually(listPrinters, (list) => list[0]?.status === "online");
    expect(online).toMatchObject({ id: response.body.id, status: "online", queued: 0 });
    expect(printer.probes).toBeGreaterThan(0);
    expect(await listPrinters(2)).toEqual([]);

    const defaults = await call<Printer>(server, "POST", "/api/printers", {
      token,
      json: { name: "Bar", branch_id: 2, host: "LOCALHOST", prep_station: "bar", receipts: true },
    });
    expect(defaults.body).toMatchObject({ port: 9100, receipts: true, host: "localhost" });

    const renamed = await call<Printer>(server, "PATCH", `/api/printers/${response.body.id}`, {
      token,
      json: { name: "Wok", receipts: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Wok", receipts: true, status: "online", port: printer.port });
    // A new address is unknown until the dispatcher has tried it.
    const moved = await call<Printer>(server, "PATCH", `/api/printers/${response.body.id}`, { token, json: { port: 1 } });
    expect(moved.body).toMatchObject({ port: 1, status: "unknown" });

    expect((await call(server, "DELETE", `/api/printers/${response.body.id}`, { token })).status).toBe(204);
    expectApiError(await call(server, "DELETE", `/api/printers/${response.body.id}`, { token }), 404, "printer_not_found");
    expect((await listPrinters()).map((p) => p.id)).not.toContain(response.body.id);
  });

  it("refuses a bad printer with the contract's error shape, naming the field", async () => {
    // Addresses that refuse at once: the dispatcher tries every printer added.
    const valid = { name: "Kitchen", branch_id: 1, host: "127.0.0.1", port: 1, prep_station: "kitchen", receipts: false };
    const refusals: [Record<string, unknown>, string][] = [
      [{ host: "http://127.0.0.1" }, "host"],
      [{ host: "kitchen printer" }, "host"],
      [{ host: "127.0.0.1:9100" }, "host"],
      [{ host: "300.1.1.1" }, "host"],
      [{ host: "" }, "host"],
      [{ port: 0 }, "port"],
      [{ port: 65_536 }, "port"],
      [{ port: 91.5 }, "port"],
      [{ port: "9100" }, "port"],
      [{ prep_station: "grill" }, "prep_station"],
      [{ name: "   " }, "name"],
      [{ receipts: "yes" }, "receipts"],
    ];
    for (const [change, field] of refusals) {
      const response = await call(server, "POST", "/api/printers", { token, json: { ...valid, ...change } });
      const error = expectApiError(response, 400, "invalid_body");
      expect(
        error.details?.map((detail) => detail.path),
        JSON.stringify(change),
      ).toContain(field);
    }
    for (const host of ["::1", "localhost", "127.0.0.2", "LocalHost."]) {
      const accepted = await call<Printer>(server, "POST", "/api/printers", { token, json: { ...valid, host } });
      expect(accepted.status, host).toBe(201);
    }
    expectApiError(await call(server, "POST", "/api/printers", { token, json: { ...valid, branch_id: 9 } }), 404, "unknown_branch");
    expectApiError(await call(server, "GET", "/api/printers?branch_id=x", { token }), 400, "invalid_query");

    const [existing] = await listPrinters();
    expectApiError(await call(server, "PATCH", `/api/printers/${existing!.id}`, { token, json: {} }), 400, "invalid_body");
    expectApiError(await call(server, "PATCH", `/api/printers/${existing!.id}`, { token, json: { port: 70_000 } }), 400, "invalid_body");
    expectApiError(await call(server, "PATCH", "/api/printers/999999", { token, json: { name: "X" } }), 404, "printer_not_found");
    expectApiError(await call(server, "PATCH", "/api/printers/abc", { token, json: { name: "X" } }), 404, "printer_not_found");
    expect((await listPrinters()).find((p) => p.id === existing!.id)).toMatchObject({ port: 1, host: "::1" });
  });

  it("is for staff only", async () => {
    const printer = await addPrinter(await testPrinter());
    const order = await placeOrder(await newTable());
    expectApiError(await call(server, "GET", "/api/printers?branch_id=1"), 401, "unauthenticated");
    expectApiError(
      await call(server, "POST", "/api/printers", { json: { name: "X", branch_id: 1, host: "10.0.0.9", prep_station: "bar" } }),
      401,
      "unauthenticated",
    );
    expectApiError(await call(server, "PATCH", `/api/printers/${printer.id}`, { json: { name: "X" } }), 401, "unauthenticated");
    expectApiError(await call(server, "DELETE", `/api/printers/${printer.id}`), 401, "unauthenticated");
    expectApiError(await call(server, "POST", `/api/orders/${order.id}/print`), 401, "unauthenticated");
    expect(await listPrinters()).toEqual([expect.objectContaining({ id: printer.id, name: "Kitchen" })]);
  });
});

describe("tickets", () => {
  it("prints one ticket per prep station, each with only its lines, the note standing out, then a cut", async () => {
    const kitchen = await testPrinter();
    const bar = await testPrinter();
    await addPrinter(kitchen, { name: "Kitchen", prep_station: "kitchen" });
    await addPrinter(bar, { name: "Bar", prep_station: "bar" });
    clock.set(EVENING);
    const table = await newTable();
    const [groupName, group] = Object.entries(dish.customizations)[0] ?? [];
    const optionName = group?.options[0]?.name;
    const lines = [
      {
        id: dish.id,
        quantity: 2,
        note: "no onions",
        ...(groupName && optionName && { selectedCustomizations: [optionId(dish, groupName, optionName)] }),
      },
      { id: drink.id, quantity: 3 },
    ];
    const order = await placeOrder(table, lines);

    const [kitchenTicket] = await kitchen.waitForTickets(1);
    const [barTicket] = await bar.waitForTickets(1);
    for (const ticket of [kitchenTicket!, barTicket!]) {
      expect(ticket.text).toContain(table.codename);
      expect(ticket.text).toContain(`#${order.number}`);
      expect(ticket.text).toContain("Tue 24 Nov 2026 18:05");
      expect(ticket.text).not.toContain("REPRINT");
      expect(ticket.cuts).toBeGreaterThanOrEqual(1);
      // The table and the order number are printed large.
      expect(segmentsWith(ticket, `#${order.number}`).every((segment) => segment.width >= 2 && segment.height >= 2)).toBe(true);
    }
    expect(kitchenTicket!.text).toContain(`2 x ${dish.name}`);
    expect(kitchenTicket!.text).not.toContain(drink.name);
    if (optionName) expect(kitchenTicket!.text).toContain(`+ ${optionName}`);
    const note = segmentsWith(kitchenTicket!, "NOTE: no onions");
    expect(note).toEqual([expect.objectContaining({ inverted: true, bold: true })]);
    expect(segmentsWith(kitchenTicket!, dish.name).every((segment) => !segment.inverted)).toBe(true);

    expect(barTicket!.text).toContain(`3 x ${drink.name}`);
    expect(barTicket!.text).not.toContain(dish.name);
    expect(barTicket!.text).not.toContain("NOTE");

    await settle(500);
    expect(kitchen.tickets).toHaveLength(1);
    expect(bar.tickets).toHaveLength(1);
    expect((await listPrinters()).map((p) => p.queued)).toEqual([0, 0]);
  });

  it("prints on every printer of the station, and nothing for a station without lines or another branch's printers", async () => {
    const first = await testPrinter();
    const second = await testPrinter();
    const bar = await testPrinter();
    const otherBranch = await testPrinter();
    await addPrinter(first);
    await addPrinter(second);
    await addPrinter(bar, { prep_station: "bar" });
    await addPrinter(otherBranch, { branch_id: 2 });
    const order = await placeOrder(await newTable());
    await first.waitForTickets(1);
    await second.waitForTickets(1);
    await settle(800);
    expect([first, second].map((p) => p.ticketsWith(`#${order.number}`).length)).toEqual([1, 1]);
    expect(bar.tickets).toEqual([]);
    expect(otherBranch.tickets).toEqual([]);
  });

  it("prints a held order's tickets when staff release it", async () => {
    const kitchen = await testPrinter();
    await addPrinter(kitchen);
    const table = await newTable();
    const order = await placeOrder(table);
    await kitchen.waitForTickets(1);
    // Held: the table is past its limit (set here for this order only).
    await server.query("UPDATE orders SET status = 'held' WHERE id = ?", [order.id]);
    const released = await call<Order>(server, "PATCH", `/api/orders/${order.id}`, { token, json: { status: "received" } });
    expect(released.status, released.text).toBe(200);
    await kitchen.waitForTickets(2);
    expect(kitchen.ticketsWith(`#${order.number}`)).toHaveLength(2);
  });
});

describe("a printer that is off", () => {
  it("keeps the tickets queued, shows the printer offline with its queue on the staff stream, and prints each exactly once when it is back", async () => {
    const kitchen = await testPrinter();
    const added = await addPrinter(kitchen);
    await eventually(listPrinters, (list) => list[0]?.status === "online");
    const stream = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` });
    try {
      await kitchen.stop();
      const table = await newTable();
      const orders = [await placeOrder(table), await placeOrder(table), await placeOrder(table)];

      let offline: Printer | undefined;
      while (!offline) {
        const event = await stream.next(10_000);
        if (event.event === "printer.offline") offline = JSON.parse(event.data) as Printer;
      }
      expect(offline).toMatchObject({ id: added.id, status: "offline" });
      expect(offline.queued).toBeGreaterThanOrEqual(1);
      const listed = await eventually(listPrinters, (list) => list[0]?.queued === 3);
      expect(listed[0]).toMatchObject({ status: "offline", queued: 3 });
      const [{ n: queuedRows } = { n: -1 }] = await server.query<{ n: number }>(
        "SELECT count(*) AS n FROM print_jobs WHERE status <> 'printed'",
      );
      expect(queuedRows).toBe(3);

      await kitchen.start();
      await kitchen.waitForTickets(3);
      let online: Printer | undefined;
      while (!online) {
        const event = await stream.next(10_000);
        if (event.event === "printer.online") online = JSON.parse(event.data) as Printer;
      }
      expect(online).toMatchObject({ id: added.id, status: "online" });
      await settle(1_000);
      expect(ticketsPerOrder(kitchen.tickets)).toEqual(new Map(orders.map((order) => [order.number, 1])));
      expect(await listPrinters()).toEqual([expect.objectContaining({ status: "online", queued: 0 })]);
    } finally {
      stream.close();
    }
  });

  it("prints what was queued before a restart exactly once after it", async () => {
    const kitchen = await testPrinter();
    await addPrinter(kitchen);
    await kitchen.stop();
    const table = await newTable();
    const orders = [await placeOrder(table), await placeOrder(table)];
    await eventually(listPrinters, (list) => list[0]?.status === "offline");
    await server.stop();
    await kitchen.start();
    await server.start();
    await kitchen.waitForTickets(2);
    await settle(1_000);
    expect(ticketsPerOrder(kitchen.tickets)).toEqual(new Map(orders.map((order) => [order.number, 1])));
  });

  it("sends a job again whose sender stopped mid-way (its claim lapsed), once, saying it may be a duplicate", async () => {
    const kitchen = await testPrinter();
    const printer = await addPrinter(kitchen);
    await eventually(listPrinters, (list) => list[0]?.status === "online");
    // What a sender that died after claiming the job leaves behind.
    await server.query(
      "INSERT INTO print_jobs (printer_id, branch_id, order_id, kind, document, status, attempts, not_before, claim_token, lease_until, created_at) VALUES (?, 1, NULL, 'ticket', ?, 'sending', 1, ?, 'dead-sender', ?, ?)",
      [printer.id, "^^^#4242\n", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:30.000Z", "2026-01-01T00:00:00.000Z"],
    );
    const [ticket] = await kitchen.waitForTickets(1);
    expect(ticket!.text).toContain("#4242");
    expect(segmentsWith(ticket!, "RESENT - MAY BE A DUPLICATE")).toEqual([expect.objectContaining({ inverted: true })]);
    await settle(800);
    expect(kitchen.tickets).toHaveLength(1);
    const [row] = await server.query<{ status: string }>("SELECT status FROM print_jobs WHERE claim_token IS NULL AND document = ?", [
      "^^^#4242\n",
    ]);
    expect(row?.status).toBe("printed");
  });
});

describe("reprint and the bill", () => {
  it("reprints an order's tickets marked REPRINT", async () => {
    const kitchen = await testPrinter();
    const bar = await testPrinter();
    const kitchenPrinter = await addPrinter(kitchen);
    await addPrinter(bar, { prep_station: "bar" });
    const order = await placeOrder(await newTable());
    await kitchen.waitForTickets(1);

    const response = await call<PrintOrderAnswer>(server, "POST", `/api/orders/${order.id}/print`, { token });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      order_id: order.id,
      jobs: [{ id: expect.any(Number), printer_id: kitchenPrinter.id, prep_station: "kitchen" }],
    });
    const [, reprint] = await kitchen.waitForTickets(2);
    expect(reprint!.text).toContain(`#${order.number}`);
    expect(reprint!.text).toContain("REPRINT");
    expect(segmentsWith(reprint!, "REPRINT")[0]).toMatchObject({ inverted: true });
    expect(kitchen.tickets[0]!.text).not.toContain("REPRINT");
    expect(bar.tickets).toEqual([]);

    expectApiError(await call(server, "POST", `/api/orders/${randomUUID()}/print`, { token }), 404, "order_not_found");
    expectApiError(await call(server, "POST", `/api/orders/not-an-id/print`, { token }), 404, "order_not_found");
  });

  it("answers 409 no_printer when no printer would print the order", async () => {
    const order = await placeOrder(await newTable());
    expectApiError(await call(server, "POST", `/api/orders/${order.id}/print`, { token }), 409, "no_printer");
  });

  it("prints a closed tab's bill on the branch's receipt printer", async () => {
    const kitchen = await testPrinter();
    const receipts = await testPrinter();
    await addPrinter(kitchen);
    await addPrinter(receipts, { prep_station: "bar", receipts: true });
    const table = await newTable();
    await placeOrder(table, [{ id: dish.id, quantity: 2 }]);
    const closed = await call<ClosedTab>(server, "POST", `/api/stations/${table.id}/tab/close`, { token, json: { paid_with: "card" } });
    expect(closed.status, closed.text).toBe(200);
    const [bill] = await receipts.waitForTickets(1);
    expect(bill!.text).toContain("BILL");
    expect(bill!.text).toContain(table.codename);
    expect(bill!.text).toContain(`2 x ${dish.name}`);
    expect(bill!.text).toMatch(new RegExp(`Subtotal\\s+\\$${closed.body.subtotal.replace(".", "\\.")}`));
    expect(bill!.text).toMatch(new RegExp(`HST\\s+\\$${closed.body.tax.replace(".", "\\.")}`));
    expect(bill!.text).toContain(`$${closed.body.total}`);
    expect(bill!.text).toContain("Paid: Card");
    expect(bill!.cuts).toBeGreaterThanOrEqual(1);
    await kitchen.waitForTickets(1);
    await settle(500);
    expect(receipts.tickets).toHaveLength(1);
    expect(kitchen.tickets.every((ticket) => !ticket.text.includes("BILL"))).toBe(true);
  });
});

/**
 * The built server as child processes (SIGKILL leaves no shutdown code running): on a SQLite file, and
 * two instances on PostgreSQL of their own. Registered by the SQLite project only (it starts its own
 * databases), so the PostgreSQL project neither repeats nor counts it as skipped.
 */
if (TEST_DIALECT === "sqlite")
  describe("exactly once through crashes", () => {
    const headers = (bearer: string) => ({ token: bearer });

    async function signIn(url: string): Promise<string> {
      return staffToken({ url, staff: TEST_STAFF });
    }

    async function setUp(url: string, printer: TestPrinter, bearer: string) {
      const table = await call<DiningTable>({ url }, "POST", "/api/stations?branch_id=1", {
        ...headers(bearer),
        json: { codename: `K${randomUUID().slice(0, 6)}`, capacity: 4 },
      });
      const added = await call<Printer>({ url }, "POST", "/api/printers", {
        ...headers(bearer),
        json: { name: "Kitchen", branch_id: 1, host: printer.host, port: printer.port, prep_station: "kitchen" },
      });
      expect(added.status, added.text).toBe(201);
      const lumpia = productNamed(await readMenu({ url }, 1), "Lumpia Shanghai");
      return { table: table.body, lumpia };
    }

    it("prints every ticket once after a SIGKILL of the server mid-send, on SQLite", async () => {
      const dir = mkdtempSync(join(tmpdir(), "limitless-printers-"));
      const port = await freePort();
      const instance = new ServerProcess({
        name: "server",
        port,
        env: { DATABASE_PATH: join(dir, "crash.db"), STATIC_DIR: "" },
        firstStartEnv: { STAFF_EMAIL: TEST_STAFF.email, STAFF_PASSWORD: TEST_STAFF.password },
      });
      const kitchen = await testPrinter();
      try {
        await instance.start();
        const bearer = await signIn(instance.url);
        const { table, lumpia } = await setUp(instance.url, kitchen, bearer);
        // Hung: the server connects, writes and waits for a close that never comes.
        kitchen.stall();
        const orders: Order[] = [];
        for (let i = 0; i < 4; i++) orders.push(await placeOrder(table, [{ id: lumpia.id, quantity: 1 }], instance));
        await settle(500);
        const [{ n: sending } = { n: -1 }] = await queryFile<{ n: number }>(
          join(dir, "crash.db"),
          "SELECT count(*) AS n FROM print_jobs WHERE status = 'sending'",
        );
        expect(sending).toBeGreaterThanOrEqual(1);
        await instance.kill();
        // The dead sender's claim runs ~18 s (the longest send and a margin); rather than wait it out,
        // the test lets that time pass on the job: its lease ended long ago, whatever the server's clock
        // says (a child process does not share a faked clock). That a lease lapses by the clock alone is
        // "sends a job again whose sender stopped mid-way" above.
        await runOnFile(join(dir, "crash.db"), "UPDATE print_jobs SET lease_until = ? WHERE status = 'sending'", [
          new Date(0).toISOString(),
        ]);

        await kitchen.stop();
        await kitchen.start();
        await instance.start();
        // The job the dead server was sending is taken again now that its claim lapsed, and prints once.
        await kitchen.waitForTickets(orders.length, 40_000);
        await settle(1_500);
        expect(ticketsPerOrder(kitchen.tickets)).toEqual(new Map(orders.map((order) => [order.number, 1])));
        const rows = await queryFile<{ status: string; n: number }>(
          join(dir, "crash.db"),
          "SELECT status, count(*) AS n FROM print_jobs GROUP BY status",
        );
        expect(rows).toEqual([{ status: "printed", n: orders.length }]);
      } finally {
        await instance.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 90_000);

    it("prints every ticket once with two instances on PostgreSQL, one of them killed while the printer is off", async () => {
      const database = await sharedDatabase();
      const group = await startInstances({ database, env: { TABLE_ORDER_LIMIT: "0" } });
      const kitchen = await testPrinter();
      try {
        const [a, b] = group.instances;
        const bearer = await signIn(a!.url);
        const { table, lumpia } = await setUp(a!.url, kitchen, bearer);
        // Online first: both instances race for every job of a burst.
        const burst = await Promise.all(
          Array.from({ length: 10 }, (_, i) => placeOrder(table, [{ id: lumpia.id, quantity: 1 }], i % 2 === 0 ? a! : b!)),
        );
        await kitchen.waitForTickets(burst.length, 20_000);

        await kitchen.stop();
        const queued: Order[] = [];
        for (let i = 0; i < 6; i++) queued.push(await placeOrder(table, [{ id: lumpia.id, quantity: 1 }], i % 2 === 0 ? a! : b!));
        await settle(700);
        await a!.process.kill();
        await kitchen.start();
        const all = [...burst, ...queued];
        await kitchen.waitForTickets(all.length, 40_000);
        await settle(2_000);
        expect(ticketsPerOrder(kitchen.tickets)).toEqual(new Map(all.map((order) => [order.number, 1])));
      } finally {
        await group.stop();
        await database.dispose();
      }
    }, 120_000);
  });

async function runOnFile(path: string, text: string, params: unknown[]): Promise<void> {
  const { default: Database } = await import("better-sqlite3");
  const connection = new Database(path);
  try {
    connection.prepare(text).run(...params);
  } finally {
    connection.close();
  }
}

async function queryFile<Row>(path: string, text: string): Promise<Row[]> {
  const { default: Database } = await import("better-sqlite3");
  const connection = new Database(path, { readonly: true });
  try {
    return connection.prepare(text).all() as Row[];
  } finally {
    connection.close();
  }
}
