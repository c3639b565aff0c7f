/**
 * Sends the queued print jobs, one printer at a time per job, each exactly once as far as a network
 * printer allows, through the durable queue's worker the mail outbox uses too (lib/durable-queue.ts;
 * docs/decisions/0021-kitchen-printers.md):
 *
 * 1. Claim: one atomic UPDATE turns the printer's oldest due job `sending` under this dispatcher's
 *    claim token and a lease (printer-repository.ts `claimJob`), committed before a byte is sent. Two
 *    instances never both claim one job.
 * 2. Send: connect, write the ESC/POS bytes, wait for the printer's clean close (printer-socket.ts).
 * 3. Mark: `printed`, under the same token, at once. A failed send puts the job back `queued` with a
 *    backoff and marks the printer offline (`printer.offline` on the staff stream).
 *
 * A dispatcher that dies between 1 and 3 leaves a `sending` job whose lease lapses; the next one sends
 * it again, marked "RESENT - MAY BE A DUPLICATE", because a crash after the printer took the bytes and
 * before the mark committed cannot be told apart from one before. That window is the send's last
 * round trip plus one small commit; nothing else resends a job.
 *
 * It wakes when any instance queued jobs and committed (announced on `printers`: print-job-service.ts,
 * api/db/announce.ts), and on its own tick, which also retries
 * offline printers with a growing backoff and looks at idle printers now and then, so a printer that
 * was switched off shows as offline before the next order is lost on it.
 */
import type { DatabaseHandle } from "../db/database";
import type { Clock } from "../lib/clock";
import { drainQueue, QueueWaker, type QueueDelivery } from "../lib/durable-queue";
import type { Logger } from "../lib/logger";
import { DEFAULT_SEND_TIMEOUTS, sendToPrinter, type SendTimeouts } from "./printer-socket";
import {
  claimJob,
  listPrinters,
  markJobPrinted,
  printersWithDueJobs,
  releaseJob,
  type PrinterRow,
  type PrintJobRow,
} from "./printer-repository";
import { notePrinterStatus } from "./printer-service";
import { escPos, resentDocument } from "./ticket";

export interface DispatcherOptions {
  /** How often the queue is read without being woken: other instances' jobs and lapsed leases. */
  tickMs: number;
  /** The first wait after a printer failed; doubled on each failure in a row, up to `maxBackoffMs`. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** An online printer with nothing to print is checked this often. */
  idleCheckMs: number;
  send: SendTimeouts;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  tickMs: 2_000,
  firstBackoffMs: 500,
  maxBackoffMs: 30_000,
  idleCheckMs: 60_000,
  send: DEFAULT_SEND_TIMEOUTS,
};

/** A claim outlives the longest send by this much, so a live sender's claim never lapses under it. */
const LEASE_MARGIN_MS = 5_000;

interface PrinterState {
  busy: boolean;
  failures: number;
  /** Not tried again before this (clock ms). */
  retryAt: number;
  /** When it last answered (clock ms). */
  lastContact: number;
  /** The status as this dispatcher last wrote or read it. */
  status: PrinterRow["status"];
}

