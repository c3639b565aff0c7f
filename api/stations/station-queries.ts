/** A branch's tables as other modules read them: by id (any case), or the branch's list. Writes are in station-repository.ts. */
import { asc, eq, sql } from "drizzle-orm";
import type { PublicDiningTable, DiningTable } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { preparedQuery, tablesOf } from "../db/dialect";

export type StationRow = Tables["stations"]["$inferSelect"];

export const toStation = (row: StationRow): DiningTable => ({
  id: row.id,
  codename: row.codename,
  capacity: row.capacity,
  branch_id: row.branchId,
});

export async function listStations(db: Db, branchId: number): Promise<DiningTable[]> {
  const { stations } = tablesOf(db);
  const rows = await db
    .select()
    .from(stations)
    .where(eq(stations.branchId, branchId))
    .orderBy(asc(stations.createdAt), asc(stations.codename));
  return rows.map(toStation);
}

/**
 * Dining-table ids are UUIDs, stored lower-case (randomUUID); a QR code or a typed link may carry one in
 * capitals. Every lookup by id goes through here, so any route that takes a station id matches it in
 * any case.
 */
export const storedId = (id: string) => id.toLowerCase();

// Prepared once per connection: every order and cart operation looks its table up.
const stationById = preparedQuery("station_by_id", (db, t) =>
  db
    .select()
    .from(t.stations)
    .where(eq(t.stations.id, sql.placeholder("id")))
    .limit(1),
);

export async function findStation(db: Db, id: string): Promise<StationRow | undefined> {
  const [row] = await stationById(db).execute({ id: storedId(id) });
  return row;
}

export async function findPublicStation(db: Db, id: string): Promise<PublicDiningTable | undefined> {
  const row = await findStation(db, id);
  return row && { id: row.id, codename: row.codename, branch_id: row.branchId };
}
