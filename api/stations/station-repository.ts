import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { PublicStation, Station, StationUpdate } from "../../contract/schemas";
import type { DbOrTx } from "../db/client";
import { stations } from "../db/schema";

type StationRow = typeof stations.$inferSelect;

export const toStation = (row: StationRow): Station => ({
  id: row.id,
  codename: row.codename,
  capacity: row.capacity,
  branch_id: row.branchId,
});

export function listStations(db: DbOrTx, branchId: number): Station[] {
  return db
    .select()
    .from(stations)
    .where(eq(stations.branchId, branchId))
    .orderBy(asc(stations.createdAt), asc(stations.codename))
    .all()
    .map(toStation);
}

/**
 * Station ids are UUIDs, stored lower-case (randomUUID); a QR code or a typed link may carry one in
 * capitals. Every lookup by id goes through here, so any route that takes a station id matches it in
 * any case.
 */
const storedId = (id: string) => id.toLowerCase();

export function findStation(db: DbOrTx, id: string): StationRow | undefined {
  return db.select().from(stations).where(eq(stations.id, storedId(id))).get();
}

export function findPublicStation(db: DbOrTx, id: string): PublicStation | undefined {
  const row = findStation(db, id);
  return row && { id: row.id, codename: row.codename, branch_id: row.branchId };
}

export function createStation(db: DbOrTx, branchId: number, codename: string, capacity: number): Station {
  const row = db.insert(stations).values({ id: randomUUID(), branchId, codename, capacity }).returning().get();
  return toStation(row);
}

export function updateStation(db: DbOrTx, id: string, changes: StationUpdate): Station | undefined {
  const row = db.update(stations).set(changes).where(eq(stations.id, storedId(id))).returning().get();
  return row && toStation(row);
}

export function deleteStation(db: DbOrTx, id: string): boolean {
  return db.delete(stations).where(eq(stations.id, storedId(id))).run().changes > 0;
}
