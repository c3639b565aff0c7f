/**
 * Sends the mail outbox through SMTP (nodemailer), each mail once as far as SMTP allows, as the print
 * dispatcher sends tickets (docs/decisions/0021, 0029):
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
import { randomUUID } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type { DatabaseHandle } from "../db/database";
import type { Clock } from "../lib/clock";
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
  private pass: Promise<void> | undefined;
  private passAgain = false;
  private stopped = true;
  private tick: ReturnType<typeof setInterval> | undefined;
  private unsubscribe = () => {};

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
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const { announcements } = this.database;
    const wake = () => this.wake();
    const stopHearing = [announcements.on("mail", wake), announcements.onMissed(wake)];
    this.unsubscribe = () => stopHearing.forEach((stop) => stop());
    this.tick = setInterval(wake, this.options.tickMs);
    this.tick.unref();
    this.wake();
  }

  /** Sends what is due now; a wake-up during a pass makes one more pass after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = this.drain()
      .catch((error: unknown) => this.logger.error("reading the mail outbox failed", { error: String(error) }))
      .finally(() => {
        this.pass = undefined;
        if (this.passAgain) {
          this.passAgain = false;
          this.wake();
        }
      });
  }

  /** Stops taking mail; a send under way finishes (bounded by its time limit). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    if (this.tick) clearInterval(this.tick);
    await this.pass;
    this.transport.close();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim();
      if (!claimed) return;
      const { mail, token } = claimed;
      try {
        await this.transport.sendMail({
          from: this.settings.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: messageIdOf(mail),
          date: new Date(mail.createdAt),
        });
      } catch (error) {
        const backoffMs = Math.min(this.options.firstBackoffMs * 2 ** (mail.attempts - 1), this.options.maxBackoffMs);
        const message = error instanceof Error ? error.message : String(error);
        await this.database.transaction((tx) => releaseMail(tx, mail.id, token, new Date(this.clock.now().getTime() + backoffMs), message));
        if (mail.attempts === 1) this.logger.warn("a mail could not be sent; it waits in the outbox", { mailId: mail.id, error: message });
        // The mail server is down for this one: the others wait for the next tick too.
        return;
      }
      const marked = await this.database.transaction((tx) => markMailSent(tx, mail.id, token, this.clock.now()));
      if (!marked) this.logger.warn("a mail's claim lapsed while it was being sent", { mailId: mail.id });
    }
  }

  /** A mail whose sender died first (its lease lapsed), then the oldest due one. */
  private claim(): Promise<{ mail: MailRow; token: string } | undefined> {
    const token = randomUUID();
    const now = this.clock.now();
    const lease = { token, leaseUntil: new Date(now.getTime() + 3 * this.options.sendTimeoutMs + LEASE_MARGIN_MS) };
    return this.database.transaction(async (tx) => {
      const mail = (await claimMail(tx, lease, now, true)) ?? (await claimMail(tx, lease, now, false));
      return mail && { mail, token };
    });
  }
}
