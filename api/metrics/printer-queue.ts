/**
 * Where `limitless_printer_queue_length` comes from. The printers module feeds it by calling
 * `setPrinterQueueSource` once at start-up; until one does, the gauge is registered but reports no
 * series (a printer that does not exist has no queue, and 0 would claim one that is empty).
 * The source is asked at every scrape with the scraped server's database, so several servers in
 * one process (the tests) each report their own printers.
 */
import type { DatabaseHandle } from "../db/database";

export interface PrinterQueue {
  branchId: number;
  /** The printer's name as staff know it (a label: keep it short, one per printer). */
  printer: string;
  /** Tickets waiting to print. */
  queued: number;
}

export type PrinterQueueSource = (database: DatabaseHandle) => Promise<readonly PrinterQueue[]> | readonly PrinterQueue[];

let source: PrinterQueueSource | undefined;

/** Sets (or, with undefined, removes) what reports the printers' queues. */
export function setPrinterQueueSource(next: PrinterQueueSource | undefined): void {
  source = next;
}

/** The queues now; empty when no printers module has said how to read them. */
export async function printerQueues(database: DatabaseHandle): Promise<readonly PrinterQueue[]> {
  return source ? await source(database) : [];
}
