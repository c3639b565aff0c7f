/**
 * What to print, written into the database by the transaction that decides it: an accepted order's
 * tickets (one per printer of each prep station it has lines for), a board's reprint, a closed tab's
 * bill. The dispatcher (dispatcher.ts) sends them. A job written in a transaction that rolls back is
 * never printed; one that commits is printed even if the printer is off or this instance dies.
 */
import { PREP_AREAS, type PrepArea } from "../../contract/menu";
import type { ClosedTab, DayReport, Order, PrintOrderAnswer } from "../../contract/schemas";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../service-deps";
import { announce } from "../db/announce";
import { conflict, NotFoundError } from "../lib/errors";
import { findOrder } from "../orders/order-queries";
import { insertPrintJobs, printersAt, receiptPrinters, type NewPrintJob } from "./printer-repository";
import { billDocument, dayReportDocument, orderTicket } from "./ticket";

async function queueJobs(tx: Db, jobs: readonly NewPrintJob[], now: Date) {
  const rows = await insertPrintJobs(
    tx,
    jobs.map(({ printerId, branchId, orderId, kind, document }) => ({ printerId, branchId, orderId, kind, document })),
    now,
  );
  // Every instance's dispatcher hears of them once they are committed.
  if (rows.length > 0) await announce(tx, "printers");
  return rows;
}

function prepAreasOf(order: Order): PrepArea[] {
  return PREP_AREAS.filter((area) => order.lines.some((line) => line.prep_station === area));
}

async function orderJobs(tx: Db, order: Order, kind: "ticket" | "reprint"): Promise<(NewPrintJob & { prepArea: PrepArea })[]> {
  const printers = await printersAt(tx, order.branch_id, prepAreasOf(order));
  return printers.map((printer) => ({
    printerId: printer.id,
    branchId: order.branch_id,
    orderId: order.id,
    kind,
    document: orderTicket(order, printer.prepArea, { reprint: kind === "reprint" }),
    prepArea: printer.prepArea,
  }));
}

/**
 * In the transaction that accepts `order` (placed, or a held order released): one ticket for each of
 * the branch's printers at a prep station the order has lines for, with that station's lines only.
 * Call it before the transaction records its events (they come last).
 */
export async function enqueueOrderTickets(tx: Db, order: Order, now: Date): Promise<void> {
  await queueJobs(tx, await orderJobs(tx, order, "ticket"), now);
}

/** In the transaction that closes a tab: its bill, on the branch's first receipt printer (none: no bill). */
export async function enqueueBill(tx: Db, tab: ClosedTab, now: Date): Promise<void> {
  const [printer] = await receiptPrinters(tx, tab.branch_id);
  if (!printer) return;
  await queueJobs(tx, [{ printerId: printer.id, branchId: tab.branch_id, orderId: null, kind: "bill", document: billDocument(tab) }], now);
}

/** A branch's end-of-day report on its first receipt printer; 409 `no_printer` without one. Returns the jobs queued. */
export async function enqueueDayReport(tx: Db, report: DayReport, branchName: string, now: Date): Promise<number> {
  const [printer] = await receiptPrinters(tx, report.branch_id);
  if (!printer) throw conflict("no_printer", "This branch has no receipts printer.");
  const rows = await queueJobs(
    tx,
    [
      {
        printerId: printer.id,
        branchId: report.branch_id,
        orderId: null,
        kind: "day_report",
        document: dayReportDocument(report, branchName),
      },
    ],
    now,
  );
  return rows.length;
}

/** A board's reprint: the order's tickets again, marked REPRINT. 409 `no_printer` when no printer would print any. */
export async function reprintOrder({ database, clock }: ServiceDeps, orderId: string): Promise<PrintOrderAnswer> {
  const now = clock.now();
  const jobs = await database.transaction(async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!order) throw new NotFoundError("order_not_found");
    const wanted = await orderJobs(tx, order, "reprint");
    if (wanted.length === 0) {
      throw conflict("no_printer", `No printer is set up for the ${prepAreasOf(order).join(" or ")} of this branch.`);
    }
    const rows = await queueJobs(tx, wanted, now);
    return rows.map((row, index) => ({ id: row.id, printer_id: row.printerId, prep_station: wanted[index]!.prepArea }));
  });
  return { order_id: orderId, jobs };
}
