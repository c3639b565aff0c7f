import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { PublicDiningTable, DiningTable, DiningTableUpdate } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { affectedRows, preparedQuery, tablesOf } from "../db/dialect";

type StationRow = Tables["stations"]["$inferSelect"];

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
const storedId = (id: string) => id.toLowerCase();

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

export async function insertStation(tx: Db, branchId: number, codename: string, capacity: number): Promise<DiningTable> {
  const { stations } = tablesOf(tx);
  const [row] = await tx
    .insert(stations)
    .values({ id: randomUUID(), branchId, codename, capacity, createdAt: new Date().toISOString() })
    .returning();
  return toStation(row!);
}

export async function updateDiningTable(tx: Db, id: string, changes: DiningTableUpdate): Promise<DiningTable | undefined> {
  const { stations } = tablesOf(tx);
  const [row] = await tx
    .update(stations)
    .set(changes)
    .where(eq(stations.id, storedId(id)))
    .returning();
  return row && toStation(row);
}

export async function deleteDiningTable(tx: Db, id: string): Promise<boolean> {
  const { stations } = tablesOf(tx);
  return affectedRows(await tx.delete(stations).where(eq(stations.id, storedId(id)))) > 0;
}
