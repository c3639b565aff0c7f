/** What other modules read of a branch: its day and happy hour at a moment (orders, the shared cart). */
import { eq } from "drizzle-orm";
import { isHappyHour } from "../../contract/happy-hour";
import { isoWeekday } from "../../contract/restaurant-time";
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

/** What the branch's own clock says at a moment: the rules of pricing that depend on the day and the hour. */
export interface BranchTime {
  /** The ISO weekday in the branch's time zone: the daily special orderable then. */
  weekday: number;
  /** Whether an order accepted then is priced at happy-hour prices (contract/happy-hour.ts). */
  happyHour: boolean;
}

/**
 * The branch's day and happy hour at `now` (the server's one clock), in the branch's `time_zone`
 * (contract/restaurant-time.ts). An unknown branch is read in the restaurant's zone and has no happy hour.
 */
export async function branchTimeAt(db: Db, branchId: number, now: Date): Promise<BranchTime> {
  const branch = await findBranch(db, branchId);
  if (!branch) return { weekday: isoWeekday(now), happyHour: false };
  return { weekday: isoWeekday(now, branch.time_zone), happyHour: isHappyHour(branch.happy_hours, branch.time_zone, now) };
}

/** What a receipt says of its branch: its name, address and HST registration number ("" when none on file). */
export async function branchReceiptDetails(
  db: Db,
  branchId: number,
): Promise<{ name: string; address: string; hstNumber: string } | undefined> {
  const { branches } = tablesOf(db);
  const [row] = await db
    .select({ name: branches.name, address: branches.address, hstNumber: branches.hstNumber })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row;
}
