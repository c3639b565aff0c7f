/**
 * A branch's tables (stations), written one transaction each. A write records no event and empties
 * no cache: no screen follows the list live, and a deleted table's past orders keep its codename.
 */
import type { DiningTable, DiningTableUpdate } from "../../contract/schemas";
import type { ServiceDeps } from "../service-deps";
import { deleteDiningTable, insertStation, updateDiningTable } from "./station-repository";

export function createDiningTable({ database }: ServiceDeps, branchId: number, codename: string, capacity: number): Promise<DiningTable> {
  return database.transaction((tx) => insertStation(tx, branchId, codename, capacity));
}

export function changeStation({ database }: ServiceDeps, id: string, changes: DiningTableUpdate): Promise<DiningTable | undefined> {
  return database.transaction((tx) => updateDiningTable(tx, id, changes));
}

export function removeStation({ database }: ServiceDeps, id: string): Promise<boolean> {
  return database.transaction((tx) => deleteDiningTable(tx, id));
}
