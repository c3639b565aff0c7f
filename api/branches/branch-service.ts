/**
 * A branch's happy hours, written in one transaction with their audit entry and a `branch.updated`
 * event (open menus price by the new windows at once); the change is announced to every instance,
 * which keeps the branches in memory (branch-queries.ts).
 */
import type { HappyHourWindow } from "../../contract/happy-hour";
import type { Branch } from "../../contract/schemas";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-service";
import { announce } from "../db/announce";
import { recordEvent } from "../events/event-log-service";
import { lockInTransaction } from "../db/dialect";
import type { ServiceDeps } from "../service-deps";
import { findBranch } from "./branch-queries";
import { setHappyHours } from "./branch-repository";

/** The windows in a stable form: each window's weekdays in order, so the stored list reads the same however it was sent. */
function normalised(windows: HappyHourWindow[]): HappyHourWindow[] {
  return windows.map(({ weekdays, from, to }) => ({ weekdays: [...weekdays].sort((a, b) => a - b), from, to }));
}

/**
 * Replaces the branch's windows; undefined when there is no such branch. Audited as
 * `happy_hours.changed` with the windows before and after (a list sent unchanged is no change).
 */
export function changeHappyHours(
  { database, clock }: ServiceDeps,
  branchId: number,
  windows: HappyHourWindow[],
  actor: AuditActor,
): Promise<Branch | undefined> {
  const target = `branch:${branchId}`;
  return database.transaction(async (tx) => {
    await lockInTransaction(tx, "auditTarget", target);
    const before = await findBranch(tx, branchId);
    if (!before) return undefined;
    const happyHours = normalised(windows);
    await setHappyHours(tx, branchId, happyHours);
    await announce(tx, "reference", "branches");
    const changed = changedFields({ happy_hours: normalised(before.happy_hours) }, { happy_hours: happyHours });
    const branch = { ...before, happy_hours: happyHours };
    if (changed.happy_hours) {
      await recordAudit(tx, actor, { action: "happy_hours.changed", target, branchId, details: changed });
      await recordEvent(tx, { branchId, type: "branch.updated", payload: branch }, clock.now());
    }
    return branch;
  });
}
