/**
 * Slow clients are cut (API.md "Trust at the table"): a connection whose request head or body
 * trickles in is closed by the server once the request has taken REQUEST_TIMEOUT_SECONDS (2 s here,
 * 60 s by default), while /api/health answers at once meanwhile and a live stream — a long answer,
 * not a long request — stays open past the limit.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requestTimeouts } from "../../api/server";
import { call } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

const LIMIT_MS = 2_000;
/** The server closes within LIMIT_MS; the rest is slack for two busy cores. */
const CLOSED_WITHIN_MS = LIMIT_MS + 3_000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, config: { requestTimeoutMs: LIMIT_MS } });
});
afterAll(() => server.dispose());

interface Trickler {
  socket: Socket;
  /** When the server closed the connection, in ms after it was opened, and what it had sent. */
  closed: Promise<{ afterMs: number; received: string }>;
  stop(): void;
}

/**
 * Opens a connection, writes `head` at once, then one byte of `trickle` every 200 ms, forever.
 * `reads: false` never reads what the server sends, so never sees its end of the connection either.
 */
function trickler(head: string, trickle: string, { reads = true } = {}): Trickler {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  const opened = Date.now();
  let received = "";
  let at = 0;
  socket.on("connect", () => socket.write(head));
  const timer = setInterval(() => {
    if (socket.writable) socket.write(trickle[at++ % trickle.length]!);
  }, 200);
  if (reads) socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("error", () => undefined); // a reset counts as closed too
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.once("close", () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - opened, received });
    }),
  );
  return { socket, closed, stop: () => (clearInterval(timer), socket.destroy()) };
}

const host = () => new URL(server.url).host;

it("derives Node's time-outs so that a slow request is gone within the limit, checked every second at most", () => {
  expect(requestTimeouts(60_000)).toEqual({ requestTimeout: 59_000, headersTimeout: 59_000, connectionsCheckingInterval: 1_000 });
  expect(requestTimeouts(2_000)).toEqual({ requestTimeout: 1_800, headersTimeout: 1_800, connectionsCheckingInterval: 200 });
});

it("closes connections that trickle their head or an order's body, while health answers and a live stream outlives the limit", async () => {
  const streamOpened = Date.now();
  const stream = await fetch(`${server.url}/api/products/events?branch_id=1`);
  expect(stream.status).toBe(200);
  const streamReader = stream.body!.getReader();
  let streamEnded = false;
  const streamRead = (async () => {
    for (;;) if ((await streamReader.read()).done) return void (streamEnded = true);
  })().catch(() => void (streamEnded = true));

  const heads = [
    trickler("GET /api/health HTTP/1.1\r\n", `Host: ${host()}\r\nX-Slow: ${"a".repeat(200)}`),
    trickler(`GET /api/products_by_category?branch_id=1 HTTP/1.1\r\nHost: ${host()}\r\n`, "X-Padding: slowly-slowly-slowly\r\n"),
    trickler("", "GET / HTTP/1.1\r\n"), // not even the request line arrives in time
    trickler("GET /api/health HTTP/1.1\r\n", "X-Deaf: never reads the answer", { reads: false }),
  ];
  const body = JSON.stringify({ station_id: "00000000-0000-4000-8000-000000000000", branch_id: 1, products: [{ id: 1, quantity: 1 }] });
  const bodies = [
    trickler(
      `POST /api/orders HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nIdempotency-Key: slow-body-1\r\nContent-Length: ${body.length}\r\n\r\n`,
      body.slice(0, -1), // never the last byte
    ),
  ];
  const slow = [...heads, ...bodies];
  try {
    // Meanwhile the server answers others at once.
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      expect((await call(server, "GET", "/api/health")).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(LIMIT_MS);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const closed = await Promise.all(
      slow.map((s) => Promise.race([s.closed, new Promise<undefined>((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS + 1_000))])),
    );
    for (const [i, outcome] of closed.entries()) {
      expect(outcome, `slow connection ${i} still open`).toBeDefined();
      expect(outcome!.afterMs, `slow connection ${i}`).toBeLessThan(CLOSED_WITHIN_MS);
      // Not before the limit's worth of time: the limit is the request's, not a shorter one.
      expect(outcome!.afterMs, `slow connection ${i}`).toBeGreaterThan(LIMIT_MS / 2);
    }
    // Where nothing of an answer was under way, the client is told why, in the contract's error shape.
    expect(closed[0]!.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(closed[0]!.received).toContain('"code":"request_timeout"');
    expect(closed[4]!.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);

    // The live stream, opened before all of them, is still open at twice the limit.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, streamOpened + 2 * LIMIT_MS - Date.now())));
    expect(streamEnded).toBe(false);
    expect((await call(server, "GET", "/api/health")).status).toBe(200);
    const orders = await server.query<{ n: number }>("SELECT count(*) AS n FROM orders WHERE station_id = ?", [
      "00000000-0000-4000-8000-000000000000",
    ]);
    expect(orders[0]!.n).toBe(0);
  } finally {
    for (const s of slow) s.stop();
    await streamReader.cancel();
    await streamRead;
  }
});
