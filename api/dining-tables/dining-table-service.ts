/**
 * A branch's tables (stations), written one transaction each. A write records no event: no screen
 * follows the list live, and a deleted table's past orders keep its codename. It is announced, so
 * every instance reads the tables again (they are reference data: dining-table-queries.ts).
 */
import type { DiningTable, DiningTableUpdate } from "../../contract/schemas";
import { announce } from "../db/announce";
import type { Db } from "../db/database";
import type { ServiceDeps } from "../service-deps";
import { deleteDiningTable, insertDiningTable, updateDiningTable } from "./dining-table-repository";

const tablesChanged = (tx: Db) => announce(tx, "reference", "tables");

export function createDiningTable({ database }: ServiceDeps, branchId: number, codename: string, capacity: number): Promise<DiningTable> {
  return database.transaction(async (tx) => {
    await tablesChanged(tx);
    return insertDiningTable(tx, branchId, codename, capacity);
  });
}

export function changeDiningTable({ database }: ServiceDeps, id: string, changes: DiningTableUpdate): Promise<DiningTable | undefined> {
  return database.transaction(async (tx) => {
    await tablesChanged(tx);
    return updateDiningTable(tx, id, changes);
  });
}

export function removeDiningTable({ database }: ServiceDeps, id: string): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tablesChanged(tx);
    return deleteDiningTable(tx, id);
  });
}
