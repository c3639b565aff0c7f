/**
 * A branch's tables (stations), written one transaction each. A write records no event and empties
 * no cache: no screen follows the list live, and a deleted table's past orders keep its codename.
 */
import type { Station, StationUpdate } from "../../contract/schemas";
import type { DatabaseHandle } from "../db/database";
import { deleteStation, insertStation, updateStation } from "./station-repository";

export function createStation(database: DatabaseHandle, branchId: number, codename: string, capacity: number): Promise<Station> {
  return database.transaction((tx) => insertStation(tx, branchId, codename, capacity));
}

export function changeStation(database: DatabaseHandle, id: string, changes: StationUpdate): Promise<Station | undefined> {
  return database.transaction((tx) => updateStation(tx, id, changes));
}

export function removeStation(database: DatabaseHandle, id: string): Promise<boolean> {
  return database.transaction((tx) => deleteStation(tx, id));
}
