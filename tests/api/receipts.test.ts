/**
 * Receipts (API.md "The check"): e-mailed through a real SMTP server running in this process
 * (smtp-server; what arrived is read with mailparser), printed on a test receipts printer (ESC/POS
 * decoded), a mail server that refuses and then accepts delivering exactly one mail, a diner's
 * three per visit, and e-mail off without SMTP_URL. On SQLite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Check, DiningTable, Order, Product } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu, withoutHappyHours } from "../support/api-helpers";
import { TestPrinter } from "../support/test-printer";
import { startTestServer, staffToken, TEST_DIALECT, type TestServer } from "../support/test-server";
import { recipientOf, startTestSmtp, type TestSmtp } from "../support/test-smtp";

let smtp: TestSmtp;
let server: TestServer;
let token: string;
let plain: Product;
let printer: TestPrinter;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    staticDir: null,
    config: { smtpUrl: smtp.url, mailFrom: "Limitless Receipts <receipts@limitless.example>" },
    server: { mailing: { tickMs: 100, firstBackoffMs: 100, maxBackoffMs: 200 } },
  });
  token = await staffToken(server);
  await withoutHappyHours(server, token);
  plain = orderableAnyDay(await readMenu(server, 1)).find(
    (product) => product.stock === null && Object.values(product.customizations).every((group) => !group.required),
  )!;
  printer = await TestPrinter.create();
});
afterAll(async () => {
  await server?.dispose();
  await printer?.stop();
  await smtp?.close();
});

async function tableWithOrder(): Promise<{ table: DiningTable; order: Order; check: Check }> {
  const created = await call<DiningTable>(server, "POST", "/api/stations", {
    token,
    json: { branch_id: 1, codename: `R ${randomUUID().slice(0, 6)}`, capacity: 2 },
  });
  const table = created.body;
  const placed = await call<Order>(server, "POST", "/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    json: { station_id: table.id, branch_id: 1, products: [{ id: plain.id, quantity: 2, selectedCustomizations: [] }] },
  });
  expect(placed.status, placed.text).toBe(201);
  const check = await call<Check>(server, "GET", `/api/stations/${table.id}/tab`, { token });
  return { table, order: placed.body, check: check.body };
}

const receipt = (tabId: string, body: unknown) => call(server, "POST", `/api/tabs/${tabId}/receipt`, { token, json: body });

describe(`receipts (${TEST_DIALECT})`, () => {
  it("e-mails a paid check's receipt: both parts, the lines, tax, payment, tip, the branch's address and HST number", async () => {
    const { check, table } = await tableWithOrder();
    const paid = await call(server, "POST", `/api/tabs/${check.id}/payments`, {
      token,
      headers: { "Idempotency-Key": randomUUID() },
      json: { method: "card", amount: check.balance, tip: "3.00" },
    });
    expect(paid.status, paid.text).toBe(201);
    const before = smtp.received.length;
    const answer = await receipt(check.id!, { email: "guest@example.com" });
    expect(answer.status, answer.text).toBe(202);
    expect(answer.body).toEqual({ queued: "email" });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.from?.text).toBe('"Limitless Receipts" <receipts@limitless.example>');
    expect(recipientOf(mail)).toBe("guest@example.com");
    expect(mail.subject).toBe("Your receipt from Limitless Bar & Grill Thornhill");
    expect(mail.messageId).toMatch(/^<receipt-\d+-[0-9a-z]+@limitless\.example>$/);
    const dollars = (amount: string) => `$${amount}`;
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toContain(`2 x ${plain.name}`);
      expect(part).toContain("7600 Yonge St, Thornhill, ON");
      expect(part).toContain("HST # 81234 5678 RT0001");
      expect(part).toContain(dollars(check.subtotal));
      expect(part).toContain(dollars(check.tax));
      expect(part).toContain(dollars(check.total));
      expect(part).toContain("Card (tip $3.00)");
      expect(part).toContain(table.codename);
    }
    expect(mail.text).toMatch(new RegExp(`Total  \\$${check.total.replace(".", "\\.")}`));
    expect(mail.text).toMatch(/Balance {2}\$0\.00/);
  });

  it("a mail server that refuses and then accepts: the check is answered at once, and exactly one mail arrives", async () => {
    const { check } = await tableWithOrder();
    smtp.refusing = true;
    const before = smtp.received.length;
    try {
      const answer = await receipt(check.id!, { email: "later@example.com" });
      expect(answer.status).toBe(202);
      await expect
        .poll(
          async () =>
            (await server.query<{ attempts: number }>("SELECT attempts FROM mail_outbox WHERE recipient = ?", ["later@example.com"]))[0]
              ?.attempts,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(2);
      expect(smtp.received.length).toBe(before);
      // The check goes on meanwhile.
      expect((await call(server, "GET", `/api/tabs/${check.id}`, { token })).status).toBe(200);
    } finally {
      smtp.refusing = false;
    }
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(smtp.received.filter((mail) => recipientOf(mail) === "later@example.com")).toHaveLength(1);
    const [row] = await server.query<{ status: string }>("SELECT status FROM mail_outbox WHERE recipient = ?", ["later@example.com"]);
    expect(row!.status).toBe("sent");
  });

  it("prints the receipt once on the branch's receipts printer; without one, 409 no_printer", async () => {
    const { check } = await tableWithOrder();
    expectApiError(await receipt(check.id!, { print: true }), 409, "no_printer");
    const added = await call(server, "POST", "/api/printers", {
      token,
      json: { name: "Front", branch_id: 1, host: printer.host, port: printer.port, prep_station: "bar", receipts: true },
    });
    expect(added.status, added.text).toBe(201);
    const before = printer.tickets.length;
    expect((await receipt(check.id!, { print: true })).body).toEqual({ queued: "print" });
    await expect.poll(() => printer.tickets.filter((t) => t.text.includes("RECEIPT")).length, { timeout: 10_000 }).toBe(1);
    const ticket = printer.tickets.find((t) => t.text.includes("RECEIPT"))!;
    expect(ticket.text).toContain("HST # 81234 5678 RT0001");
    expect(ticket.text).toContain("7600 Yonge St, Thornhill, ON");
    expect(ticket.text).toContain(`$${check.total}`);
    expect(ticket.cuts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(printer.tickets.length - before).toBeGreaterThanOrEqual(1);
    expect(printer.tickets.filter((t) => t.text.includes("RECEIPT"))).toHaveLength(1);
  });

  it("refuses what is not a receipt request", async () => {
    const { check } = await tableWithOrder();
    for (const body of [
      {},
      { email: "not an address" },
      { print: false },
      { print: true, email: "a@b.c" },
      { email: "x".repeat(300) + "@example.com" },
    ])
      expectApiError(await receipt(check.id!, body), 400, "invalid_body");
    expectApiError(await receipt(randomUUID(), { print: true }), 404, "tab_not_found");
    expectApiError(await call(server, "POST", `/api/tabs/${check.id}/receipt`, { json: { print: true } }), 401, "unauthenticated");
  });

  it("a diner asks from the phone: three per visit, then 429; a table with nothing on its check is 409", async () => {
    const { table } = await tableWithOrder();
    const ask = (email: string) => call(server, "POST", `/api/stations/${table.id}/receipt`, { json: { email } });
    const before = smtp.received.length;
    for (let i = 1; i <= 3; i++) expect((await ask(`diner${i}@example.com`)).status).toBe(202);
    expectApiError(await ask("diner4@example.com"), 429, "rate_limited");
    expectApiError(await ask("nope"), 400, "invalid_body");
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(before + 3);
    // Each is the table's check: its lines and its total, in both parts.
    const check = (await call<Check>(server, "GET", `/api/stations/${table.id}/tab`, { token })).body;
    const mail = smtp.received.find((arrived) => recipientOf(arrived) === "diner1@example.com")!;
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toContain(`2 x ${plain.name}`);
      expect(part).toContain(`$${check.total}`);
      expect(part).toContain(table.codename);
    }

    const empty = await call<DiningTable>(server, "POST", "/api/stations", {
      token,
      json: { branch_id: 1, codename: "Empty R", capacity: 2 },
    });
    expectApiError(
      await call(server, "POST", `/api/stations/${empty.body.id}/receipt`, { json: { email: "a@example.com" } }),
      409,
      "no_visit",
    );
    expectApiError(
      await call(server, "POST", `/api/stations/${randomUUID()}/receipt`, { json: { email: "a@example.com" } }),
      404,
      "station_not_found",
    );
  });

  it("without SMTP_URL, e-mail is off and says so", async () => {
    const off = await startTestServer({ staticDir: null });
    try {
      const offToken = await staffToken(off);
      const tables = await call<DiningTable[]>(off, "GET", "/api/stations?branch_id=1", { token: offToken });
      expectApiError(
        await call(off, "POST", `/api/stations/${tables.body[0]!.id}/receipt`, { json: { email: "a@example.com" } }),
        409,
        "email_off",
      );
      expectApiError(
        await call(off, "POST", `/api/tabs/${randomUUID()}/receipt`, { token: offToken, json: { email: "a@example.com" } }),
        409,
        "email_off",
      );
    } finally {
      await off.dispose();
    }
  });
});
