/**
 * A network receipt printer for the tests: a TCP server on 127.0.0.1 (a random port, kept across
 * restarts) that takes ESC/POS the way a kitchen printer on port 9100 does. Each connection that sends
 * bytes and half-closes is one printed ticket: the printer closes its side then, which is what the
 * server waits for before it marks the ticket printed. The bytes are decoded into lines of text with
 * their styles (bold, inverted, double size) and the cuts (`GS V`).
 *
 * `stop()` unplugs it (the port refuses connections), `start()` plugs it back in on the same port, and
 * `stall()` makes it accept connections and then never answer (paper out, a hung printer).
 */
import { createServer, type Server, type Socket } from "node:net";

export interface Segment {
  text: string;
  bold: boolean;
  inverted: boolean;
  underline: boolean;
  /** 1 = normal, 2 = double… (`GS !`). */
  width: number;
  height: number;
}

export interface PrintedTicket {
  bytes: Buffer;
  /** The printed text, a line per line feed, styles left out. */
  text: string;
  lines: Segment[][];
  /** `GS V` commands: a ticket ends with one. */
  cuts: number;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;

/** Decodes the ESC/POS a ticket is made of: the text with its styles, and the cuts. Unknown commands fail the test. */
export function decodeEscPos(bytes: Buffer): PrintedTicket {
  const lines: Segment[][] = [[]];
  let style = { bold: false, inverted: false, underline: false, width: 1, height: 1 };
  let cuts = 0;
  const text = (char: string) => {
    const line = lines.at(-1)!;
    const last = line.at(-1);
    const same =
      last &&
      last.bold === style.bold &&
      last.inverted === style.inverted &&
      last.underline === style.underline &&
      last.width === style.width &&
      last.height === style.height;
    if (same) last.text += char;
    else line.push({ text: char, ...style });
  };
  let i = 0;
  const need = (n: number) => {
    if (i + n > bytes.length) throw new Error(`ESC/POS command cut short at byte ${i}`);
    const args = [...bytes.subarray(i, i + n)];
    i += n;
    return args;
  };
  while (i < bytes.length) {
    const byte = bytes[i++]!;
    if (byte === ESC) {
      const [command] = need(1);
      const name = String.fromCharCode(command!);
      if (name === "@") style = { bold: false, inverted: false, underline: false, width: 1, height: 1 };
      else if (name === "E") style.bold = (need(1)[0]! & 1) === 1;
      else if (name === "-") style.underline = need(1)[0]! % 48 !== 0;
      else if ("MatG{3 !dJrRV".includes(name)) need(1);
      else if (name === "2") continue;
      else if (name === "$" || name === "\\") {
        need(2);
        // A move to a column (receiptline's columns): a space in the text, so the columns stay apart.
        if (lines.at(-1)!.length > 0) text(" ");
      } else throw new Error(`unknown ESC/POS command ESC ${name} (0x${command!.toString(16)}) at byte ${i - 2}`);
    } else if (byte === GS) {
      const [command] = need(1);
      const name = String.fromCharCode(command!);
      if (name === "!") {
        const [size] = need(1);
        style.width = (size! >> 4) + 1;
        style.height = (size! & 0x0f) + 1;
      } else if (name === "B") style.inverted = (need(1)[0]! & 1) === 1;
      else if (name === "V") {
        cuts++;
        const [mode] = need(1);
        if (mode === 65 || mode === 66 || mode === 97 || mode === 98 || mode === 103 || mode === 104) need(1);
      } else if ("arbfhHwI".includes(name)) need(1);
      else if (name === "L" || name === "W") need(2);
      else if (name === "(") {
        need(1);
        const [low, high] = need(2);
        need(low! + high! * 256);
      } else throw new Error(`unknown ESC/POS command GS ${name} (0x${command!.toString(16)}) at byte ${i - 2}`);
    } else if (byte === FS) {
      const [command] = need(1);
      const name = String.fromCharCode(command!);
      if (name === "." || name === "&") continue;
      else if (name === "-" || name === "C") need(1);
      else if (name === "S") need(2);
      else if (name === "(") {
        need(1);
        const [low, high] = need(2);
        need(low! + high! * 256);
      } else throw new Error(`unknown ESC/POS command FS ${name} (0x${command!.toString(16)}) at byte ${i - 2}`);
    } else if (byte === 0x0a) lines.push([]);
    else if (byte >= 0x20) text(String.fromCharCode(byte));
  }
  if (lines.at(-1)!.length === 0) lines.pop();
  return { bytes, lines, cuts, text: lines.map((line) => line.map((segment) => segment.text).join("")).join("\n") };
}

/** The segments of a ticket whose text contains `needle`. */
export function segmentsWith(ticket: PrintedTicket, needle: string): Segment[] {
  return ticket.lines.flat().filter((segment) => segment.text.includes(needle));
}

export class TestPrinter {
  readonly host = "127.0.0.1";
  /** Every ticket received, in order. */
  readonly tickets: PrintedTicket[] = [];
  /** Connections that sent nothing (the server checking that the printer answers). */
  probes = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private stalled = false;
  private waiters: (() => void)[] = [];

  private constructor(public port: number) {}

  /** A printer on a free port, switched on. */
  static async create(): Promise<TestPrinter> {
    const printer = new TestPrinter(0);
    await printer.start();
    return printer;
  }

  get online(): boolean {
    return this.server !== null;
  }

  /** Switched on (again, on the same port): it takes tickets. */
  async start(): Promise<void> {
    this.stalled = false;
    if (this.server) return;
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, this.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Unplugged: open connections drop and new ones are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Takes connections but never answers on them: nothing prints, nothing closes. */
  stall(): void {
    this.stalled = true;
  }

  /** Resolves once `count` tickets have arrived in all; fails after `timeoutMs`. */
  async waitForTickets(count: number, timeoutMs = 15_000): Promise<PrintedTicket[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.tickets.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the test printer got ${this.tickets.length} tickets, not ${count}, within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.tickets.slice(0, count);
  }

  /** The tickets whose text contains `needle`. */
  ticketsWith(needle: string): PrintedTicket[] {
    return this.tickets.filter((ticket) => ticket.text.includes(needle));
  }

  async dispose(): Promise<void> {
    await this.stop();
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    if (this.stalled) {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => {
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) this.probes++;
      else this.tickets.push(decodeEscPos(bytes));
      // Printed: the printer closes its side, which the server waits for.
      socket.end();
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    });
  }
}
