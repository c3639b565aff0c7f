/**
 * A branch's happy hours, written in one transaction. No cache holds them and no event announces them:
 * the menu's answer does not carry them, and a phone reads the branch when it opens the menu.
 */
import type { HappyHourWindow } from "../../contract/happy-hour";
import type { Branch } from "../../contract/schemas";
import type { DatabaseHandle } from "../db/database";
import { findBranch } from "./branch-queries";
import { setHappyHours } from "./branch-repository";

/** The windows in a stable form: each window's weekdays in order, so the stored list reads the same however it was sent. */
function normalised(windows: HappyHourWindow[]): HappyHourWindow[] {
  return windows.map(({ weekdays, from, to }) => ({ weekdays: [...weekdays].sort((a, b) => a - b), from, to }));
}

export function changeHappyHours(database: DatabaseHandle, branchId: number, windows: HappyHourWindow[]): Promise<Branch | undefined> {
  return database.transaction(async (tx) =>
    (await setHappyHours(tx, branchId, normalised(windows))) ? findBranch(tx, branchId) : undefined,
  );
}
