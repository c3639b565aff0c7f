/**
 * A branch's tables (stations), written one transaction each, audited. A table added or changed —
 * renamed, moved on the floor plan — is `table.updated` on the staff stream (the floor plan follows
 * it live); a removed one is gone from the next floor read. Each write is announced, so every instance
 * reads the tables again (they are reference data: dining-table-queries.ts).
 */
import type { DiningTable, DiningTableCreate, DiningTableUpdate } from "../../contract/schemas";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-service";
import { announce } from "../db/announce";
import type { Db } from "../db/database";
import { lockInTransaction } from "../db/dialect";
import { recordEvent } from "../events/event-log-service";
import type { ServiceDeps } from "../service-deps";
import { findDiningTable, toDiningTable, type DiningTableRow } from "./dining-table-queries";
import { deleteDiningTable, insertDiningTable, updateDiningTable } from "./dining-table-repository";
import { floorTablesOf } from "./floor-service";

const tablesChanged = (tx: Db) => announce(tx, "reference", "tables");

/** What an audit entry says a table is. */
const settingsOf = (table: DiningTable) => ({
  codename: table.codename,
  capacity: table.capacity,
  area: table.area,
  position: table.position,
});

/** The table as the floor plan lists it, on the staff stream. */
async function announceOnFloor(tx: Db, row: DiningTableRow, now: Date): Promise<void> {
  const [table] = await floorTablesOf(tx, [row], now);
  await recordEvent(tx, { branchId: row.branchId, type: "table.updated", tableId: row.id, payload: table! }, now);
}

export function createDiningTable(
  { database, clock }: ServiceDeps,
  branchId: number,
  body: Pick<DiningTableCreate, "codename" | "capacity" | "area">,
  actor: AuditActor,
): Promise<DiningTable> {
  const now = clock.now();
  return database.transaction(async (tx) => {
    await tablesChanged(tx);
    const row = await insertDiningTable(tx, { branchId, codename: body.codename, capacity: body.capacity, area: body.area }, now);
    const table = toDiningTable(row);
    await recordAudit(tx, actor, { action: "table.created", target: `station:${row.id}`, branchId, details: settingsOf(table) });
    await announceOnFloor(tx, row, now);
    return table;
  });
}

export function changeDiningTable(
  { database, clock }: ServiceDeps,
  id: string,
  changes: DiningTableUpdate,
  actor: AuditActor,
): Promise<DiningTable | undefined> {
  const now = clock.now();
  return database.transaction(async (tx) => {
    const current = await findDiningTable(tx, id);
    if (!current) return undefined;
    const target = `station:${current.id}`;
    // Two managers moving one table at once: one after the other, each audited against what it changed.
    await lockInTransaction(tx, "auditTarget", target);
    // Announced first: the transaction then reads the table from the database, as the last writer left it.
    await tablesChanged(tx);
    const before = toDiningTable((await findDiningTable(tx, id)) ?? current);
    const row = await updateDiningTable(tx, id, changes);
    if (!row) return undefined;
    const table = toDiningTable(row);
    const changed = changedFields(settingsOf(before), settingsOf(table));
    if (Object.keys(changed).length > 0) {
      await recordAudit(tx, actor, {
        action: "table.updated",
        target,
        branchId: row.branchId,
        details: { codename: table.codename, ...changed },
      });
      await announceOnFloor(tx, row, now);
    }
    return table;
  });
}

export function removeDiningTable({ database }: ServiceDeps, id: string, actor: AuditActor): Promise<boolean> {
  return database.transaction(async (tx) => {
    const current = await findDiningTable(tx, id);
    await tablesChanged(tx);
    const removed = await deleteDiningTable(tx, id);
    if (removed && current) {
      await recordAudit(tx, actor, {
        action: "table.deleted",
        target: `station:${current.id}`,
        branchId: current.branchId,
        details: settingsOf(toDiningTable(current)),
      });
    }
    return removed;
  });
}
