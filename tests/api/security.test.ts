/**
 * Cross-cutting protections: security headers on every answer (errors too), cross-site cookie writes
 * refused on every state-changing staff call (CSRF) while bearer tokens work from anywhere — "same
 * site" meaning the same scheme, host and port, behind a trusted proxy too — and body limits that
 * hold for streamed bodies too.
 */
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, DiningTable } from "../../contract/schemas";
import {
  EVIL_ORIGIN,
  call,
  countRows,
  csvForm,
  expectApiError,
  expectSecurityHeaders,
  insertSession,
  optionId,
  productNamed,
  readMenu,
  readOrders,
  readStations,
  type ApiResponse,
  type CallOptions,
} from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
let station: DiningTable;
let order: Order;
let sisigId: number;
let menuCsv: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  station = (await readStations(server, token, 1))[0]!;
  const menu = await readMenu(server, 1);
  sisigId = productNamed(menu, "Sisig").id;
  const burger = productNamed(menu, "Limitless Mega Burger");
  order = (
    await call<Order>(server, "POST", "/api/orders", {
      headers: { "Idempotency-Key": randomUUID() },
      json: {
        station_id: station.id,
        branch_id: 1,
        products: [{ id: burger.id, quantity: 1, selectedCustomizations: [optionId(burger, "Side", "Fries")] }],
      },
    })
  ).body;
  menuCsv = (await call(server, "GET", "/api/products/export_csv?branch_id=1", { token })).text;
});
afterAll(() => server.dispose());

/** Everything a refused write must leave alone. */
async function state() {
  return {
    menu: (await call(server, "GET", "/api/products_by_category?branch_id=1")).text,
    stations: await readStations(server, token, 1),
    orders: await readOrders(server, token, 1),
    sessions: await countRows(server, "sessions"),
  };
}

/** Every state-changing staff call, each doing a real change when allowed. */
const WRITES: { name: string; send: (auth: CallOptions) => Promise<ApiResponse> }[] = [
  {
    name: "PATCH /api/products/:id",
    send: (auth) => call(server, "PATCH", `/api/products/${sisigId}`, { json: { available: false }, ...auth }),
  },
  {
    name: "POST /api/products/upload_csv",
    send: (auth) =>
      call(server, "POST", "/api/products/upload_csv?branch_id=1", {
        body: csvForm(menuCsv.replace(/^main,Garlic Rice,.*\r\n/m, "")),
        ...auth,
      }),
  },
  {
    name: "POST /api/stations",
    send: (auth) => call(server, "POST", "/api/stations?branch_id=1", { json: { codename: "CSRF", capacity: 2 }, ...auth }),
  },
  {
    name: "PUT /api/stations/:id",
    send: (auth) => call(server, "PUT", `/api/stations/${station.id}`, { json: { codename: "Renamed" }, ...auth }),
  },
  { name: "DELETE /api/stations/:id", send: (auth) => call(server, "DELETE", `/api/stations/${station.id}`, auth) },
  {
    name: "PATCH /api/orders/:id",
    send: (auth) => call(server, "PATCH", `/api/orders/${order.id}`, { json: { status: "cancelled" }, ...auth }),
  },
  { name: "POST /api/logout", send: (auth) => call(server, "POST", "/api/logout", auth) },
];

const CROSS_SITE: [string, (cookie: string) => CallOptions][] = [
  ["Origin: https://evil.example", (cookie) => ({ cookie, origin: EVIL_ORIGIN })],
  ["Origin: null (sandboxed frame)", (cookie) => ({ cookie, origin: "null" })],
  ["Origin of another port on this host", (cookie) => ({ cookie, origin: server.url.replace(/:\d+$/, ":1") })],
  ["Origin of this host and port over https (another scheme)", (cookie) => ({ cookie, origin: server.url.replace(/^http:/, "https:") })],
  [
    "an https Origin with X-Forwarded-Proto: https from a peer that is no trusted proxy",
    (cookie) => ({ cookie, origin: server.url.replace(/^http:/, "https:"), headers: { "X-Forwarded-Proto": "https" } }),
  ],
  ["no Origin but Sec-Fetch-Site: cross-site", (cookie) => ({ cookie, headers: { "Sec-Fetch-Site": "cross-site" } })],
  ["no Origin but Sec-Fetch-Site: same-site", (cookie) => ({ cookie, headers: { "Sec-Fetch-Site": "same-site" } })],
];

