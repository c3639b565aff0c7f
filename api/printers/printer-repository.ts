/** The printers and their print jobs as stored: every query of `printers` and `print_jobs`. */
import { and, asc, count, eq, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { PrepArea } from "../../contract/menu";
import type { PrinterStatus } from "../../contract/printers";
import type { Printer } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { affectedRows, tablesOf } from "../db/dialect";
import { referenceData } from "../db/reference-data";
import type { PRINT_JOB_KINDS } from "../db/schema";

export type PrinterRow = Tables["printers"]["$inferSelect"];
export type PrintJobRow = Tables["printJobs"]["$inferSelect"];
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/** Jobs not printed yet: waiting, or being sent (a `sending` job whose sender died is sent again). */
const UNPRINTED = ["queued", "sending"] as const;

export function toPrinter(row: PrinterRow, queued: number): Printer {
  return {
    id: row.id,
    name: row.name,
    branch_id: row.branchId,
    host: row.host,
    port: row.port,
    prep_station: row.prepArea,
    receipts: row.receipts,
    status: row.status,
    queued,
  };
}

export async function findPrinter(db: Db, id: number): Promise<PrinterRow | undefined> {
  const { printers } = tablesOf(db);
  const [row] = await db.select().from(printers).where(eq(printers.id, id)).limit(1);
  return row;
}

/** A branch's printers (all of them without `branchId`), oldest first. */
export async function listPrinters(db: Db, branchId?: number): Promise<PrinterRow[]> {
  const { printers } = tablesOf(db);
  const query = db.select().from(printers);
  return (branchId === undefined ? query : query.where(eq(printers.branchId, branchId))).orderBy(asc(printers.id));
}

/** How many jobs wait for each of `printerIds`. */
export async function queueLengths(db: Db, printerIds: readonly number[]): Promise<Map<number, number>> {
  if (printerIds.length === 0) return new Map();
  const { printJobs } = tablesOf(db);
  const rows = await db
    .select({ printerId: printJobs.printerId, n: count() })
    .from(printJobs)
    .where(and(inArray(printJobs.printerId, [...printerIds]), inArray(printJobs.status, [...UNPRINTED])))
    .groupBy(printJobs.printerId);
  return new Map(rows.map((row) => [row.printerId, Number(row.n)]));
}

export async function insertPrinter(tx: Db, row: Omit<PrinterRow, "id">): Promise<PrinterRow> {
  const { printers } = tablesOf(tx);
  const [inserted] = await tx.insert(printers).values(row).returning();
  return inserted!;
}

export async function updatePrinterRow(
  tx: Db,
  id: number,
  changes: Partial<Omit<PrinterRow, "id" | "branchId">>,
): Promise<PrinterRow | undefined> {
  const { printers } = tablesOf(tx);
  const [row] = await tx.update(printers).set(changes).where(eq(printers.id, id)).returning();
  return row;
}

/** Deletes the printer and (by the foreign key's cascade) its jobs. */
export async function deletePrinterRow(tx: Db, id: number): Promise<void> {
  const { printers, printJobs } = tablesOf(tx);
  // Explicitly too: SQLite enforces the cascade only with foreign keys on, which a restore might not have.
  await tx.delete(printJobs).where(eq(printJobs.printerId, id));
  await tx.delete(printers).where(eq(printers.id, id));
}

/** Where a printer prints: what routing a ticket or a bill needs of it. */
export interface PrinterRoute {
  id: number;
  prepArea: PrepArea;
  receipts: boolean;
}

/**
 * Every branch's printers as tickets and bills are routed (reference data, api/db/reference-data.ts):
 * read once, and again after a printer is added, changed or removed (printer-service.ts). A branch
 * without printers routes nothing and reads nothing.
 */
const printerRoutes = referenceData<"all", ReadonlyMap<number, readonly PrinterRoute[]>>({
  channel: "reference",
  keyOf: (payload) => (payload === "printers" ? "all" : null),
  load: async (db) => {
    const { printers } = tablesOf(db);
    const rows = await db
      .select({ id: printers.id, branchId: printers.branchId, prepArea: printers.prepArea, receipts: printers.receipts })
      .from(printers)
      .orderBy(asc(printers.id));
    const byBranch = new Map<number, PrinterRoute[]>();
    for (const { branchId, ...route } of rows) byBranch.set(branchId, [...(byBranch.get(branchId) ?? []), route]);
    return byBranch;
  },
});

/** The branch's printers at these prep stations, oldest first. */
export async function printersAt(db: Db, branchId: number, prepAreas: readonly PrepArea[]): Promise<PrinterRoute[]> {
  if (prepAreas.length === 0) return [];
  const routes = (await printerRoutes(db, "all")).get(branchId) ?? [];
  return routes.filter((route) => prepAreas.includes(route.prepArea));
}

/** The branch's receipt printers, the first one first. */
export async function receiptPrinters(db: Db, branchId: number): Promise<PrinterRoute[]> {
  const routes = (await printerRoutes(db, "all")).get(branchId) ?? [];
  return routes.filter((route) => route.receipts);
}

export interface NewPrintJob {
  printerId: number;
  branchId: number;
  orderId: string | null;
  kind: PrintJobKind;
  document: string;
}

export async function insertPrintJobs(tx: Db, jobs: readonly NewPrintJob[], now: Date): Promise<PrintJobRow[]> {
  if (jobs.length === 0) return [];
  const { printJobs } = tablesOf(tx);
  const at = now.toISOString();
  return tx
    .insert(printJobs)
    .values(jobs.map((job) => ({ ...job, status: "queued" as const, attempts: 0, notBefore: at, createdAt: at })))
    .returning();
}

/** The printers that have a job to send now: a queued one that is due, or one whose sender's lease lapsed. */
export async function printersWithDueJobs(db: Db, now: Date): Promise<number[]> {
  const { printJobs } = tablesOf(db);
  const at = now.toISOString();
  const rows = await db
    .selectDistinct({ printerId: printJobs.printerId })
    .from(printJobs)
    .where(
      or(
        and(eq(printJobs.status, "queued"), lte(printJobs.notBefore, at)),
        and(eq(printJobs.status, "sending"), lt(printJobs.leaseUntil, at)),
      ),
    );
  return rows.map((row) => row.printerId);
}

export interface Claim {
  token: string;
  /** When the claim lapses: another sender may then take the job. */
  leaseUntil: Date;
}

/**
 * Claims the printer's oldest job that is sendable, in one atomic UPDATE … RETURNING: `stale` takes a
 * `sending` job whose lease lapsed (its sender died), otherwise a due `queued` one. The condition is
 * in the UPDATE itself, not only in the subquery that picks the id, so of two instances racing for one
 * job exactly one updates it: on PostgreSQL the second re-checks the condition on the row the first
 * committed and finds it `sending` under a live lease (0 rows); on SQLite writes are serial anyway.
 */
export async function claimJob(tx: Db, printerId: number, claim: Claim, now: Date, stale: boolean): Promise<PrintJobRow | undefined> {
  const { printJobs } = tablesOf(tx);
  const at = now.toISOString();
  const sendable = stale
    ? and(eq(printJobs.status, "sending"), lt(printJobs.leaseUntil, at))
    : and(eq(printJobs.status, "queued"), lte(printJobs.notBefore, at));
  const oldest = tx
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.printerId, printerId), sendable))
    .orderBy(asc(printJobs.id))
    .limit(1);
  const [row] = await tx
    .update(printJobs)
    .set({
      status: "sending",
      claimToken: claim.token,
      leaseUntil: claim.leaseUntil.toISOString(),
      attempts: sql`${printJobs.attempts} + 1`,
    })
    .where(and(inArray(printJobs.id, oldest), eq(printJobs.printerId, printerId), sendable))
    .returning();
  return row;
}

