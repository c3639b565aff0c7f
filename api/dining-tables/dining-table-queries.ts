/** A branch's tables as other modules read them: by id (any case), or the branch's list. Writes are in dining-table-repository.ts. */
import { asc, eq, sql } from "drizzle-orm";
import type { PublicDiningTable, DiningTable } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { preparedQuery, tablesOf } from "../db/dialect";
import { referenceData } from "../db/reference-data";

export type DiningTableRow = Tables["diningTables"]["$inferSelect"];

export const toDiningTable = (row: DiningTableRow): DiningTable => ({
  id: row.id,
  codename: row.codename,
  capacity: row.capacity,
  branch_id: row.branchId,
  area: row.area,
  position: row.positionX === null || row.positionY === null ? null : { x: row.positionX, y: row.positionY },
});

export async function listDiningTables(db: Db, branchId: number): Promise<DiningTable[]> {
  const { diningTables } = tablesOf(db);
  const rows = await db
    .select()
    .from(diningTables)
    .where(eq(diningTables.branchId, branchId))
    .orderBy(asc(diningTables.createdAt), asc(diningTables.codename));
  return rows.map(toDiningTable);
}

/**
 * Dining-table ids are UUIDs, stored lower-case (randomUUID); a QR code or a typed link may carry one in
 * capitals. Every lookup by id goes through here, so any route that takes a station id matches it in
 * any case.
 */
export const storedId = (id: string) => id.toLowerCase();

const diningTableById = preparedQuery("station_by_id", (db, t) =>
  db
    .select()
    .from(t.diningTables)
    .where(eq(t.diningTables.id, sql.placeholder("id")))
    .limit(1),
);

/**
 * Every table by id: reference data (api/db/reference-data.ts), read once and again after a table is
 * added, changed or removed (dining-table-service.ts announces it).
 */
const allDiningTables = referenceData<"all", ReadonlyMap<string, DiningTableRow>>({
  channel: "reference",
  keyOf: (payload) => (payload === "tables" ? "all" : null),
  load: async (db) => {
    const { diningTables } = tablesOf(db);
    return new Map((await db.select().from(diningTables)).map((row) => [row.id, row]));
  },
});

/**
 * The table, from memory. An id not there is looked up in the database: a table another instance
 * added a moment ago, before its announcement arrived, is found all the same.
 */
export async function findDiningTable(db: Db, id: string): Promise<DiningTableRow | undefined> {
  const stored = storedId(id);
  const known = (await allDiningTables(db, "all")).get(stored);
  if (known) return known;
  const [row] = await diningTableById(db).execute({ id: stored });
  return row;
}

/** The branch's tables from memory, in the order they were added. */
export async function diningTablesOfBranch(db: Db, branchId: number): Promise<DiningTableRow[]> {
  return [...(await allDiningTables(db, "all")).values()]
    .filter((row) => row.branchId === branchId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.codename.localeCompare(b.codename));
}

export async function findPublicDiningTable(db: Db, id: string): Promise<PublicDiningTable | undefined> {
  const row = await findDiningTable(db, id);
  return row && { id: row.id, codename: row.codename, branch_id: row.branchId };
}
