/**
 * The mail outbox (docs/decisions/0029): a mail is written in the transaction that asks for it and
 * sent afterwards by the mailer (mailer.ts), so a mail server that is down or slow never blocks the
 * check nor loses the mail. Without SMTP_URL, e-mail is off.
 */
import { announce } from "../db/announce";
import type { Db } from "../db/database";
import { conflict } from "../lib/errors";
import type { ServiceDeps } from "../service-deps";
import { insertMail, mailsOfVisit, type NewMail } from "./mail-repository";

export type { NewMail };

/** 409 `email_off` unless SMTP_URL is set. */
export function requireEmail({ config }: Pick<ServiceDeps, "config">): void {
  if (!config.smtpUrl) throw conflict("email_off", "E-mail is not set up at this restaurant: ask staff for a printed receipt.");
}

/** Queues `mail` in the caller's transaction; once it commits, every instance's mailer is woken. Returns its id. */
export async function queueMail(tx: Db, mail: NewMail, now: Date): Promise<number> {
  const id = await insertMail(tx, mail, now);
  await announce(tx, "mail");
  return id;
}

/** How many mails a table's visit has asked for (a diner's receipts are limited per visit). */
export function mailsAskedByVisit(db: Db, tableId: string, visitId: number): Promise<number> {
  return mailsOfVisit(db, tableId, visitId);
}
