import { createServer, get, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiServerResponse, SECURITY_HEADERS, nextRequestId, requestIdFrom } from "./response-head";

let server: Server;
let base: string;

/** Each path writes its head in one of the ways Node allows. */
beforeAll(async () => {
  server = createServer({ ServerResponse: ApiServerResponse }, (req, res) => {
    switch (req.url) {
      case "/object":
        res.writeHead(200, { "Content-Type": "text/plain", "X-Frame-Options": "DENY" });
        return res.end("object");
      case "/reason":
        res.writeHead(201, "Made", { "content-type": "text/plain" });
        return res.end("reason");
      case "/implicit":
        res.setHeader("Content-Type", "text/plain");
        return res.end("implicit");
      case "/progressive":
        res.setHeader("X-Frame-Options", "DENY");
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end("progressive");
      case "/array":
        res.writeHead(200, ["X-Frame-Options", "DENY", "Content-Type", "text/plain"]);
        return res.end("array");
      case "/asset":
        res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "public, max-age=31536000, immutable" });
        return res.end("asset");
      case "/progressive-asset":
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
        res.writeHead(200, { "content-type": "text/css" });
        return res.end("progressive-asset");
      case "/immutable-html":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" });
        return res.end("immutable-html");
      case "/not-modified":
        res.writeHead(304, { etag: '"v1"', "Content-Length": 0 });
        return res.end();
      case "/progressive-not-modified":
        res.setHeader("Cache-Control", "no-cache");
        res.writeHead(304, { etag: '"v1"', "Content-Length": 0 });
        return res.end();
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface RawAnswer {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  /** How many times each header name (lower case) was sent. */
  counts: Record<string, number>;
  body: string;
}

function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers, agent: false }, (res) => {
      const counts: Record<string, number> = {};
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        counts[name] = (counts[name] ?? 0) + 1;
      }
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, statusMessage: res.statusMessage!, headers: res.headers, counts, body }));
    }).on("error", reject);
  });
}

function expectSecurityHeadersOnce(answer: RawAnswer, except: string[] = []) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(answer.counts[name], name).toBe(1);
    if (!except.includes(name)) expect(answer.headers[name], name).toBe(value);
  }
  expect(answer.counts["x-request-id"]).toBe(1);
  expect(answer.headers["x-request-id"]).toMatch(/^[\x21-\x7e]{1,64}$/);
}

describe("ApiServerResponse", () => {
  it("adds the security headers and a request id to a head written with a header object", async () => {
    const answer = await fetchRaw("/object");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("object");
    expectSecurityHeadersOnce(answer, ["x-frame-options"]);
    // The route's own value wins, and the header is not sent twice.
    expect(answer.headers["x-frame-options"]).toBe("DENY");
  });

  it.each(["/reason", "/implicit", "/progressive", "/array"])("does so for a head written as %s", async (path) => {
    const answer = await fetchRaw(path);
    expect(answer.body).toBe(path.slice(1));
    expect(answer.headers["content-type"]).toBe("text/plain");
    const ownFrameOptions = path === "/progressive" || path === "/array";
    expectSecurityHeadersOnce(answer, ownFrameOptions ? ["x-frame-options"] : []);
    if (ownFrameOptions) expect(answer.headers["x-frame-options"]).toBe("DENY");
  });

  it.each(["/asset", "/progressive-asset"])("gives an immutable asset (%s) only the headers a subresource uses", async (path) => {
    const answer = await fetchRaw(path);
    expect(answer.body).toBe(path.slice(1));
    const kept = ["cross-origin-resource-policy", "strict-transport-security", "x-content-type-options"];
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (kept.includes(name)) {
        expect(answer.counts[name], name).toBe(1);
        expect(answer.headers[name], name).toBe(value);
      } else expect(answer.counts[name], name).toBeUndefined();
    }
    expect(answer.counts["x-request-id"]).toBe(1);
  });

  it("never treats an HTML answer as an asset, however it is cached", async () => {
    expectSecurityHeadersOnce(await fetchRaw("/immutable-html"));
  });

  it("keeps a reason phrase", async () => {
    const answer = await fetchRaw("/reason");
    expect(answer.status).toBe(201);
    expect(answer.statusMessage).toBe("Made");
  });

  it.each(["/not-modified", "/progressive-not-modified"])("leaves Content-Length off a 304 (%s), where it would describe the cached representation", async (path) => {
    const answer = await fetchRaw(path);
    expect(answer.status).toBe(304);
    expect(answer.headers.etag).toBe('"v1"');
    expect(answer.counts["content-length"]).toBeUndefined();
    expectSecurityHeadersOnce(answer);
  });

  it("echoes the caller's X-Request-Id and gives every other request its own", async () => {
    expect((await fetchRaw("/object", { "X-Request-Id": "edge-7f3a" })).headers["x-request-id"]).toBe("edge-7f3a");
    const ids = await Promise.all([1, 2, 3].map(() => fetchRaw("/object").then((a) => a.headers["x-request-id"])));
    expect(new Set(ids).size).toBe(3);
  });
});

describe("ApiServerResponse construction", () => {
  it("keeps the options Node gives a response (rejectNonStandardBodyWrites: a body for HEAD is refused)", async () => {
    let refused: unknown;
    const strict = createServer({ ServerResponse: ApiServerResponse, rejectNonStandardBodyWrites: true }, (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      try {
        res.write("a body HEAD must not carry");
      } catch (error) {
        refused = error;
      }
      res.end();
    });
    await new Promise<void>((resolve) => strict.listen(0, "127.0.0.1", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(`http://127.0.0.1:${(strict.address() as AddressInfo).port}/`, { method: "HEAD", agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve());
        });
        req.on("error", reject);
        req.end();
      });
      expect((refused as { code?: string } | undefined)?.code).toBe("ERR_HTTP_BODY_NOT_ALLOWED");
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });
});

describe("requestIdFrom", () => {
  it("keeps a caller's id of visible ASCII, cut to 64 characters", () => {
    expect(requestIdFrom("abc-123")).toBe("abc-123");
    expect(requestIdFrom("x".repeat(100))).toBe("x".repeat(64));
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["with a space", "a b"],
    ["not ASCII", "café"],
    ["repeated", ["a", "b"]],
  ])("makes a fresh id when the caller's is %s", (_name, header) => {
    expect(requestIdFrom(header)).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
  });

  it("never repeats an id within a process", () => {
    const ids = Array.from({ length: 10_000 }, () => nextRequestId());
    expect(new Set(ids).size).toBe(ids.length);
  });
});
