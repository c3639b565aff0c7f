/**
 * A real SMTP server in the test's process (smtp-server), on a free loopback port: every message
 * that arrives is parsed (mailparser) and kept in `received`. `refusing` makes it answer 451 "try
 * again later" to each message, as a mail server that is down for a while would.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string;
  received: ParsedMail[];
  refusing: boolean;
  close(): Promise<void>;
}

/** The address a parsed mail was sent to (`to` as one string). */
export const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to.map((to) => to.text).join(", ") : (mail.to?.text ?? ""));

export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { refusing: false, received: [] as ParsedMail[] };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      if (state.refusing) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          state.received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: state.received,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
