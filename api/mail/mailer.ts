/**
 * Sends the mail outbox through SMTP (nodemailer), each mail once as far as SMTP allows, through the
 * durable queue's worker the print dispatcher uses too (lib/durable-queue.ts; docs/decisions/0021, 0029):
 *
 * 1. Claim: one atomic UPDATE turns the oldest due mail `sending` under this mailer's token and a
 *    lease, committed before the mail server is contacted; two instances never both take one mail.
 * 2. Send: hand it to the SMTP server; it answers 250 when it has taken the message.
 * 3. Mark: `sent`, under the same token. A refused or failed send puts it back `queued`, not tried
 *    again before a backoff that doubles per attempt (up to `maxBackoffMs`).
 *
 * A mailer that dies between 2 and 3 leaves a `sending` mail whose lease lapses; the next one sends it
 * again with the same Message-ID, so a mail client shows the copy as one message. Nothing else resends.
 * It wakes when any instance queued mail (the `mail` announcement) and on its own tick.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { DatabaseHandle } from "../db/database";
import type { Clock } from "../lib/clock";
import { drainQueue, QueueWaker, type QueueDelivery } from "../lib/durable-queue";
import type { Logger } from "../lib/logger";
import { claimMail, markMailSent, releaseMail, type MailRow } from "./mail-repository";

export interface MailerOptions {
  /** How often the outbox is read without being woken: other instances' mail, backoffs that ended, lapsed leases. */
  tickMs: number;
  /** The wait after a mail's first failed send; doubled after each further one, up to `maxBackoffMs`. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** The longest one send may take (connect, greeting, the whole message). */
  sendTimeoutMs: number;
}

export const DEFAULT_MAILER_OPTIONS: MailerOptions = {
  tickMs: 5_000,
  firstBackoffMs: 5_000,
  maxBackoffMs: 15 * 60_000,
  sendTimeoutMs: 30_000,
};

/** A claim outlives the longest send by this much. */
const LEASE_MARGIN_MS = 10_000;

export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** A stable Message-ID per outbox row: a resent copy is the same message to the recipient's mail client. */
export const messageIdOf = (mail: Pick<MailRow, "id" | "createdAt">) =>
  `<receipt-${mail.id}-${Date.parse(mail.createdAt).toString(36)}@limitless.example>`;

export class Mailer {
  private readonly options: MailerOptions;
  private readonly transport: Transporter;
  private readonly waker: QueueWaker;
  private readonly delivery: QueueDelivery<MailRow>;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    private readonly settings: MailSettings,
    options: Partial<MailerOptions> = {},
  ) {
    this.options = { ...DEFAULT_MAILER_OPTIONS, ...options };
    const timeout = this.options.sendTimeoutMs;
    this.transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    this.waker = new QueueWaker(
      database,
      logger,
      { channel: "mail", tickMs: this.options.tickMs, failureMessage: "reading the mail outbox failed" },
      () => this.drain(),
    );
    this.delivery = {
      name: "mail",
      logFields: (mail) => ({ mailId: mail.id }),
      leaseMs: 3 * timeout + LEASE_MARGIN_MS,
      claim: claimMail,
      send: ({ item: mail }) => this.send(mail),
      markDone: (tx, { item, token }, now) => markMailSent(tx, item.id, token, now),
      putBack: (tx, { item, token }, error, now) =>
        releaseMail(tx, item.id, token, new Date(now.getTime() + this.backoffMs(item)), errorMessage(error)),
    };
  }

  start(): void {
    this.waker.start();
  }

  /** Sends what is due now; a wake-up during a pass makes one more pass after it. */
  wake(): void {
    this.waker.wake();
  }

  /** Stops taking mail; a send under way finishes (bounded by its time limit). */
  async stop(): Promise<void> {
    await this.waker.stop();
    this.transport.close();
  }

  private async drain(): Promise<void> {
    const result = await drainQueue(this.database, this.clock, this.logger, this.delivery, () => this.waker.stopped);
    // The mail server is down for this one: the others wait for the next tick too.
    const failed = result?.failed;
    if (failed && failed.claimed.item.attempts === 1) {
      this.logger.warn("a mail could not be sent; it waits in the outbox", {
        mailId: failed.claimed.item.id,
        error: errorMessage(failed.error),
      });
    }
  }

  private async send(mail: MailRow): Promise<void> {
    await this.transport.sendMail({
      from: this.settings.from,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: messageIdOf(mail),
      date: new Date(mail.createdAt),
    });
  }

  /** Doubles with each attempt, up to `maxBackoffMs`. */
  private backoffMs(mail: MailRow): number {
    return Math.min(this.options.firstBackoffMs * 2 ** (mail.attempts - 1), this.options.maxBackoffMs);
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
