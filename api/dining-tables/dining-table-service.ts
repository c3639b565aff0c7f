/**
 * A branch's tables (stations), written one transaction each. A write records no event and empties
 * no cache: no screen follows the list live, and a deleted table's past orders keep its codename.
 */
import type { DiningTable, DiningTableUpdate } from "../../contract/schemas";
import type { ServiceDeps } from "../service-deps";
import { deleteDiningTable, insertDiningTable, updateDiningTable } from "./dining-table-repository";

export function createDiningTable({ database }: ServiceDeps, branchId: number, codename: string, capacity: number): Promise<DiningTable> {
  return database.transaction((tx) => insertDiningTable(tx, branchId, codename, capacity));
}

export function changeDiningTable({ database }: ServiceDeps, id: string, changes: DiningTableUpdate): Promise<DiningTable | undefined> {
  return database.transaction((tx) => updateDiningTable(tx, id, changes));
}

export function removeDiningTable({ database }: ServiceDeps, id: string): Promise<boolean> {
  return database.transaction((tx) => deleteDiningTable(tx, id));
}
