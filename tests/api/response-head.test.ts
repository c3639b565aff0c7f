/**
 * The head of every answer, whoever builds it (API routes, the web app, event streams, the adapter's
 * own errors): the security headers, each once, with the values below (Strict-Transport-Security
 * only over HTTPS: tests/api/secret-answers.test.ts; a hashed asset from dist/assets/ only the few a
 * subresource uses; a JSON answer or a live stream the API's few); an X-Request-Id that
 * the request log line shares; and request logs only while LOG_REQUESTS is on.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type RequestOptions } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../api/config";
import { createLogger, REQUEST_LINES_FLUSH_MS } from "../../api/lib/logger";
import { startServer } from "../../api/server";
import { call, type ApiResponse } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

/** What the server has always sent; a change here is a change of the site's security policy. */
const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
    "frame-src https://www.google.com; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
    "form-action 'self'; frame-ancestors 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

/**
 * What a JSON answer or a live stream carries (docs/decisions/0033): never rendered as a document,
 * it keeps nosniff, CORP, no framing and a CSP that allows nothing; the document policies are left off.
 */
const API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** Exact values: a header sent twice would read "a, a" here and fail. These are plain-HTTP answers: no HSTS. */
function expectFullHead(headers: Headers, name: string) {
  for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(headers.get(header), `${name}: ${header}`).toBe(value);
  expect(headers.get("strict-transport-security"), `${name}: strict-transport-security`).toBeNull();
  expect(headers.get("x-request-id"), `${name}: x-request-id`).toMatch(/^[\x21-\x7e]{1,64}$/);
}

/** The API's few, exactly, and none of the document-only ones. */
function expectApiHead(headers: Headers, name: string) {
  for (const [header, value] of Object.entries(API_HEADERS)) expect(headers.get(header), `${name}: ${header}`).toBe(value);
  for (const header of Object.keys(SECURITY_HEADERS).filter((header) => !(header in API_HEADERS)))
    expect(headers.get(header), `${name}: ${header}`).toBeNull();
  expect(headers.get("strict-transport-security"), `${name}: strict-transport-security`).toBeNull();
  expect(headers.get("x-request-id"), `${name}: x-request-id`).toMatch(/^[\x21-\x7e]{1,64}$/);
}

