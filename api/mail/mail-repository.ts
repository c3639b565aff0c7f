/** The mail outbox's queries (the mail module's own). */
import { and, asc, count, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db, Tables } from "../db/database";
import { affectedRows, tablesOf } from "../db/dialect";

export type MailRow = Tables["mailOutbox"]["$inferSelect"];
export type NewMail = Pick<MailRow, "branchId" | "tableId" | "visitId" | "kind" | "recipient" | "subject" | "html" | "text">;

export async function insertMail(tx: Db, mail: NewMail, now: Date): Promise<number> {
  const { mailOutbox } = tablesOf(tx);
  const at = now.toISOString();
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...mail, status: "queued", notBefore: at, createdAt: at })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** How many mails the visit `visitId` of `tableId` has asked for. */
export async function mailsOfVisit(db: Db, tableId: string, visitId: number): Promise<number> {
  const { mailOutbox } = tablesOf(db);
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tableId, tableId), eq(mailOutbox.visitId, visitId)));
  return Number(row?.n ?? 0);
}

export interface Claim {
  token: string;
  leaseUntil: Date;
}

/**
 * Claims the oldest mail that is due (`stale`: one whose sender's lease lapsed) under `claim`, in one
 * atomic UPDATE: two senders never both take one mail.
 */
export async function claimMail(tx: Db, claim: Claim, now: Date, stale: boolean): Promise<MailRow | undefined> {
  const { mailOutbox } = tablesOf(tx);
  const at = now.toISOString();
  const sendable = stale
    ? and(eq(mailOutbox.status, "sending"), lt(mailOutbox.leaseUntil, at))
    : and(eq(mailOutbox.status, "queued"), lte(mailOutbox.notBefore, at));
  const oldest = tx.select({ id: mailOutbox.id }).from(mailOutbox).where(sendable).orderBy(asc(mailOutbox.id)).limit(1);
  const [row] = await tx
    .update(mailOutbox)
    .set({
      status: "sending",
      claimToken: claim.token,
      leaseUntil: claim.leaseUntil.toISOString(),
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(and(inArray(mailOutbox.id, oldest), sendable))
    .returning();
  return row;
}

/** The mail server took it. false: the claim was no longer ours. */
export async function markMailSent(tx: Db, id: number, token: string, now: Date): Promise<boolean> {
  const { mailOutbox } = tablesOf(tx);
  const result = await tx
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now.toISOString(), claimToken: null, leaseUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token)));
  return affectedRows(result) > 0;
}

/** The send failed: back in the queue, not tried before `notBefore`. */
export async function releaseMail(tx: Db, id: number, token: string, notBefore: Date, error: string): Promise<void> {
  const { mailOutbox } = tablesOf(tx);
  await tx
    .update(mailOutbox)
    .set({ status: "queued", notBefore: notBefore.toISOString(), claimToken: null, leaseUntil: null, lastError: error.slice(0, 500) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token)));
}

/** When the next queued mail is due (ISO), if any. */
export async function nextDueAt(db: Db): Promise<string | undefined> {
  const { mailOutbox } = tablesOf(db);
  const [row] = await db
    .select({ at: sql<string | null>`min(${mailOutbox.notBefore})`.mapWith(mailOutbox.notBefore) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "queued"));
  return row?.at ?? undefined;
}
