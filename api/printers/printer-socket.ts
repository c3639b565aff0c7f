/**
 * Raw TCP to a network printer (ESC/POS on port 9100): connect, write the bytes, half-close, and wait
 * for the printer to close its side. Only that clean close counts as "printed": a printer that
 * vanished mid-way (unplugged, a reset connection, no close within the time limit) is a failure,
 * and its job goes back in the queue.
 */
import { connect, type Socket } from "node:net";

export interface SendTimeouts {
  /** To open the connection: an unplugged printer on the LAN never answers at all. */
  connectMs: number;
  /** From the connection to the printer's close. */
  totalMs: number;
}

export const DEFAULT_SEND_TIMEOUTS: SendTimeouts = { connectMs: 3_000, totalMs: 10_000 };

export class PrinterUnreachableError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    reason: string,
  ) {
    super(`printer ${host}:${port}: ${reason}`);
  }
}

/**
 * Sends `bytes` and resolves once the printer closed the connection cleanly after taking them; with no
 * bytes, only checks that the printer accepts a connection (a probe).
 */
export function sendToPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  timeouts: SendTimeouts = DEFAULT_SEND_TIMEOUTS,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const socket: Socket = connect({ host, port });
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      socket.destroy();
      reject(new PrinterUnreachableError(host, port, reason));
    };
    const connectTimer = setTimeout(() => fail("no answer to the connection"), timeouts.connectMs);
    const totalTimer = setTimeout(() => fail("did not take the ticket and close in time"), timeouts.totalMs);
    socket.once("connect", () => {
      clearTimeout(connectTimer);
      // A printer answers status requests (receiptline ends with one); nothing here needs the answer.
      socket.resume();
      socket.end(bytes);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.once("close", (hadError) => {
      if (hadError) return fail("the connection broke");
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      resolve();
    });
  });
}
