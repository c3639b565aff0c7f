/** What other modules read of a branch: its happy hours at a moment (orders, the shared cart). */
import { isHappyHour } from "../../contract/happy-hour";
import type { Branch } from "../../contract/schemas";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";
import { referenceData } from "../db/reference-data";

/**
 * Every branch: reference data (api/db/reference-data.ts), read once and again after its happy hours
 * change (branch-service.ts announces it).
 */
const allBranches = referenceData<"all", ReadonlyMap<number, Branch>>({
  channel: "reference",
  keyOf: (payload) => (payload === "branches" ? "all" : null),
  load: async (db) => {
    const { branches } = tablesOf(db);
    const rows = await db
      .select({ id: branches.id, name: branches.name, happyHours: branches.happyHours, timeZone: branches.timeZone })
      .from(branches);
    return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, happy_hours: row.happyHours, time_zone: row.timeZone }]));
  },
});

export async function findBranch(db: Db, branchId: number): Promise<Branch | undefined> {
  return (await allBranches(db, "all")).get(branchId);
}

/**
 * Whether an order the branch accepts at `now` is priced at happy-hour prices (contract/happy-hour.ts);
 * `now` is the server's one clock. An unknown branch has none.
 */
export async function happyHourAt(db: Db, branchId: number, now: Date): Promise<boolean> {
  const branch = await findBranch(db, branchId);
  return branch !== undefined && isHappyHour(branch.happy_hours, branch.time_zone, now);
}
