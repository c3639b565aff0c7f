/**
 * What a kitchen or bar ticket and a bill say, as ReceiptLine documents (receiptline's markup for
 * receipts), and their ESC/POS bytes. Pure: no I/O, so it is unit-tested on its own. A ticket is
 * written when its job is queued (the order as accepted, in the restaurant's time zone) and turned
 * into printer commands when it is sent.
 */
import { transform } from "receiptline";
import { PAYMENT_METHODS, type PrepArea } from "../../contract/menu";
import { formatDollars, parsePriceToCents } from "../../contract/money";
import { restaurantClock } from "../../contract/restaurant-time";
import type { ClosedTab, DayReport, Order } from "../../contract/schemas";

/** Characters per line of an 80 mm printer's standard font. */
export const TICKET_WIDTH = 42;

const AREA_TITLES: Record<PrepArea, string> = { kitchen: "KITCHEN", bar: "BAR" };
const PAID_WITH: Record<(typeof PAYMENT_METHODS)[number], string> = { cash: "Cash", card: "Card", other: "Other" };

/** Text as ReceiptLine prints it literally: its markup characters escaped, control characters dropped. */
export function literal(text: string): string {
  const printable = [...text].map((char) => (char < " " || char === "\u007f" ? " " : char)).join("");
  return printable.replace(/[\\|{}\-=~_"`^]/g, (char) => `\\${char}`);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "Tue 24 Nov 18:05", the restaurant's wall clock. */
function restaurantStamp(iso: string): string {
  const wall = restaurantClock(Date.parse(iso));
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).toLocaleDateString("en-CA", {
    weekday: "short",
    timeZone: "UTC",
  });
  const month = new Date(Date.UTC(wall.year, wall.month - 1, 1)).toLocaleDateString("en-CA", { month: "short", timeZone: "UTC" });
  return `${weekday} ${wall.day} ${month} ${wall.year} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

const tableName = (order: Pick<Order, "station_codename">) => order.station_codename ?? "(deleted table)";

export interface TicketOptions {
  /** Printed again from a board: the ticket says so at the top and bottom. */
  reprint?: boolean;
}

/**
 * One prep station's ticket for an order: the table and the order number large, the time, then each
 * of that station's lines with its quantity and options, and its note inverted and bold so the cook
 * cannot miss it. The printer cuts after it (receiptline cuts at the end of a document).
 */
export function orderTicket(order: Order, prepArea: PrepArea, options: TicketOptions = {}): string {
  const lines = order.lines.filter((line) => line.prep_station === prepArea);
  const out: string[] = [];
  if (options.reprint) out.push("^^^`REPRINT`");
  out.push(`^^${AREA_TITLES[prepArea]}`);
  out.push(`^^^${literal(tableName(order))} | ^^^#${order.number}`);
  out.push(`${literal(restaurantStamp(order.created_at))}`);
  out.push("---");
  for (const line of lines) {
    out.push(`|^^"${line.quantity} x ${literal(line.name)}"`);
    for (const option of line.options) out.push(`|~~~+ ${literal(option.name)}`);
    if (line.note) out.push(`|^^\`"NOTE: ${literal(line.note)}"\``);
  }
  out.push("---");
  if (options.reprint) out.push("^^`REPRINT`");
  return out.join("\n") + "\n";
}

const money = (price: string) => formatDollars(parsePriceToCents(price) ?? 0);

/** A closed tab's bill: each order's lines with their prices, the subtotal, the HST, the total and how it was paid. */
export function billDocument(tab: ClosedTab): string {
  const out: string[] = [];
  out.push("^^^BILL");
  out.push(`^^${literal(tab.station_codename ?? "(deleted table)")}`);
  out.push(literal(restaurantStamp(tab.closed_at)));
  out.push("---");
  for (const order of tab.orders) {
    if (order.status === "cancelled") continue;
    out.push(`|Order #${order.number} |`);
    for (const line of order.lines) {
      out.push(`|${line.quantity} x ${literal(line.name)} | ${literal(money(line.line_total))}|`);
      for (const option of line.options) out.push(`|~~~+ ${literal(option.name)} |`);
    }
  }
  out.push("---");
  out.push(`|Subtotal | ${literal(money(tab.subtotal))}|`);
  out.push(`|HST | ${literal(money(tab.tax))}|`);
  out.push(`|^^"TOTAL" | ^^"${literal(money(tab.total))}"|`);
  out.push(`|Paid: ${PAID_WITH[tab.paid_with]} |`);
  out.push("---");
  out.push("Thank you!");
  return out.join("\n") + "\n";
}

/** The end of a branch's day: the day's sales, what was taken by method, the cash count and over/short. */
export function dayReportDocument(report: DayReport, branchName: string): string {
  const row = (label: string, price: string | null) => `|${literal(label)} | ${price === null ? "-" : literal(signedMoney(price))}|`;
  const out: string[] = [];
  out.push("^^END OF DAY");
  out.push(`^${literal(branchName)} | ${literal(report.date)}`);
  out.push("---");
  out.push(`|Checks closed | ${report.checks}|`);
  out.push(`|Orders | ${report.orders}|`);
  out.push(row("Gross", report.gross));
  out.push(row("Discounts", report.discounts));
  out.push(row("Comps", report.comps));
  out.push(row(`Voids (${report.voided_lines} lines)`, report.voids));
  out.push(row("Net", report.net));
  out.push(row("HST", report.tax));
  out.push(row("Tips", report.tips));
  out.push(row("Refunds", report.refunds));
  out.push("---");
  out.push(row("Cash", report.payments.cash));
  out.push(row("Card", report.payments.card));
  out.push(row("Other", report.payments.other));
  out.push(`|^"TAKEN" | ^"${literal(signedMoney(report.taken))}"|`);
  out.push("---");
  out.push(row("Cash expected", report.cash_expected));
  out.push(row("Cash counted", report.cash_counted));
  out.push(`|"OVER/SHORT" | "${report.over_short === null ? "not counted" : literal(signedMoney(report.over_short))}"|`);
  out.push(`|Open tabs | ${report.open_tabs}|`);
  out.push("---");
  return out.join("\n") + "\n";
}

/** "-1.25" → "-$1.25". */
function signedMoney(price: string): string {
  return price.startsWith("-") ? `-${money(price.slice(1))}` : money(price);
}

/** A note on a ticket sent again after its sender stopped mid-way (a crash): it may have printed already. */
export function resentDocument(document: string): string {
  return `\`"RESENT - MAY BE A DUPLICATE"\`\n${document}`;
}

/** The document as ESC/POS commands: text, styles, and a full cut at the end. */
export function escPos(document: string): Buffer {
  const commands = transform(document, { cpl: TICKET_WIDTH, encoding: "multilingual", command: "escpos", cutting: true });
  // receiptline hands the command bytes over as a string of one character per byte.
  return Buffer.from(commands, "latin1");
}
