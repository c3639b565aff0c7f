import {
  createServer,
  get,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_SECURITY_HEADERS,
  ApiServerResponse,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
  nextRequestId,
  requestIdFrom,
  responseClassFor,
} from "./response-head";

let server: Server;
let base: string;
/** The same handler behind responses that trust 127.0.0.1 as a proxy, and behind ones that trust only 10.0.0.0/8. */
let proxied: Server;
let proxiedBase: string;
let elsewhere: Server;
let elsewhereBase: string;

/** Each path writes its head in one of the ways Node allows; /no-store/… mark the answer as carrying a secret. */
function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.url?.startsWith("/no-store/")) (res as ApiServerResponse).noStore = true;
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
    case "/json":
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
      return res.end("{}");
    case "/problem-json":
      res.setHeader("content-type", "application/problem+json");
      return res.end("{}");
    case "/event-stream":
      res.writeHead(200, { "content-type": "text/event-stream", "x-frame-options": "SAMEORIGIN" });
      return res.end(": hi\n\n");
    case "/json-lookalike":
      res.writeHead(200, { "content-type": "application/jsonp" });
      return res.end("x");
    case "/not-modified":
      res.writeHead(304, { etag: '"v1"', "Content-Length": 0 });
      return res.end();
    case "/progressive-not-modified":
      res.setHeader("Cache-Control", "no-cache");
      res.writeHead(304, { etag: '"v1"', "Content-Length": 0 });
      return res.end();
    case "/no-store/object":
      res.writeHead(200, { "Content-Type": "text/plain", "Cache-Control": "public, max-age=600" });
      return res.end("object");
    case "/no-store/progressive":
      res.setHeader("Cache-Control", "no-cache");
      res.writeHead(200, { "content-type": "text/plain" });
      return res.end("progressive");
    case "/no-store/array":
      res.writeHead(200, ["Cache-Control", "max-age=60", "Content-Type", "text/plain"]);
      return res.end("array");
    case "/no-store/implicit":
      return res.end("implicit");
    default:
      res.writeHead(404);
      return res.end();
  }
}