/** The job reached the printer. false: the claim was no longer ours (it lapsed and another sender took it). */
export async function markJobPrinted(tx: Db, id: number, token: string, now: Date): Promise<boolean> {
  const { printJobs } = tablesOf(tx);
  const result = await tx
    .update(printJobs)
    .set({ status: "printed", printedAt: now.toISOString(), claimToken: null, leaseUntil: null })
    .where(and(eq(printJobs.id, id), eq(printJobs.claimToken, token), eq(printJobs.status, "sending")));
  return affectedRows(result) > 0;
}

/** The printer did not take the job: back in the queue, not tried again before `notBefore`. */
export async function releaseJob(tx: Db, id: number, token: string, notBefore: Date): Promise<void> {
  const { printJobs } = tablesOf(tx);
  await tx
    .update(printJobs)
    .set({ status: "queued", notBefore: notBefore.toISOString(), claimToken: null, leaseUntil: null })
    .where(and(eq(printJobs.id, id), eq(printJobs.claimToken, token), eq(printJobs.status, "sending")));
}

/** Sets the printer's status unless it is so already; the row when it changed. */
export async function setPrinterStatus(tx: Db, id: number, status: PrinterStatus, now: Date): Promise<PrinterRow | undefined> {
  const { printers } = tablesOf(tx);
  const [row] = await tx
    .update(printers)
    .set({ status, statusChangedAt: now.toISOString() })
    .where(and(eq(printers.id, id), ne(printers.status, status)))
    .returning();
  return row;
}
