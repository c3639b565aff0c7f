/**
 * Staff accounts as owners and managers manage them (API.md "Running the restaurant"). Each change is
 * one transaction that also writes its audit entry; a new password and deactivation delete the
 * account's sessions in it, and after the commit every instance re-checks its staff streams at once,
 * so the account's open streams end too. The last active owner is counted under a lock (SQLite: the
 * one write lock; PostgreSQL: an advisory lock), so two requests demoting the last two owners at once
 * cannot both succeed.
 */
import { manageableRoles, worksAt, type StaffRole } from "../../contract/roles";
import type { StaffAccount, StaffPatch } from "../../contract/schemas";
import type { ServiceDeps } from "../service-deps";
import { auditActor, changedFields, recordAudit } from "../audit/audit-service";
import { assertPasswordAllowed } from "./password-policy";
import { hashPassword } from "./passwords";
import {
  countOtherActiveOwners,
  deleteSessionsOf,
  findStaffAccount,
  insertStaffAccount,
  listStaffAccounts,
  staffAccountOf,
  updateStaffAccount,
} from "./staff-repository";
import { announce } from "../db/announce";
import type { StaffIdentity } from "../lib/app-env";
import { lockInTransaction } from "../db/dialect";
import { conflict } from "../lib/errors";
import { forbidden } from "../lib/endpoint";

export type StaffDeps = Pick<ServiceDeps, "database" | "clock" | "passwordHashCost">;

/** The branch an audit entry is filed under: the account's one branch, else none (several, or an owner). */
const auditBranch = (account: Pick<StaffAccount, "role" | "branch_ids">) =>
  account.role !== "owner" && account.branch_ids.length === 1 ? account.branch_ids[0]! : null;

const asAccount = (staff: StaffIdentity) => ({ role: staff.role, branch_ids: staff.branchIds });

/**
 * Whether `actor` may manage an account of `role` at `branchIds`: an owner any account; a manager
 * kitchen and floor accounts whose every branch is theirs.
 */
function mayManage(actor: StaffIdentity, role: StaffRole, branchIds: readonly number[]): boolean {
  if (!manageableRoles(actor.role).includes(role)) return false;
  return actor.role === "owner" || branchIds.every((id) => worksAt(asAccount(actor), id));
}

/** The accounts that work at `branchId` (every account for an owner without one; a manager's branches otherwise). */
export async function listAccounts(deps: StaffDeps, actor: StaffIdentity, branchId: number | undefined): Promise<StaffAccount[]> {
  const accounts = (await listStaffAccounts(deps.database.db)).map(staffAccountOf);
  const branches = branchId !== undefined ? [branchId] : actor.role === "owner" ? undefined : actor.branchIds;
  return branches ? accounts.filter((account) => branches.some((id) => worksAt(account, id))) : accounts;
}

export async function createAccount(
  deps: StaffDeps,
  actor: StaffIdentity,
  input: { email: string; name: string; role: StaffRole; branch_ids: number[]; password: string },
): Promise<StaffAccount> {
  if (!mayManage(actor, input.role, input.branch_ids)) throw forbidden("Your account may not create this account.");
  await assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password, deps.passwordHashCost);
  return deps.database.transaction(async (tx) => {
    const row = await insertStaffAccount(tx, {
      email: input.email,
      name: input.name,
      role: input.role,
      branchIds: input.role === "owner" ? [] : input.branch_ids,
      passwordHash,
      now: deps.clock.now(),
    });
    if (!row) throw conflict("email_taken", "An account with this e-mail exists already.");
    const account = staffAccountOf(row);
    await recordAudit(tx, auditActor(actor, deps), {
      action: "staff.created",
      target: `staff:${account.id}`,
      branchId: auditBranch(account),
      details: { email: account.email, name: account.name, role: account.role, branch_ids: account.branch_ids },
    });
    return account;
  });
}