async function listen(ServerResponse: typeof ApiServerResponse): Promise<[Server, string]> {
  const started = createServer({ ServerResponse }, handle);
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  return [started, `http://127.0.0.1:${(started.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  [server, base] = await listen(ApiServerResponse);
  [proxied, proxiedBase] = await listen(responseClassFor({ trustedProxies: ["127.0.0.1"] }));
  [elsewhere, elsewhereBase] = await listen(responseClassFor({ trustedProxies: ["10.0.0.0/8"] }));
});
afterAll(() => Promise.all([server, proxied, elsewhere].map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

interface RawAnswer {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  /** How many times each header name (lower case) was sent. */
  counts: Record<string, number>;
  body: string;
}

function fetchRaw(path: string, headers: Record<string, string> = {}, from = base): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(`${from}${path}`, { headers, agent: false }, (res) => {
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
    const kept = ["cross-origin-resource-policy", "x-content-type-options"];
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (kept.includes(name)) {
        expect(answer.counts[name], name).toBe(1);
        expect(answer.headers[name], name).toBe(value);
      } else expect(answer.counts[name], name).toBeUndefined();
    }
    expect(answer.counts["x-request-id"]).toBe(1);
  });

  it.each(["/json", "/problem-json", "/event-stream"])("gives a JSON answer or a live stream (%s) only the API's few", async (path) => {
    const answer = await fetchRaw(path);
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      expect(answer.counts[name], name).toBe(1);
      // The route's own value wins, and the header is not sent twice.
      expect(answer.headers[name], name).toBe(path === "/event-stream" && name === "x-frame-options" ? "SAMEORIGIN" : value);
    }
    for (const name of Object.keys(SECURITY_HEADERS).filter((name) => !(name in API_SECURITY_HEADERS)))
      expect(answer.counts[name], name).toBeUndefined();
    expect(answer.counts["x-request-id"]).toBe(1);
  });

  it("gives a type that only looks like JSON the full set", async () => {
    expectSecurityHeadersOnce(await fetchRaw("/json-lookalike"));
  });

  it("never treats an HTML answer as an asset, however it is cached", async () => {
    expectSecurityHeadersOnce(await fetchRaw("/immutable-html"));
  });

  it("keeps a reason phrase", async () => {
    const answer = await fetchRaw("/reason");
    expect(answer.status).toBe(201);
    expect(answer.statusMessage).toBe("Made");
  });

  it.each(["/not-modified", "/progressive-not-modified"])(
    "leaves Content-Length off a 304 (%s), where it would describe the cached representation",
    async (path) => {
      const answer = await fetchRaw(path);
      expect(answer.status).toBe(304);
      expect(answer.headers.etag).toBe('"v1"');
      expect(answer.counts["content-length"]).toBeUndefined();
      expectSecurityHeadersOnce(answer);
    },
  );

  it("keeps a trusted proxy's X-Request-Id, and gives every other request its own", async () => {
    expect((await fetchRaw("/object", { "X-Request-Id": "edge-7f3a" }, proxiedBase)).headers["x-request-id"]).toBe("edge-7f3a");
    // A client's own id (no proxy trusted, or not this one) would let it pass its requests' log lines off as another's.
    for (const from of [base, elsewhereBase]) {
      expect((await fetchRaw("/object", { "X-Request-Id": "edge-7f3a" }, from)).headers["x-request-id"]).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    }
    const ids = await Promise.all([1, 2, 3].map(() => fetchRaw("/object").then((a) => a.headers["x-request-id"])));
    expect(new Set(ids).size).toBe(3);
  });
});

describe("Strict-Transport-Security", () => {
  it("is left off answers to plain HTTP", async () => {
    for (const path of ["/object", "/implicit", "/array", "/not-modified"])
      expect((await fetchRaw(path)).counts["strict-transport-security"], path).toBeUndefined();
  });

  it("is sent once when a trusted proxy says the client used HTTPS, in every way a head is written", async () => {
    for (const path of ["/object", "/implicit", "/progressive", "/array", "/not-modified"]) {
      const answer = await fetchRaw(path, { "X-Forwarded-Proto": "https" }, proxiedBase);
      expect(answer.counts["strict-transport-security"], path).toBe(1);
      expect(answer.headers["strict-transport-security"], path).toBe(STRICT_TRANSPORT_SECURITY);
    }
    expect((await fetchRaw("/object", { "X-Forwarded-Proto": "https, http" }, proxiedBase)).headers["strict-transport-security"]).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
  });

  it("is left off when the trusted proxy says http, and when X-Forwarded-Proto comes from an address that is no trusted proxy", async () => {
    expect((await fetchRaw("/object", { "X-Forwarded-Proto": "http" }, proxiedBase)).counts["strict-transport-security"]).toBeUndefined();
    expect((await fetchRaw("/object", {}, proxiedBase)).counts["strict-transport-security"]).toBeUndefined();
    expect(
      (await fetchRaw("/object", { "X-Forwarded-Proto": "https" }, elsewhereBase)).counts["strict-transport-security"],
    ).toBeUndefined();
    expect((await fetchRaw("/object", { "X-Forwarded-Proto": "https" })).counts["strict-transport-security"]).toBeUndefined();
  });
});

describe("an answer marked noStore", () => {
  it.each(["/no-store/object", "/no-store/progressive", "/no-store/array", "/no-store/implicit"])(
    "is sent with Cache-Control: no-store alone, whatever the route set (%s)",
    async (path) => {
      const answer = await fetchRaw(path);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(path.slice("/no-store/".length));
      expect(answer.counts["cache-control"]).toBe(1);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expectSecurityHeadersOnce(answer);
    },
  );

  it("is the only kind that gets it: an unmarked answer keeps the route's own Cache-Control", async () => {
    expect((await fetchRaw("/progressive-not-modified")).headers["cache-control"]).toBe("no-cache");
    expect((await fetchRaw("/object")).counts["cache-control"]).toBeUndefined();
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