let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "limitless-head-"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>shell</title>");
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "assets", "app-1.js"), "console.log(1);");
  writeFileSync(join(staticDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(staticDir, "manifest.webmanifest"), "{}");
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The head of a live stream, without keeping the stream open. */
async function streamHead(path: string): Promise<{ status: number; headers: Headers }> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}${path}`, { signal: controller.signal });
  controller.abort();
  return { status: response.status, headers: response.headers };
}

/** A request sent by Node's own client, as written (fetch would resolve dot segments and refuse a bad Host). */
function rawRequest(url: string, options: RequestOptions): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { ...options, agent: false }, (res) => {
      res.resume();
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") headers.set(name, value);
      resolve({ status: res.statusCode!, headers });
    });
    req.on("error", reject);
    req.end();
  });
}

/** A GET sent with its path as written. */
const rawGet = (path: string) => rawRequest(`${server.url}/`, { path });

/** A request the adapter refuses before the app sees it (a Host that is no host). */
const badHostRequest = () => rawRequest(`${server.url}/api/health`, { headers: { Host: "not a host" } });

describe("security headers", () => {
  it("are on every document and every answer that is not JSON, each once, with the site's values", async () => {
    const menu = await call(server, "GET", "/api/products_by_category?branch_id=1");
    const shell = await call(server, "GET", "/");
    const answers: [string, number, Pick<ApiResponse, "status" | "headers">][] = [
      // A 304 names no type: it gets the full set (a cache merges it into the stored answer's head).
      [
        "menu 304",
        304,
        await call(server, "GET", "/api/products_by_category?branch_id=1", { headers: { "If-None-Match": menu.headers.get("etag")! } }),
      ],
      ["app shell", 200, shell],
      ["app shell 304", 304, await call(server, "GET", "/", { headers: { "If-None-Match": shell.headers.get("etag")! } })],
      ["service worker", 200, await call(server, "GET", "/sw.js")],
      ["service worker via /assets/..", 200, await rawGet("/assets/../sw.js")],
      ["unknown page", 404, await call(server, "GET", "/no-such-page")],
      ["missing asset", 404, await call(server, "GET", "/assets/missing.js")],
      ["HEAD", 200, await fetch(`${server.url}/menu`, { method: "HEAD" })],
      ["adapter's own 400", 400, await badHostRequest()],
    ];
    for (const [name, status, answer] of answers) {
      expect(answer.status, name).toBe(status);
      expectFullHead(answer.headers, name);
    }
  });

  it("on JSON answers and live streams are the few that apply to them: nosniff, CORP, no framing, a CSP that allows nothing", async () => {
    const answers: [string, number, Pick<ApiResponse, "status" | "headers">][] = [
      ["health", 200, await call(server, "GET", "/api/health")],
      ["menu", 200, await call(server, "GET", "/api/products_by_category?branch_id=1")],
      ["menu gzip", 200, await call(server, "GET", "/api/products_by_category?branch_id=1", { headers: { "Accept-Encoding": "gzip" } })],
      ["menu 400", 400, await call(server, "GET", "/api/products_by_category?branch_id=x")],
      ["api 404", 404, await call(server, "GET", "/api/nothing")],
      ["413", 413, await call(server, "POST", "/api/orders", { json: { padding: "x".repeat(70_000) } })],
      ["manifest", 200, await call(server, "GET", "/manifest.webmanifest")],
      ["event stream", 200, await streamHead("/api/products/events?branch_id=1")],
    ];
    for (const [name, status, answer] of answers) {
      expect(answer.status, name).toBe(status);
      expect(answer.headers.get("content-type"), name).toMatch(/json|event-stream/);
      expectApiHead(answer.headers, name);
    }
  });
});

describe("hashed assets", () => {
  /** A document's and a worker's headers: on a script, a stylesheet or a font they do nothing but cost bytes. */
  const DOCUMENT_ONLY = Object.keys(SECURITY_HEADERS).filter(
    (name) => !["cross-origin-resource-policy", "x-content-type-options"].includes(name),
  );

  it("carry nosniff, CORP and immutable caching, and none of the document headers (CSP, COOP, X-Frame-Options, …)", async () => {
    const asset = await call(server, "GET", "/assets/app-1.js");
    const answers: [string, number, Pick<ApiResponse, "status" | "headers">][] = [
      ["asset", 200, asset],
      ["asset 304", 304, await call(server, "GET", "/assets/app-1.js", { headers: { "If-None-Match": asset.headers.get("etag")! } })],
      ["asset HEAD", 200, await fetch(`${server.url}/assets/app-1.js`, { method: "HEAD" })],
    ];
    for (const [name, status, answer] of answers) {
      expect(answer.status, name).toBe(status);
      expect(answer.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(answer.headers.get("cross-origin-resource-policy"), name).toBe("same-origin");
      // Plain HTTP here: HSTS only over HTTPS (tests/api/secret-answers.test.ts), for assets as for documents.
      expect(answer.headers.get("strict-transport-security"), name).toBeNull();
      expect(answer.headers.get("cache-control"), name).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("x-request-id"), name).toMatch(/^[\x21-\x7e]{1,64}$/);
      for (const header of DOCUMENT_ONLY) expect(answer.headers.get(header), `${name}: ${header}`).toBeNull();
    }
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });
});

describe("X-Request-Id", () => {
  it("is new for every answer", async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, () => call(server, "GET", "/api/health").then((r) => r.headers.get("x-request-id"))),
    );
    expect(new Set(ids).size).toBe(5);
  });

  it("replaces a caller's own id when no trusted proxy sent it (a proxy's is kept: api/lib/response-head.test.ts)", async () => {
    const echo = async (id: string) =>
      (await call(server, "GET", "/api/health", { headers: { "X-Request-Id": id } })).headers.get("x-request-id");
    for (const id of ["nginx-5f2b9c", "two words"]) {
      const replaced = await echo(id);
      expect(replaced).not.toBe(id);
      expect(replaced).toMatch(/^[\x21-\x7e]+$/);
    }
  });
});

describe("request logs", () => {
  async function loggedLines(logRequests: boolean, send: (url: string) => Promise<Response>) {
    const dir = mkdtempSync(join(tmpdir(), "limitless-log-"));
    const written: string[] = [];
    const running = await startServer(
      { ...loadConfig({}), host: "127.0.0.1", port: 0, databasePath: join(dir, "log.db"), staticDir: null, logRequests },
      { logger: createLogger({ pretty: false, destination: { write: (chunk: string) => void written.push(chunk) } }) },
    );
    try {
      const response = await send(running.url);
      await response.arrayBuffer();
      // Request lines are written in batches, at most REQUEST_LINES_FLUSH_MS after their answer.
      await new Promise((resolve) => setTimeout(resolve, REQUEST_LINES_FLUSH_MS + 20));
      const lines = written
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === "request");
      return { response, lines };
    } finally {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("with LOG_REQUESTS on, log one line per API request with the answer's request id", async () => {
    const { response, lines } = await loggedLines(true, (url) => fetch(`${url}/api/products_by_category?branch_id=9`));
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toMatch(/^\S+$/);
    expect(lines).toEqual([
      {
        time: expect.any(Number),
        level: "info",
        pid: process.pid,
        hostname: expect.any(String),
        msg: "request",
        req_id: response.headers.get("x-request-id"),
        method: "GET",
        path: "/api/products_by_category",
        status: 404,
        ms: expect.any(Number),
      },
    ]);
  });

  it("with LOG_REQUESTS off, log no request lines", async () => {
    const { response, lines } = await loggedLines(false, (url) => fetch(`${url}/api/health`));
    expect(response.status).toBe(200);
    expect(lines).toEqual([]);
  });
});
