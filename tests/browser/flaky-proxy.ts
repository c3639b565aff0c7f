/**
 * A real HTTP proxy between the phone and the test server (node:http on 127.0.0.1), whose behaviour
 * the test switches while the phone is using it — the restaurant Wi-Fi of PRODUCT.md:
 *  - "forward":     a well-behaved network;
 *  - "lose-answer": POST /api/orders (or a table cart's submit) reaches the server (which stores the order), then the connection
 *                   is destroyed before a byte of the answer gets back;
 *  - "cut-answer":  as above, but the status line, the headers and part of the body get through;
 *  - "portal":      a captive portal: every request is answered 200 text/html "Sign in to Wi-Fi".
 * The phone loads the app from the proxy's origin, so its service worker, its outbox and every call
 * it makes go through here.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** The requests that place an order: a plain order, or a table's shared cart sent as one. */
function isOrderPath(url: string): boolean {
  const path = new URL(url, "http://proxy").pathname;
  return path === "/api/orders" || /^\/api\/stations\/[^/]+\/cart\/submit$/.test(path);
}

export type ProxyMode = "forward" | "lose-answer" | "cut-answer" | "portal";

export interface SeenRequest {
  method: string;
  /** Path and query. */
  url: string;
  /** How the proxy was behaving when the request arrived. */
  mode: ProxyMode;
  idempotencyKey: string | undefined;
}

export interface FlakyProxy {
  url: string;
  mode: ProxyMode;
  /** Every request the phone sent through the proxy, in order. */
  readonly requests: SeenRequest[];
  /** The order posts among them (POST /api/orders, POST /api/stations/{id}/cart/submit). */
  orderPosts(): SeenRequest[];
  close(): Promise<void>;
}

const PORTAL_PAGE = "<!doctype html><html><head><title>Sign in to Wi-Fi</title></head><body><h1>Sign in to Wi-Fi</h1></body></html>";

export async function startFlakyProxy(upstream: string): Promise<FlakyProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();

  const proxy: FlakyProxy = {
    url: "",
    mode: "forward",
    requests: [],
    orderPosts: () => proxy.requests.filter((seen) => seen.method === "POST" && isOrderPath(seen.url)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy(); // open event streams would keep close() waiting
        server.close(() => resolve());
      }),
  };

  const forward = (incoming: IncomingMessage, onAnswer: (answer: IncomingMessage, body: Buffer) => void) => {
    const outgoing = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => onAnswer(answer, Buffer.concat(chunks)));
      },
    );
    outgoing.on("error", () => incoming.socket.destroy());
    incoming.pipe(outgoing);
  };

  const handle = (incoming: IncomingMessage, response: ServerResponse) => {
    const mode = proxy.mode;
    const seen: SeenRequest = {
      method: incoming.method ?? "GET",
      url: incoming.url ?? "/",
      mode,
      idempotencyKey: incoming.headers["idempotency-key"] as string | undefined,
    };
    proxy.requests.push(seen);
    const isOrderPost = seen.method === "POST" && isOrderPath(seen.url);

    if (mode === "portal") {
      incoming.resume();
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      response.end(PORTAL_PAGE);
      return;
    }
    if (isOrderPost && mode === "lose-answer") {
      // The server has the order once its answer is complete; the phone never hears of it.
      forward(incoming, () => incoming.socket.destroy());
      return;
    }
    if (isOrderPost && mode === "cut-answer") {
      forward(incoming, (answer, body) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        response.write(body.subarray(0, Math.floor(body.length / 2)));
        setTimeout(() => incoming.socket.destroy(), 50);
      });
      return;
    }
    // Streamed as it comes (the live event streams stay open through here).
    const outgoing = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on("error", () => incoming.socket.destroy());
    incoming.pipe(outgoing);
  };

  const server = createServer(handle);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
