/**
 * deploy/nginx.conf, run as shipped (only its ports changed, plus an HTTPS listener with a self-signed
 * certificate as its comment describes) in front of two built server instances on one database:
 * requests are spread over both and never sent twice, static files and live streams pass through
 * (streams unbuffered), the client's address and scheme reach the app via X-Forwarded-For /
 * X-Forwarded-Proto and are believed because TRUSTED_PROXIES names the proxy, and the Host header
 * keeps its port so cookie-authenticated writes pass the same-origin check.
 */
import http from "node:http";
import https from "node:https";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, DiningTable } from "../../contract/schemas";
import { productNamed, readMenu } from "../support/api-helpers";
import { photoForm } from "../support/photos";
import { sharedDatabase, startInstances, startNginx, type InstanceGroup, type NginxProxy, type SharedDatabase } from "../support/instances";
import { SseStream } from "../support/sse-stream";

const SHELL = '<!doctype html><html lang="en"><head><title>Limitless behind nginx</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify("served through nginx ".repeat(40))});`;

let database: SharedDatabase;
let group: InstanceGroup;
let proxy: NginxProxy;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "limitless-static-"));
  writeFileSync(join(staticDir, "index.html"), SHELL);
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "assets", "app-1a2b3c.js"), SCRIPT);
  writeFileSync(join(staticDir, "assets", "app-1a2b3c.js.br"), brotliCompressSync(SCRIPT));
  database = await sharedDatabase();
  group = await startInstances({ database, staticDir });
  proxy = await startNginx(
    group.instances.map((instance) => instance.port),
    { tls: true },
  );
}, 90_000);
afterAll(async () => {
  await proxy?.stop();
  await group?.stop();
  await database?.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: <T>() => T;
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** Sent as it is (its Content-Type in `headers`). */
  body?: Buffer;
  /** The client's own address on the loopback network (127.0.0.2, …): who nginx sees connecting. */
  from?: string;
}

/** One request on a fresh connection, over HTTP or HTTPS (the test certificate is self-signed). */
function send(base: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const url = new URL(path, base);
  const body = options.body ?? (options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json)));
  const headers: Record<string, string> = { ...(options.json !== undefined && { "Content-Type": "application/json" }), ...options.headers };
  if (body) headers["Content-Length"] = String(body.length);
  const requestOptions: https.RequestOptions = {
    method: options.method ?? "GET",
    headers,
    agent: false,
    localAddress: options.from,
    rejectUnauthorized: false,
    timeout: 15_000,
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, requestOptions, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const all = Buffer.concat(chunks);
        const text = all.toString("utf8");
        resolve({ status: response.statusCode!, headers: response.headers, body: all, text, json: <T>() => JSON.parse(text) as T });
      });
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}

const signIn = (base: string, password: string, from?: string, headers: Record<string, string> = {}) =>
  send(base, "/api/login", { method: "POST", json: { email: group.staff.email, password }, from, headers });

async function staffTokenVia(base: string): Promise<string> {
  const answer = await signIn(base, group.staff.password);
  expect(answer.status, answer.text).toBe(200);
  return answer.json<{ access_token: string }>().access_token;
}

