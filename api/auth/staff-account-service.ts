/**
 * Staff accounts as operators manage them (start-up, `npm run staff:set`, and later the API): every
 * function here that sets a password checks it against the one policy first (password-policy.ts,
 * throwing WeakPasswordError), then hashes, then writes in one short transaction.
 */
import type { ServiceDeps } from "../service-deps";
import { assertPasswordAllowed } from "./password-policy";
import { hashPassword, verifyPassword, type HashCost } from "./passwords";
import { findStaffByEmail, insertStaffIfAbsent, saveStaff } from "./staff-repository";

/** Creates the account, or resets its password and signs out its existing sessions. */
export async function upsertStaff(
  { database }: Pick<ServiceDeps, "database">,
  email: string,
  password: string,
  cost?: HashCost,
): Promise<"created" | "reset"> {
  await assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password, cost);
  return database.transaction((tx) => saveStaff(tx, email, passwordHash));
}

/**
 * Makes sure the account exists with this password. Leaves it (and its sessions) alone when the
 * password already matches, so restarting with STAFF_EMAIL / STAFF_PASSWORD signs nobody out.
 * A password the policy refuses is refused even when it already matches: a weak STAFF_PASSWORD set
 * before the policy existed stops start-up instead of staying in use.
 * `cost` is for test servers only; operators' accounts get the recommended strength.
 */
export async function ensureStaff(
  deps: Pick<ServiceDeps, "database">,
  email: string,
  password: string,
  cost?: HashCost,
): Promise<"created" | "reset" | "unchanged"> {
  await assertPasswordAllowed(password);
  const existing = await findStaffByEmail(deps.database.db, email);
  if (existing && (await verifyPassword(password, existing.passwordHash))) return "unchanged";
  return upsertStaff(deps, email, password, cost);
}

/** Whether any staff account exists yet (a first start creates the demo one). */
export async function hasStaff({ database }: Pick<ServiceDeps, "database">): Promise<boolean> {
  const { staffUsers } = database.tables;
  return (await database.db.select({ id: staffUsers.id }).from(staffUsers).limit(1)).length > 0;
}

/** Creates the account with this password unless it exists (the demo account of a first start); true when it did. */
export async function createStaffIfAbsent({ database }: Pick<ServiceDeps, "database">, email: string, password: string): Promise<boolean> {
  await assertPasswordAllowed(password);
  if (await findStaffByEmail(database.db, email)) return false;
  const passwordHash = await hashPassword(password);
  return database.transaction((tx) => insertStaffIfAbsent(tx, email, passwordHash));
}
