/**
 * Answers that carry a secret are never stored, and the head says one thing (API.md "Trust at the
 * table"): `Cache-Control: no-store` on every answer of every staff endpoint of the contract's table
 * and on sign-in and sign-out; Strict-Transport-Security only on answers to HTTPS requests (here:
 * through a trusted proxy's X-Forwarded-Proto); X-Frame-Options DENY, as CSP's frame-ancestors 'none'.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import type { DiningTable } from "../../contract/schemas";
import { call, expectApiError, productNamed, readMenu, readStations } from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

const HSTS = "max-age=15552000; includeSubDomains";

let server: TestServer;
let proxied: TestServer;
let staticDir: string;
let token: string;
let station: DiningTable;
let productId: number;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "limitless-secret-"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>shell</title>");
  [server, proxied] = await Promise.all([
    startTestServer({ staticDir: null }),
    startTestServer({ staticDir, config: { trustedProxies: ["127.0.0.1"] } }),
  ]);
  token = await staffToken(server);
  station = (await readStations(server, token, 1))[0]!;
  productId = productNamed(await readMenu(server, 1), "Sisig").id;
});
afterAll(async () => {
  await Promise.all([server?.dispose(), proxied?.dispose()]);
  rmSync(staticDir, { recursive: true, force: true });
});

const staffEndpoints = Object.entries(endpoints).filter(([, endpoint]) => endpoint.auth !== "public");

/** A request each staff endpoint takes: real ids, a query every list and report accepts, an empty JSON body for writes. */
function requestFor(endpoint: (typeof endpoints)[keyof typeof endpoints]): { path: string; json?: unknown } {
  const id = endpoint.path.startsWith("/products/") ? String(productId) : station.id;
  const path = `/api${endpoint.path.replace(":id", id)}?branch_id=1&from=2026-01-01&to=2026-01-31`;
  return endpoint.method === "GET" || endpoint.method === "DELETE" ? { path } : { path, json: {} };
}

/** The status and head of an answer, without reading a live stream's body. */
async function head(
  on: TestServer,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const controller = new AbortController();
  const response = await fetch(`${on.url}${path}`, {
    method,
    signal: controller.signal,
    headers: {
      ...(options.token && { Authorization: `Bearer ${options.token}` }),
      ...(options.json !== undefined && { "Content-Type": "application/json" }),
      ...options.headers,
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  controller.abort();
  return response;
}

describe("Cache-Control: no-store", () => {
  it("covers every staff endpoint of the contract", () => {
    expect(staffEndpoints.map(([name]) => name)).toEqual(
      expect.arrayContaining(["currentUser", "diningTables", "orders", "branchEvents", "exportMenuCsv", "ordersReportCsv"]),
    );
  });

  it.each(staffEndpoints)("is on %s's answers, signed in (whatever the status) and not", async (name, endpoint) => {
    const { path, json } = requestFor(endpoint);
    const signedIn = await head(server, endpoint.method, path, { token, json });
    expect(signedIn.status, name).not.toBe(401);
    // Exactly one value: a route's own Cache-Control would show here as "no-store, no-cache".
    expect(signedIn.headers.get("cache-control"), `${name} ${signedIn.status}`).toBe("no-store");
    const refused = await head(server, endpoint.method, path, { json });
    expect(refused.status, name).toBe(401);
    expect(refused.headers.get("cache-control"), `${name} 401`).toBe("no-store");
  });

  it("is on sign-in's answers (token, refusal, bad body) and sign-out's", async () => {
    const signedIn = await call<{ access_token: string }>(server, "POST", "/api/login", { json: server.staff });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    const wrong = await call(server, "POST", "/api/login", { json: { email: server.staff.email, password: "not the password at all" } });
    expectApiError(wrong, 401, "invalid_credentials");
    expect(wrong.headers.get("cache-control")).toBe("no-store");
    const bad = await call(server, "POST", "/api/login", { json: { email: "nobody" } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("cache-control")).toBe("no-store");
    const signedOut = await call(server, "POST", "/api/logout", { token: signedIn.body.access_token });
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
  });

  it("is not forced on public answers: the menu keeps its revalidated caching", async () => {
    const menu = await call(server, "GET", "/api/products_by_category?branch_id=1", { token });
    expect(menu.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("Strict-Transport-Security", () => {
  it("is not sent over plain HTTP, nor for an X-Forwarded-Proto from an address that is no trusted proxy", async () => {
    for (const headers of [{}, { "X-Forwarded-Proto": "https" }] as Record<string, string>[]) {
      expect((await head(server, "GET", "/api/health", { headers })).headers.get("strict-transport-security")).toBeNull();
      expect((await head(server, "GET", "/api/current_user", { token, headers })).headers.get("strict-transport-security")).toBeNull();
    }
    expect((await head(proxied, "GET", "/api/health")).headers.get("strict-transport-security")).toBeNull();
    expect(
      (await head(proxied, "GET", "/", { headers: { "X-Forwarded-Proto": "http" } })).headers.get("strict-transport-security"),
    ).toBeNull();
  });

  it("is sent, once, when a trusted proxy says the client used HTTPS: API answers, errors, the web app", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    const answers = [
      await head(proxied, "GET", "/api/health", { headers: https }),
      await head(proxied, "GET", "/api/current_user", { headers: https }),
      await head(proxied, "GET", "/api/products_by_category?branch_id=x", { headers: https }),
      await head(proxied, "GET", "/", { headers: https }),
      await head(proxied, "GET", "/no-such-page", { headers: https }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 400, 200, 404]);
    for (const answer of answers) expect(answer.headers.get("strict-transport-security")).toBe(HSTS);
  });
});

describe("X-Frame-Options", () => {
  it("is DENY, agreeing with frame-ancestors 'none', on API answers and the web app", async () => {
    for (const answer of [
      await head(server, "GET", "/api/health"),
      await head(server, "GET", "/api/stations?branch_id=1", { token }),
      await head(proxied, "GET", "/"),
    ]) {
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });
});