async function eventually(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("nginx in front of two instances", () => {
  it("answers the health check through the proxy", async () => {
    const answer = await send(proxy.url, "/api/health");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"status":"ok"}');
  });

  it("gives each request nginx's own request id, which the app answers with (its logs' req_id)", async () => {
    const first = await send(proxy.url, "/api/health", { headers: { "X-Request-Id": "chosen-by-the-client" } });
    const second = await send(proxy.url, "/api/health");
    // nginx's $request_id: 32 hex digits, new for every request; what a client sends is replaced.
    expect(first.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    expect(second.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("spreads requests over both instances and sends each one to exactly one", async () => {
    const paths = Array.from({ length: 8 }, (_, i) => `/api/probe-${randomUUID()}-${i}`);
    for (const path of paths) {
      const answer = await send(proxy.url, path);
      // The app's own JSON 404: the request went through to an instance.
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    }
    const servedBy = (path: string) => group.instances.filter((instance) => instance.served.includes(path));
    // Request log lines are written just after each answer; wait for all of them.
    await eventually(() => paths.every((path) => servedBy(path).length > 0), "every probe in an instance's request log");
    for (const path of paths) expect(servedBy(path)).toHaveLength(1);
    for (const instance of group.instances) {
      expect(paths.filter((path) => instance.served.includes(path)).length, `${instance.name} served none of the probes`).toBeGreaterThan(
        0,
      );
    }
  });

  it("passes the web app's files through from the app: the shell, the public pages, precompressed assets, 304 on a matching ETag", async () => {
    const shell = await send(proxy.url, "/order");
    expect(shell.status).toBe(200);
    expect(shell.headers["content-type"]).toMatch(/^text\/html/);
    expect(shell.text).toBe(SHELL);
    // A public page is the app's HTML, its links on the address the client used (nginx passes Host on).
    const page = await send(proxy.url, "/menu");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Thornhill Location</h1>");
    expect(page.text).toContain(`<link rel="canonical" href="${proxy.url}/menu"/>`);

    const asset = await send(proxy.url, "/assets/app-1a2b3c.js", { headers: { "Accept-Encoding": "br" } });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    const etag = asset.headers.etag;
    expect(etag).toBeTruthy();
    const again = await send(proxy.url, "/assets/app-1a2b3c.js", { headers: { "Accept-Encoding": "br", "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("lets a large body through to the app, which refuses it in its own JSON shape (not nginx's HTML page)", async () => {
    // 1.2 MB: beyond nginx's in-memory body buffer (so it goes through its temp folder) and its 1 MB default limit.
    const answer = await send(proxy.url, "/api/orders", { method: "POST", json: { padding: "x".repeat(1_200_000) } });
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.json<{ error: { code: string } }>().error.code).toBe("payload_too_large");
  });

  it("lets a phone's dish photo through (more than the 2 MB other bodies get) to the app, which judges it", async () => {
    const token = await staffTokenVia(proxy.url);
    const product = productNamed(await readMenu({ url: proxy.url }, 1), "Lumpia Shanghai");
    // 3 MB that is no image: the app's own 415 says the body reached it whole.
    const form = new Response(photoForm(new Uint8Array(3 * 1024 * 1024).fill(0x61), "big.jpg"));
    const answer = await send(proxy.url, `/api/products/${product.id}/photo`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": form.headers.get("content-type")! },
      body: Buffer.from(await form.arrayBuffer()),
    });
    expect(answer.status).toBe(415);
    expect(answer.json<{ error: { code: string } }>().error.code).toBe("unsupported_image");
  });

  it("delivers a live event through the proxy as it happens, unbuffered", async () => {
    const token = await staffTokenVia(proxy.url);
    const stations = await send(proxy.url, "/api/stations?branch_id=1", { headers: { Authorization: `Bearer ${token}` } });
    expect(stations.status).toBe(200);
    const [table] = stations.json<DiningTable[]>();
    expect(table).toBeDefined();
    const lumpia = productNamed(await readMenu({ url: proxy.url }, 1), "Lumpia Shanghai");

    const stream = await SseStream.open(`${proxy.url}/api/stations/${table!.id}/events`);
    try {
      expect(stream.response.headers.get("content-length")).toBeNull();
      const placed = await send(proxy.url, "/api/orders", {
        method: "POST",
        headers: { "Idempotency-Key": randomUUID() },
        json: { products: [{ id: lumpia.id, quantity: 1 }], station_id: table!.id, branch_id: 1 },
      });
      expect(placed.status, placed.text).toBe(201);
      const order = placed.json<Order>();
      // A few hundred bytes: a buffering proxy would hold them until its buffer filled or the stream ended.
      const event = await stream.next(10_000);
      expect(event.event).toBe("order.created");
      expect(JSON.parse(event.data)).toMatchObject({ id: order.id, station_id: table!.id });
    } finally {
      stream.close();
    }
  });
});

describe("the client's address and scheme, through the proxy", () => {
  it("counts sign-in failures per client address that nginx saw, not per proxy, and ignores addresses the client wrote", async () => {
    const attacker = "127.0.0.2";
    const owner = "127.0.0.3";
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(proxy.url, `wrong guess ${attempt}`, attacker)).status).toBe(401);
    }
    // Even naming the owner's address in X-Forwarded-For: nginx appends the attacker's, which the app reads.
    const locked = await signIn(proxy.url, group.staff.password, attacker, { "X-Forwarded-For": owner });
    expect(locked.status).toBe(429);
    expect(locked.json<{ error: { code: string } }>().error.code).toBe("too_many_attempts");
    // Were the proxy's own address counted, the owner would be locked out too.
    const ownSignIn = await signIn(proxy.url, group.staff.password, owner);
    expect(ownSignIn.status, ownSignIn.text).toBe(200);
  });

  it("marks the session cookie Secure when the client came over HTTPS to nginx", async () => {
    const answer = await signIn(proxy.httpsUrl!, group.staff.password);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers["set-cookie"]?.[0]).toMatch(/^access_token=[^;]+;.*;\s*Secure/i);
  });

  it("does not mark it Secure over plain HTTP, whatever X-Forwarded-Proto the client sends (nginx overwrites it)", async () => {
    const answer = await signIn(proxy.url, group.staff.password, undefined, { "X-Forwarded-Proto": "https" });
    expect(answer.status, answer.text).toBe(200);
    const cookie = answer.headers["set-cookie"]?.[0] ?? "";
    expect(cookie).toMatch(/^access_token=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("passes the Host with its port, so a cookie-authenticated write from the site's own origin is accepted", async () => {
    const login = await signIn(proxy.url, group.staff.password);
    const cookie = /^access_token=([^;]+)/.exec(login.headers["set-cookie"]?.[0] ?? "")?.[1];
    expect(cookie).toBeTruthy();
    const crossSite = await send(proxy.url, "/api/logout", {
      method: "POST",
      headers: { Cookie: `access_token=${cookie}`, Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await send(proxy.url, "/api/logout", {
      method: "POST",
      headers: { Cookie: `access_token=${cookie}`, Origin: proxy.url },
    });
    expect(sameSite.status, sameSite.text).toBe(200);
  });
});

describe("an instance that dies", () => {
  it("leaves the site answering through the other; the restarted instance takes requests again", async () => {
    const [first] = group.instances;
    await first!.process.kill();
    for (let i = 0; i < 6; i++) expect((await send(proxy.url, "/api/health")).status).toBe(200);
    await first!.process.start();
    // The process answering on its port is the restarted instance, and its request log is read.
    const direct = `/api/direct-after-restart-${randomUUID()}`;
    expect((await send(first!.url, direct)).status).toBe(404);
    await eventually(() => first!.served.includes(direct), "the restarted instance's own request log");
    const path = `/api/probe-after-restart-${randomUUID()}`;
    // nginx leaves a failed server out for fail_timeout (5 s), then tries it again; a busy machine may take longer.
    const deadline = Date.now() + 40_000;
    while (!first!.served.includes(path) && Date.now() < deadline) {
      expect((await send(proxy.url, path)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(first!.served).toContain(path);
  }, 90_000);
});
