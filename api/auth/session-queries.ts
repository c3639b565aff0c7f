/** Who a session token belongs to: asked on every staff request, and by a staff stream as it runs. */
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import type { StaffIdentity } from "../lib/app-env";
import { preparedQuery } from "../db/dialect";

export type { StaffIdentity };

/** Tokens are random 256-bit values stored only as SHA-256 hashes. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

// Asked on every staff request: prepared once per connection.
const sessionStaff = preparedQuery("session_staff", (db, t) =>
  db
    .select({ id: t.staffUsers.id, email: t.staffUsers.email })
    .from(t.sessions)
    .innerJoin(t.staffUsers, eq(t.sessions.userId, t.staffUsers.id))
    .where(and(eq(t.sessions.tokenHash, sql.placeholder("tokenHash")), gt(t.sessions.expiresAt, sql.placeholder("now"))))
    .limit(1),
);

export async function findSessionStaff(db: Db, token: string, now: Date): Promise<StaffIdentity | undefined> {
  const [row] = await sessionStaff(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  return row;
}
