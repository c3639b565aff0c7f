/** What other modules read of a branch: its happy hours at a moment (orders, the shared cart). */
import { eq, sql } from "drizzle-orm";
import { isHappyHour } from "../../contract/happy-hour";
import type { Branch } from "../../contract/schemas";
import type { Db } from "../db/database";
import { preparedQuery } from "../db/dialect";

// Prepared once per connection: every order and every priced cart reads its branch's windows.
const branchById = preparedQuery("branch_by_id", (db, t) =>
  db
    .select({ id: t.branches.id, name: t.branches.name, happyHours: t.branches.happyHours, timeZone: t.branches.timeZone })
    .from(t.branches)
    .where(eq(t.branches.id, sql.placeholder("id")))
    .limit(1),
);

export async function findBranch(db: Db, branchId: number): Promise<Branch | undefined> {
  const [row] = await branchById(db).execute({ id: branchId });
  return row && { id: row.id, name: row.name, happy_hours: row.happyHours, time_zone: row.timeZone };
}

/**
 * Whether an order the branch accepts at `now` is priced at happy-hour prices (contract/happy-hour.ts);
 * `now` is the server's one clock. An unknown branch has none.
 */
export async function happyHourAt(db: Db, branchId: number, now: Date): Promise<boolean> {
  const branch = await findBranch(db, branchId);
  return branch !== undefined && isHappyHour(branch.happy_hours, branch.time_zone, now);
}