/** Undefined when there is no such account. */
export async function updateAccount(
  deps: StaffDeps,
  actor: StaffIdentity,
  id: number,
  patch: StaffPatch,
): Promise<StaffAccount | undefined> {
  if (patch.password !== undefined) await assertPasswordAllowed(patch.password);
  // Slow hashing happens before the transaction, which holds the lock only briefly.
  const passwordHash = patch.password !== undefined ? await hashPassword(patch.password, deps.passwordHashCost) : undefined;
  const pinHash = patch.pin ? await hashPassword(patch.pin, deps.passwordHashCost) : patch.pin;
  let signOut = false;
  const updated = await deps.database.transaction(async (tx) => {
    await lockInTransaction(tx, "staffAccounts");
    const row = await findStaffAccount(tx, id);
    if (!row) return undefined;
    const before = staffAccountOf(row);
    const role = patch.role ?? before.role;
    const branchIds = patch.branch_ids ?? before.branch_ids;
    if (!mayManage(actor, before.role, before.branch_ids) || !mayManage(actor, role, branchIds))
      throw forbidden("Your account may not change this account.");
    const losesOwner = before.role === "owner" && before.active && (role !== "owner" || patch.active === false);
    if (losesOwner && (await countOtherActiveOwners(tx, id)) === 0)
      throw conflict("last_owner", "This is the last active owner: make another account an owner first.");
    const after = await updateStaffAccount(tx, id, {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.role !== undefined && { role }),
      ...(patch.branch_ids !== undefined && { branchIds: role === "owner" ? [] : branchIds }),
      ...(patch.active !== undefined && { active: patch.active }),
      ...(passwordHash !== undefined && { passwordHash }),
      ...(pinHash !== undefined && { pinHash }),
    });
    const account = staffAccountOf(after!);
    signOut = passwordHash !== undefined || (before.active && !account.active);
    if (signOut) await deleteSessionsOf(tx, id);
    // Role or branches changed: streams re-check what the account may still follow.
    if (signOut || patch.role !== undefined || patch.branch_ids !== undefined) {
      await announce(tx, "sessions", String(id));
    }
    await audit(tx, deps, actor, before, account, patch);
    return account;
  });
  return updated;
}

/** The signed-in person's own PIN (set or removed). */
export async function setOwnPin(deps: StaffDeps, actor: StaffIdentity, pin: string | null): Promise<StaffAccount> {
  const pinHash = pin === null ? null : await hashPassword(pin, deps.passwordHashCost);
  return deps.database.transaction(async (tx) => {
    const account = staffAccountOf((await updateStaffAccount(tx, actor.id, { pinHash }))!);
    await recordAudit(tx, auditActor(actor, deps), {
      action: pin === null ? "staff.pin_removed" : "staff.pin_set",
      target: `staff:${actor.id}`,
      branchId: auditBranch(account),
    });
    return account;
  });
}

/** One entry per kind of change, so the log reads as what happened (never a password, hash or PIN). */
async function audit(
  tx: Parameters<typeof recordAudit>[0],
  deps: StaffDeps,
  actor: StaffIdentity,
  before: StaffAccount,
  after: StaffAccount,
  patch: StaffPatch,
): Promise<void> {
  const write = (action: Parameters<typeof recordAudit>[2]["action"], details?: Record<string, unknown>) =>
    recordAudit(tx, auditActor(actor, deps), { action, target: `staff:${after.id}`, branchId: auditBranch(after), details });
  const described = ({ name, role, branch_ids }: StaffAccount) => ({ name, role, branch_ids });
  const changed = changedFields(described(before), described(after));
  if (Object.keys(changed).length > 0) await write("staff.updated", changed);
  if (before.active !== after.active) await write(after.active ? "staff.reactivated" : "staff.deactivated");
  if (patch.password !== undefined) await write("staff.password_reset");
  if (patch.pin !== undefined) await write(patch.pin === null ? "staff.pin_removed" : "staff.pin_set");
}