describe("cross-site writes with the session cookie", () => {
  const cases = WRITES.flatMap((write) => CROSS_SITE.map(([how, auth]) => ({ write: write.name, how, send: write.send, auth })));

  it.each(cases)("$write from $how → 403 cross_origin_refused, nothing changed", async ({ send, auth }) => {
    const before = await state();
    const response = await send(auth(token));
    expectApiError(response, 403, "cross_origin_refused");
    expectSecurityHeaders(response);
    expect(await state()).toEqual(before);
    // The session itself is untouched.
    expect((await call(server, "GET", "/api/current_user", { token })).status).toBe(200);
  });

  it("refuses a cross-site cookie write even when a bogus bearer token rides along (the bearer is checked, not the cookie)", async () => {
    const before = await state();
    const response = await call(server, "PATCH", `/api/products/${sisigId}`, {
      json: { available: false },
      cookie: token,
      origin: EVIL_ORIGIN,
      headers: { Authorization: "Bearer forged" },
    });
    expectApiError(response, 401, "unauthenticated");
    expect(await state()).toEqual(before);
  });

  it.each([
    ["Basic credentials (which a browser attaches by itself)", "Basic Zm9vOmJhcg=="],
    ["a bearer token too long to be one", `Bearer ${"x".repeat(600)}`],
  ])(
    "refuses a cross-site cookie write when the Authorization header carries %s (the cookie is what would sign it)",
    async (_name, authorization) => {
      const before = await state();
      const response = await call(server, "PATCH", `/api/products/${sisigId}`, {
        json: { available: false },
        cookie: token,
        origin: EVIL_ORIGIN,
        headers: { Authorization: authorization },
      });
      expectApiError(response, 403, "cross_origin_refused");
      expect(await state()).toEqual(before);
    },
  );

  it("lets a cross-site read with the cookie through (the browser's CORS rules keep the answer from the other site)", async () => {
    const response = await call(server, "GET", "/api/current_user", { cookie: token, origin: EVIL_ORIGIN });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the same-origin check behind a trusted reverse proxy", () => {
  const SITE = "limitless.example";
  const ADMIN = "https://admin.limitless.example";
  let proxied: TestServer;
  let cookie: string;

  beforeAll(async () => {
    proxied = await startTestServer({ staticDir: null, config: { trustedProxies: ["127.0.0.1"], trustedOrigins: [ADMIN] } });
    cookie = await insertSession(proxied, new Date(Date.now() + 3_600_000));
  });
  afterAll(() => proxied.dispose());

  /** A cookie-signed station write as the proxy forwards it (fetch cannot set Host, so plain node:http). */
  function write(headers: Record<string, string>): Promise<number> {
    const body = JSON.stringify({ codename: "Proxied", capacity: 2 });
    const url = new URL("/api/stations?branch_id=2", proxied.url);
    return new Promise((resolve, reject) => {
      const req = request(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Cookie: `access_token=${cookie}`,
          ...headers,
        },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  it.each([
    ["the public https origin", { Host: SITE, "X-Forwarded-Proto": "https", Origin: `https://${SITE}` }],
    ["the default port written out in Host", { Host: `${SITE}:443`, "X-Forwarded-Proto": "https", Origin: `https://${SITE}` }],
    ["a plain-HTTP site seen through the proxy", { Host: SITE, "X-Forwarded-Proto": "http", Origin: `http://${SITE}` }],
    ["one of TRUSTED_ORIGINS", { Host: SITE, "X-Forwarded-Proto": "https", Origin: ADMIN }],
  ])("accepts %s", async (_name, headers) => {
    expect(await write(headers)).toBe(201);
  });

  it.each([
    ["http when the client came over https", { Host: SITE, "X-Forwarded-Proto": "https", Origin: `http://${SITE}` }],
    ["https when the client came over http", { Host: SITE, "X-Forwarded-Proto": "http", Origin: `https://${SITE}` }],
    ["https when the proxy says nothing about the scheme", { Host: SITE, Origin: `https://${SITE}` }],
    ["another port", { Host: SITE, "X-Forwarded-Proto": "https", Origin: `https://${SITE}:8443` }],
    ["another host", { Host: SITE, "X-Forwarded-Proto": "https", Origin: `https://shop.${SITE}` }],
  ])("refuses an Origin with %s (403)", async (_name, headers) => {
    const before = await countRows(proxied, "stations");
    expect(await write(headers)).toBe(403);
    expect(await countRows(proxied, "stations")).toBe(before);
  });
});

describe("the same writes with a bearer token from another origin", () => {
  // Logout is the exception: a cross-site sign-out is refused whatever the credentials (see auth tests).
  it.each(WRITES.filter((w) => w.name !== "POST /api/logout"))("$name is allowed", async ({ send }) => {
    const response = await send({ token, origin: EVIL_ORIGIN });
    expect(response.status, response.text).toBeGreaterThanOrEqual(200);
    expect(response.status, response.text).toBeLessThan(300);
  });

  it("really changed things (the allowed writes were not no-ops)", async () => {
    const menu = await readMenu(server, 1);
    expect(() => productNamed(menu, "Garlic Rice")).toThrow(); // removed by the upload
    expect((await readStations(server, token, 1)).map((s) => s.id)).not.toContain(station.id);
    expect((await call<Order>(server, "GET", `/api/orders/${order.id}`)).body.status).toBe("cancelled");
  });
});

describe("body limits", () => {
  it("refuses a streamed (chunked) JSON body over 64 KB with 413 and closes the connection", async () => {
    const before = await countRows(server, "orders");
    const chunk = new TextEncoder().encode(`{"padding":"${"x".repeat(16 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        }
      },
    });
    const response = await fetch(`${server.url}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(response.headers.get("connection")).toBe("close");
    expect(await countRows(server, "orders")).toBe(before);
  });

  it("answers 413 with Connection: close, so the next request goes out on a fresh connection and succeeds", async () => {
    for (let round = 0; round < 3; round++) {
      const big = await call(server, "POST", "/api/orders", { json: { padding: "x".repeat(2 * 1024 * 1024) } });
      expectApiError(big, 413, "payload_too_large");
      expect(big.headers.get("connection")).toBe("close");
      expect((await call(server, "GET", "/api/health")).status).toBe(200);
    }
  });

  it("reads a refused body of declared size to its end before answering 413, so a proxy still sending it is not cut off", async () => {
    // A proxy (nginx) sends the whole body before it reads the answer; were the connection closed under
    // it half-way, it would answer its own 502. Here the body arrives over about a second.
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    const chunk = Buffer.alloc(100_000, "x");
    let answer = "";
    let answeredAt = 0;
    socket.on("data", (data) => {
      answeredAt ||= Date.now();
      answer += data.toString("latin1");
    });
    const failures: unknown[] = [];
    socket.on("error", (error) => failures.push(error));
    socket.write(
      `POST /api/orders HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${chunk.length * 10}\r\n\r\n`,
    );
    for (let part = 0; part < 10; part++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.write(chunk);
    }
    const sentAt = Date.now();
    await new Promise((resolve) => {
      socket.once("close", resolve);
      setTimeout(resolve, 5_000); // a connection cut half-way may never close cleanly: the checks below say what went wrong
    });
    socket.destroy();
    expect(failures).toEqual([]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"payload_too_large"');
    expect(answeredAt).toBeGreaterThanOrEqual(sentAt);
  });

  it("accepts a JSON body of exactly 64 KB (the limit is inclusive)", async () => {
    const payload = { status: "preparing", padding: "" };
    payload.padding = "x".repeat(64 * 1024 - JSON.stringify(payload).length);
    expect(JSON.stringify(payload).length).toBe(64 * 1024);
    const fresh = await call(server, "PATCH", `/api/orders/${randomUUID()}`, { token, json: payload });
    expectApiError(fresh, 404, "order_not_found"); // got past the limit to the handler
  });
});

describe("security headers", () => {
  it("are on successful answers and on every kind of error", async () => {
    const menu = await call(server, "GET", "/api/products_by_category?branch_id=1");
    const responses: [string, ApiResponse][] = [
      ["200 health", await call(server, "GET", "/api/health")],
      ["200 menu", menu],
      [
        "304 menu",
        await call(server, "GET", "/api/products_by_category?branch_id=1", { headers: { "If-None-Match": menu.headers.get("etag")! } }),
      ],
      ["201 station", await call(server, "POST", "/api/stations?branch_id=2", { token, json: { codename: "Headers", capacity: 2 } })],
      ["200 csv", await call(server, "GET", "/api/products/export_csv?branch_id=2", { token })],
      ["400", await call(server, "GET", "/api/products_by_category")],
      ["401", await call(server, "GET", "/api/current_user")],
      ["403", await call(server, "POST", "/api/login", { json: server.staff, origin: EVIL_ORIGIN })],
      ["404 api", await call(server, "GET", "/api/nothing-here")],
      ["404 resource", await call(server, "GET", `/api/orders/${randomUUID()}`)],
      ["409", await call(server, "PATCH", `/api/orders/${order.id}`, { token, json: { status: "preparing" } })],
      ["413", await call(server, "POST", "/api/stations", { token, json: { padding: "x".repeat(70_000) } })],
      [
        "415",
        await call(server, "POST", "/api/stations", {
          token,
          body: "codename=x",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ],
    ];
    const station = responses.find(([name]) => name === "201 station")![1].body as DiningTable;
    expect((await call(server, "DELETE", `/api/stations/${station.id}`, { token })).status).toBe(204);
    for (const [name, response] of responses) {
      expect(response.status, name).toBe(Number(name.slice(0, 3)));
      expectSecurityHeaders(response);
      expect(response.headers.get("x-request-id"), name).toBeTruthy();
    }
  });

  it("answers every /api error as JSON, whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const response = await call(server, method, "/api/products_by_category/extra", { headers: { Accept: "text/html" } });
      expectApiError(response, 404, "not_found");
    }
    expectApiError(await call(server, "DELETE", "/api/products_by_category?branch_id=1"), 404, "not_found");
  });

  it("does not leak internals in error messages", async () => {
    const response = await call(server, "POST", "/api/orders", {
      json: { products: [{ id: 1e300, quantity: 1 }], station_id: "x", branch_id: 1 },
    });
    expectApiError(response, 400, "invalid_body");
    expect(response.text).not.toMatch(/at \w+ \(|node_modules|SQLITE|\.ts:/);
  });
});
