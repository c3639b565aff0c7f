/** Who a session token belongs to: asked on every staff request, and by a staff stream as it runs. */
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { BRANCHES } from "../../contract/menu";
import type { StaffRole } from "../../contract/roles";
import type { Db } from "../db/database";
import type { StaffIdentity } from "../lib/app-env";
import { preparedQuery } from "../db/dialect";

export type { StaffIdentity };

/** Tokens are random 256-bit values stored only as SHA-256 hashes. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const ALL_BRANCH_IDS: number[] = BRANCHES.map((branch) => branch.id);

/** An owner works at every branch; the others at the branches their account lists, in order. */
export const branchesOf = (role: StaffRole, stored: number[]) =>
  role === "owner" ? [...ALL_BRANCH_IDS] : [...stored].sort((a, b) => a - b);

// Asked on every staff request: prepared once per connection. A deactivated account's sessions are
// deleted when it is deactivated; the join refuses them anyway.
const sessionStaff = preparedQuery("session_staff", (db, t) =>
  db
    .select({
      id: t.staffUsers.id,
      email: t.staffUsers.email,
      name: t.staffUsers.name,
      role: t.staffUsers.role,
      branchIds: t.staffUsers.branchIds,
    })
    .from(t.sessions)
    .innerJoin(t.staffUsers, eq(t.sessions.userId, t.staffUsers.id))
    .where(
      and(
        eq(t.sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(t.sessions.expiresAt, sql.placeholder("now")),
        eq(t.staffUsers.active, true),
      ),
    )
    .limit(1),
);

export async function findSessionStaff(db: Db, token: string, now: Date): Promise<StaffIdentity | undefined> {
  const [row] = await sessionStaff(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  return row && { ...row, branchIds: branchesOf(row.role, row.branchIds) };
}
