/** The branches' writes (reads others use: branch-queries.ts). Only this module queries `branches`. */
import { eq } from "drizzle-orm";
import type { HappyHourWindow } from "../../contract/happy-hour";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

/** Replaces the branch's windows. */
export async function setHappyHours(tx: Db, branchId: number, windows: HappyHourWindow[]): Promise<void> {
  const { branches } = tablesOf(tx);
  await tx.update(branches).set({ happyHours: windows }).where(eq(branches.id, branchId));
}
