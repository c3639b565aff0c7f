/**
 * Setting printers up (each change one transaction with its audit entry), and their status as the
 * dispatchers find it (one transaction with its event).
 */
import type { PrinterStatus } from "../../contract/printers";
import type { Printer, PrinterCreate, PrinterUpdate } from "../../contract/schemas";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-service";
import type { DatabaseHandle, Db } from "../db/database";
import { announce } from "../db/announce";
import { lockInTransaction } from "../db/dialect";
import type { ServiceDeps } from "../service-deps";
import { recordEvent } from "../events/event-log-service";
import { knownBranch } from "../lib/endpoint";
import { NotFoundError } from "../lib/errors";
import {
  deletePrinterRow,
  findPrinter,
  insertPrinter,
  listPrinters,
  queueLengths,
  setPrinterStatus,
  toPrinter,
  updatePrinterRow,
  type PrinterRow,
} from "./printer-repository";

const printerMissing = () => new NotFoundError("printer_not_found");

/**
 * Inside a transaction that added, changed or removed a printer: once it commits, every instance
 * routes tickets by the new set (reference data, printer-repository.ts) and its dispatcher tries the
 * printer at once.
 */
async function printersChanged(tx: Db): Promise<void> {
  await announce(tx, "reference", "printers");
  await announce(tx, "printers");
}

async function withQueues(db: Db, rows: readonly PrinterRow[]): Promise<Printer[]> {
  const queued = await queueLengths(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPrinter(row, queued.get(row.id) ?? 0));
}

/** Every printer with the tickets waiting for it (the metrics' printer queues). */
export async function allPrinters(db: Db): Promise<Printer[]> {
  return withQueues(db, await listPrinters(db));
}

export async function branchPrinters(db: Db, branchId: number): Promise<Printer[]> {
  return withQueues(db, await listPrinters(db, branchId));
}

/** What staff set of a printer, in the wire's words: its audit entries' details. */
function settingsOf(row: PrinterRow) {
  return { name: row.name, host: row.host, port: row.port, prep_station: row.prepArea, receipts: row.receipts };
}

/** A new printer starts "unknown"; the dispatcher tries it at once. Audited as `printer.created`. */
export async function createPrinter({ database, clock }: ServiceDeps, body: PrinterCreate, actor: AuditActor): Promise<Printer> {
  const branchId = knownBranch(body.branch_id);
  const now = clock.now();
  const row = await database.transaction(async (tx) => {
    const row = await insertPrinter(tx, {
      branchId,
      name: body.name,
      host: body.host,
      port: body.port,
      prepArea: body.prep_station,
      receipts: body.receipts,
      status: "unknown",
      statusChangedAt: null,
      createdAt: now.toISOString(),
    });
    await printersChanged(tx);
    await recordAudit(tx, actor, { action: "printer.created", target: `printer:${row.id}`, branchId, details: settingsOf(row) });
    return row;
  });
  return toPrinter(row, 0);
}

/**
 * A new address makes the status "unknown" again until the dispatcher has tried it. Audited as
 * `printer.updated`: its name and each setting changed, from → to (nothing changed is no change).
 */
export async function updatePrinter(
  { database, clock }: ServiceDeps,
  id: number,
  body: PrinterUpdate,
  actor: AuditActor,
): Promise<Printer> {
  const now = clock.now();
  const target = `printer:${id}`;
  return database.transaction(async (tx) => {
    await lockInTransaction(tx, "auditTarget", target);
    const current = await findPrinter(tx, id);
    if (!current) throw printerMissing();
    const moved = (body.host !== undefined && body.host !== current.host) || (body.port !== undefined && body.port !== current.port);
    const row = (await updatePrinterRow(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.host !== undefined && { host: body.host }),
      ...(body.port !== undefined && { port: body.port }),
      ...(body.prep_station !== undefined && { prepArea: body.prep_station }),
      ...(body.receipts !== undefined && { receipts: body.receipts }),
      ...(moved && { status: "unknown" as const, statusChangedAt: now.toISOString() }),
    }))!;
    const changed = changedFields(settingsOf(current), settingsOf(row));
    // The printer's name says which one it was; a new name is among the changes, from → to.
    if (Object.keys(changed).length > 0)
      await recordAudit(tx, actor, { action: "printer.updated", target, branchId: row.branchId, details: { name: row.name, ...changed } });
    await printersChanged(tx);
    return (await withQueues(tx, [row]))[0]!;
  });
}

/** The printer and its unprinted jobs go. Audited as `printer.deleted`, with what it was set to. */
export async function deletePrinter({ database }: ServiceDeps, id: number, actor: AuditActor): Promise<void> {
  const target = `printer:${id}`;
  await database.transaction(async (tx) => {
    await lockInTransaction(tx, "auditTarget", target);
    const current = await findPrinter(tx, id);
    if (!current) throw printerMissing();
    await deletePrinterRow(tx, id);
    await printersChanged(tx);
    await recordAudit(tx, actor, { action: "printer.deleted", target, branchId: current.branchId, details: settingsOf(current) });
  });
}

/**
 * Records what a dispatcher found: the first instance to find a printer offline (or back) changes its
 * status and announces `printer.offline` / `printer.online` with its queue on the branch's staff
 * stream; the others find the status already so and announce nothing.
 */
export async function notePrinterStatus(database: DatabaseHandle, id: number, status: Exclude<PrinterStatus, "unknown">, now: Date) {
  return database.transaction(async (tx) => {
    const row = await setPrinterStatus(tx, id, status, now);
    if (!row) return undefined;
    const [printer] = await withQueues(tx, [row]);
    await recordEvent(
      tx,
      { branchId: row.branchId, type: status === "offline" ? "printer.offline" : "printer.online", payload: printer! },
      now,
    );
    return printer;
  });
}
