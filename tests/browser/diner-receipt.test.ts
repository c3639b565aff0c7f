/**
 * A diner asks for an e-receipt on the phone (issue 35, API.md "The check"): on a phone in real
 * Chromium, the table orders, the status screen's "Email me a receipt" takes an address, and the mail
 * arrives at a real SMTP server in this process with the table's lines. A bad address is refused on
 * the phone with a clear message and sends nothing; in Chinese every word is Chinese; without e-mail
 * on the server the form gives way to asking staff.
 */
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiningTable } from "../../contract/schemas";
import { launchBrowser, PHONE, releaseBrowser } from "../support/browser";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { recipientOf, startTestSmtp, type TestSmtp } from "../support/test-smtp";
import { focusedElement, sidewaysScroll, smallTargets } from "./a11y-support";
import { addItem, createDiningTable, NO_SERVICE_WORKER, orderUrl, ordersOf } from "./ordering-support";
import { axeViolations } from "./site-support";

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [server, browser] = await Promise.all([
    startTestServer({
      config: { smtpUrl: smtp.url, mailFrom: "Limitless Receipts <receipts@limitless.example>" },
      server: { mailing: { tickMs: 100, firstBackoffMs: 100, maxBackoffMs: 200 } },
    }),
    launchBrowser(),
  ]);
  token = await staffToken(server);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
  await smtp?.close();
});

/** A phone at a new table that has ordered `dish` and shows the order's status screen. */
async function phoneThatOrdered(codename: string, dish: string, options: BrowserContextOptions = {}) {
  const table = await createDiningTable(server, token, 1, codename);
  const context = await browser.newContext({ ...PHONE, baseURL: server.url, ...options });
  const page = await context.newPage();
  await page.goto(orderUrl(table));
  await addItem(page, dish);
  await page.getByRole("link", { name: /^View cart/ }).click();
  await page.getByRole("button", { name: "Submit Order" }).click();
  await page.getByText("Your order has been submitted.").waitFor();
  return { table, context, page };
}

const mailsTo = (address: string) => smtp.received.filter((mail) => recipientOf(mail) === address);
const queuedMails = async (table: DiningTable) =>
  (await server.query<{ n: number }>("SELECT count(*) AS n FROM mail_outbox WHERE station_id = ?", [table.id]))[0]!.n;

describe("a diner's e-mailed receipt", () => {
  it("asks on the status screen, refuses a bad address with a clear message, and the mail arrives with the table's lines", async () => {
    const { table, context, page } = await phoneThatOrdered("Receipt 1", "Lumpia Shanghai");
    try {
      const section = page.getByRole("region", { name: "Email me a receipt" });
      await section.scrollIntoViewIfNeeded();
      const field = section.getByRole("textbox", { name: "Your email address" });
      expect(await field.getAttribute("type")).toBe("email");
      expect(await field.getAttribute("autocomplete")).toBe("email");
      const box = (await field.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await field.evaluate((input) => parseFloat(getComputedStyle(input).fontSize))).toBeGreaterThanOrEqual(16);
      const send = section.getByRole("button", { name: "Email my receipt" });
      expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      // A bad address: said next to the field, the field marked and focused, nothing sent.
      await field.fill("guest at example");
      await send.click();
      await section.getByText("Enter an email address, like name@example.com.").waitFor();
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await field.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby")!)?.textContent)).toBe(
        "Enter an email address, like name@example.com.",
      );
      expect(await focusedElement(page)).toContain("input");
      await page.screenshot({ path: "/tmp/diner-receipt-invalid-390.png", fullPage: true });
      await field.fill("");
      await send.click();
      await section.getByText("Enter an email address, like name@example.com.").waitFor();
      expect(await queuedMails(table)).toBe(0);

      // A good one: said at once, and the mail arrives with the table's check.
      await field.fill("ana.diner@example.com");
      await send.click();
      await section.getByText("We'll email your receipt to ana.diner@example.com.").waitFor();
      expect(await field.getAttribute("aria-invalid")).toBeNull();
      await page.screenshot({ path: "/tmp/diner-receipt-sent-390.png", fullPage: true });
      await expect.poll(() => mailsTo("ana.diner@example.com").length, { timeout: 10_000 }).toBe(1);
      const [mail] = mailsTo("ana.diner@example.com");
      const [order] = await ordersOf(server, token, table);
      expect(mail!.subject).toBe("Your receipt from Limitless Bar & Grill Thornhill");
      for (const part of [mail!.text!, mail!.html as string]) {
        expect(part).toContain("1 x Lumpia Shanghai");
        expect(part).toContain("Receipt 1");
        expect(part).toContain(`$${order!.total}`);
      }

      expect(await axeViolations(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      await page.setViewportSize({ width: 320, height: 700 });
      expect(await sidewaysScroll(page)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("in Chinese: every word of it, the refusal too", async () => {
    const { context, page } = await phoneThatOrdered("Receipt 2", "Lumpia Shanghai");
    try {
      await page.getByRole("combobox", { name: "Language" }).selectOption("zh");
      const section = page.getByRole("region", { name: "通过电子邮件发送收据" });
      await section.scrollIntoViewIfNeeded();
      await section.getByRole("textbox", { name: "您的电子邮件地址" }).fill("nope");
      await section.getByRole("button", { name: "把收据发到我的邮箱" }).click();
      await section.getByText("请输入电子邮件地址，例如 wang@example.com。").waitFor();
      const text = (await section.textContent()) ?? "";
      expect(text.replace(/wang@example\.com/g, "")).not.toMatch(/[A-Za-z]{2,}/);
      await page.screenshot({ path: "/tmp/diner-receipt-zh-390.png", fullPage: true });
    } finally {
      await context.close();
    }
  });

  it("the server's refusals by the contract's codes: e-mail off gives way to asking staff", async () => {
    const { table, context, page } = await phoneThatOrdered("Receipt 3", "Lumpia Shanghai", NO_SERVICE_WORKER);
    try {
      const section = page.getByRole("region", { name: "Email me a receipt" });
      const ask = async (answer: { status: number; code: string }) => {
        await page.unrouteAll();
        await page.route(`**/api/stations/${table.id}/receipt`, (route) =>
          route.fulfill({
            status: answer.status,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: answer.code, message: "Refused.", details: [] } }),
          }),
        );
        await section.getByRole("textbox", { name: "Your email address" }).fill("ana@example.com");
        await section.getByRole("button", { name: "Email my receipt" }).click();
      };
      await ask({ status: 429, code: "rate_limited" });
      await section.getByRole("alert").filter({ hasText: "Your table has asked for all the email receipts it can this visit." }).waitFor();
      await ask({ status: 409, code: "no_visit" });
      await section.getByRole("alert").filter({ hasText: "Your table's visit has ended." }).waitFor();
      await ask({ status: 409, code: "email_off" });
      await section.getByText("Email receipts aren't available here right now. Please ask your server for a printed receipt.").waitFor();
      expect(await section.getByRole("textbox").count()).toBe(0);
      await page.screenshot({ path: "/tmp/diner-receipt-off-390.png", fullPage: true });
    } finally {
      await context.close();
    }
  });
});