export class PrintDispatcher {
  private readonly options: DispatcherOptions;
  private readonly states = new Map<number, PrinterState>();
  private readonly working = new Set<Promise<void>>();
  private readonly waker: QueueWaker;
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    this.waker = new QueueWaker(
      database,
      logger,
      { channel: "printers", tickMs: this.options.tickMs, failureMessage: "reading the print queue failed" },
      () => this.runPass(),
    );
  }

  start(): void {
    this.waker.start();
  }

  /** Sends what is due now. Wake-ups during a pass make one more pass after it, never a second beside it. */
  wake(): void {
    this.waker.wake();
  }

  private get stopped(): boolean {
    return this.waker.stopped;
  }

  /** Stops taking jobs; sends under way finish (each is bounded by its time limit). */
  async stop(): Promise<void> {
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.waker.stop();
    await Promise.all([...this.working]);
  }

  private stateOf(printer: PrinterRow): PrinterState {
    let state = this.states.get(printer.id);
    if (!state) {
      state = { busy: false, failures: 0, retryAt: 0, lastContact: 0, status: printer.status };
      this.states.set(printer.id, state);
    }
    return state;
  }

  private nowMs(): number {
    return this.clock.now().getTime();
  }

  private async runPass(): Promise<void> {
    const db = this.database.db;
    const [due, printers] = await Promise.all([printersWithDueJobs(db, this.clock.now()), listPrinters(db)]);
    const dueIds = new Set(due);
    const known = new Set(printers.map((printer) => printer.id));
    for (const id of this.states.keys()) if (!known.has(id)) this.states.delete(id);
    for (const printer of printers) {
      if (this.stopped) return;
      const state = this.stateOf(printer);
      if (state.busy || this.nowMs() < state.retryAt) continue;
      // Another instance may have found it offline or back meanwhile.
      state.status = printer.status;
      if (dueIds.has(printer.id)) this.track(printer, state, () => this.drain(printer, state));
      else if (printer.status !== "online" || this.nowMs() - state.lastContact >= this.options.idleCheckMs) {
        this.track(printer, state, () => this.probe(printer, state));
      }
    }
  }

  /** Runs one printer's work in the background (printers do not wait for each other), one at a time per printer. */
  private track(printer: PrinterRow, state: PrinterState, work: () => Promise<void>): void {
    state.busy = true;
    const running: Promise<void> = work()
      .catch((error: unknown) => this.logger.error("printing failed", { printerId: printer.id, error: String(error) }))
      .finally(() => {
        state.busy = false;
        this.working.delete(running);
      });
    this.working.add(running);
  }

  private async drain(printer: PrinterRow, state: PrinterState): Promise<void> {
    const { send } = this.options;
    const delivery: QueueDelivery<PrintJobRow> = {
      name: "print job",
      logFields: (job) => ({ printerId: printer.id, jobId: job.id }),
      leaseMs: send.connectMs + send.totalMs + LEASE_MARGIN_MS,
      claim: (tx, lease, now, stale) => claimJob(tx, printer.id, lease, now, stale),
      // A job claimed again after its sender died may have printed once already: it says so.
      send: ({ item: job, stale }) =>
        sendToPrinter(printer.host, printer.port, escPos(stale ? resentDocument(job.document) : job.document), send),
      markDone: (tx, { item, token }, now) => markJobPrinted(tx, item.id, token, now),
      putBack: (tx, { item, token }, _error, now) => releaseJob(tx, item.id, token, new Date(now.getTime() + this.backoff(state))),
    };
    const result = await drainQueue(this.database, this.clock, this.logger, delivery, () => this.stopped, {
      sent: () => this.answered(printer, state),
    });
    if (result) await this.failed(printer, state, result.failed.error, this.backoff(state));
  }

  private async probe(printer: PrinterRow, state: PrinterState): Promise<void> {
    try {
      await sendToPrinter(printer.host, printer.port, new Uint8Array(0), this.options.send);
    } catch (error) {
      await this.failed(printer, state, error, this.backoff(state));
      return;
    }
    await this.answered(printer, state);
  }

  private backoff(state: PrinterState): number {
    return Math.min(this.options.firstBackoffMs * 2 ** state.failures, this.options.maxBackoffMs);
  }

  private async failed(printer: PrinterRow, state: PrinterState, error: unknown, backoffMs: number): Promise<void> {
    state.failures++;
    state.retryAt = this.nowMs() + backoffMs;
    if (state.failures === 1) this.logger.warn("a printer does not answer", { printerId: printer.id, error: String(error) });
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake();
    }, backoffMs);
    timer.unref();
    this.retryTimers.add(timer);
    if (state.status !== "offline") {
      await notePrinterStatus(this.database, printer.id, "offline", this.clock.now());
      state.status = "offline";
    }
  }

  private async answered(printer: PrinterRow, state: PrinterState): Promise<void> {
    state.failures = 0;
    state.retryAt = 0;
    state.lastContact = this.nowMs();
    if (state.status !== "online") {
      await notePrinterStatus(this.database, printer.id, "online", this.clock.now());
      state.status = "online";
      this.logger.info("a printer answers", { printerId: printer.id });
    }
  }
}
