/**
 * Fuzz run against every endpoint of the contract's table (tests/support/fuzz.ts reads it): random and hostile methods,
 * ids, queries, headers and bodies, anonymously and as signed-in staff, one request at a time against
 * a real server. Every answer must be below 500, every non-2xx must be the one JSON error shape, a
 * refused request must change no business data, and the database must be sound afterwards.
 *
 * Deterministic in `npm test` (fixed seed, FUZZ_RUNS requests); `npm run test:reliability` runs a
 * longer search from a fresh seed. Passwords are checked by a fake here: a real scrypt check takes
 * ~0.4 s and would spend the run's time budget on sign-ins rather than on what reaches the handlers.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Order } from "../../contract/schemas";
import { businessDigest, postgresProbe, sqliteProbe, storageProblems, type DbProbe } from "../../scripts/reliability/db-probe";
import { call, orderableAnyDay, readMenu, readStations } from "../support/api-helpers";
import { rawRequest } from "../support/raw-http";
import { RELIABILITY_LONG, fuzzRuns, fuzzSeed } from "../support/fast-check-settings";
import {
  CALLERS,
  CALLERS_WITHOUT_SESSION,
  ENDPOINTS,
  authHeaders,
  extraHeadersArb,
  idArb,
  idempotencyKeyArb,
  jsonBodyArb,
  multipartBodyArb,
  problemsWith,
  queryArb,
  type Caller,
  type Endpoint,
  type FuzzBody,
  type FuzzHeaders,
  type KnownIds,
  type Param,
} from "../support/fuzz";
import { TEST_STAFF, startTestServer, staffToken, type TestServer } from "../support/test-server";
import { smallPng, srcsetHashes, uploadPhoto } from "../support/photos";

// The same short run on both databases: after every request the whole business data is read back and
// hashed, which grows with the database, so a longer run spends its time in the check, not the server.
const RUNS = fuzzRuns(1_200, 50_000);

let server: TestServer;
let token: string;
let probe: DbProbe;
let ids: KnownIds;
/** A file each upload endpoint accepts, by its field. */
const validFiles = new Map<string, Uint8Array>();

beforeAll(async () => {
  server = await startTestServer({
    staticDir: null,
    // Trusting the loopback proxy makes the server parse the hostile X-Forwarded-* headers too.
    config: { trustedProxies: ["127.0.0.1"], logRequests: false },
    signIn: { verifyPassword: async (password) => password === TEST_STAFF.password },
  });
  token = await staffToken(server);
  probe = server.databaseUrl ? await postgresProbe(server.databaseUrl) : sqliteProbe(server.databasePath);

  const menu = await readMenu(server, 1);
  const products = Object.values(menu).flat();
  const stations = (await readStations(server, token, 1)).map((s) => s.id);
  const orders: string[] = [];
  // A stored photo, so the fuzzer also asks for one that exists (and uploads a valid one).
  const photo = await smallPng("#aa5500", 32, 24);
  const uploaded = await uploadPhoto(server, token, products[0]!.id, photo);
  expect(uploaded.status, uploaded.text).toBe(200);
  for (const product of orderableAnyDay(menu).slice(0, 2)) {
    const placed = await call<Order>(server, "POST", "/api/orders", {
      json: { products: [{ id: product.id, quantity: 1 }], station_id: stations[0], branch_id: 1 },
    });
    expect(placed.status).toBe(201);
    orders.push(placed.body.id);
  }
  ids = {
    products: products.slice(0, 6).map((p) => p.id),
    options: products
      .flatMap((p) => Object.values(p.customizations).flatMap((g) => g.options.map((o) => ({ productId: p.id, id: o.id }))))
      .slice(0, 6),
    stations,
    orders,
    photos: srcsetHashes(uploaded.body.photo!.srcset),
    staffEmail: TEST_STAFF.email,
  };
  const exported = await call(server, "GET", "/api/products/export_csv?branch_id=1", { token });
  expect(exported.status).toBe(200);
  validFiles.set("file", new TextEncoder().encode(exported.text));
  validFiles.set("photo", photo);
});
afterAll(async () => {
  await probe?.close();
  await server?.dispose();
});

interface FuzzRequest {
  endpoint: Endpoint;
  method: string;
  path: string;
  caller: Caller;
  headers: FuzzHeaders;
  body?: FuzzBody;
}

function describeRequest(r: FuzzRequest): string {
  const headers = Object.entries(r.headers)
    .map(([name, values]) => `${name}: ${values.map((v) => (v.length > 80 ? `${v.slice(0, 80)}… (${v.length} chars)` : v)).join(" | ")}`)
    .join("; ");
  return `${r.method} ${r.path.length > 300 ? `${r.path.slice(0, 300)}…` : r.path} as ${r.caller} [${headers}] body: ${r.body ? `${r.body.contentType ?? "(no content type)"} ${r.body.label}` : "(none)"}`;
}

/** Built once per upload endpoint: one of its bodies is a file over the limit (10 MB for a photo). */
const uploadBodies = new Map<Endpoint, fc.Arbitrary<FuzzBody | undefined>>();
function uploadBodyArb(endpoint: Endpoint): fc.Arbitrary<FuzzBody | undefined> {
  let arbitrary = uploadBodies.get(endpoint);
  if (!arbitrary) {
    arbitrary = multipartBodyArb(endpoint.upload!, validFiles.get(endpoint.upload!.field)!);
    uploadBodies.set(endpoint, arbitrary);
  }
  return arbitrary;
}

function requestArb(): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...ENDPOINTS).chain((endpoint) => {
    const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as Param);
    const methodArb = fc.oneof(
      { weight: 9, arbitrary: fc.constant(endpoint.method) },
      { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS") },
    );
    const bodyArb =
      endpoint.body === "multipart"
        ? uploadBodyArb(endpoint)
        : endpoint.body === "json"
          ? jsonBodyArb(endpoint, ids)
          : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: jsonBodyArb(endpoint, ids) });
    return fc
      .record({
        method: methodArb,
        idValues: fc.tuple(...params.map((p) => idArb(p, ids))),
        query: queryArb(endpoint, ids),
        caller: fc.constantFrom(...(endpoint.endsSession ? CALLERS_WITHOUT_SESSION : CALLERS)),
        extra: extraHeadersArb,
        key: endpoint.headers.includes("Idempotency-Key")
          ? idempotencyKeyArb()
          : fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: idempotencyKeyArb() }),
        body: bodyArb,
      })
      .map(({ method, idValues, query, caller, extra, key, body }): FuzzRequest => {
        let i = 0;
        const path = endpoint.path.replace(/\{\w+\}/g, () => idValues[i++]!) + (query ? `?${query}` : "");
        const headers: FuzzHeaders = { ...extra };
        for (const [name, values] of Object.entries(authHeaders(caller, token))) headers[name] = [...(headers[name] ?? []), ...values];
        if (key) headers["Idempotency-Key"] = key;
        return { endpoint, method, path, caller, headers, body: method === "GET" || method === "HEAD" ? undefined : body };
      })
      .filter((request) => headSize(request) <= MAX_HEAD_BYTES);
  });
}

/**
 * Node's HTTP parser answers a request head over 16 KB itself (431), before the app sees it; that
 * answer has its own test (http-layer-errors.test.ts), so the fuzz stays below it and finds the rest.
 */
const MAX_HEAD_BYTES = 14_000;
const headSize = (r: FuzzRequest) =>
  r.method.length +
  r.path.length +
  Object.entries(r.headers).reduce((sum, [name, values]) => sum + values.reduce((s, v) => s + name.length + v.length + 4, 0), 0);

/** Each request on a new connection: one request's answer is judged on its own (keep-alive reuse has its own test). */
async function send(r: FuzzRequest): Promise<{ status: number; contentType: string; text: string }> {
  const headers = Object.entries(r.headers).flatMap(([name, values]) => values.map((value): [string, string] => [name, value]));
  if (r.body?.contentType !== undefined) headers.push(["Content-Type", r.body.contentType]);
  const answer = await rawRequest(server.url, { method: r.method, path: r.path, headers, body: r.body?.bytes });
  return { status: answer.status, contentType: String(answer.headers["content-type"] ?? ""), text: answer.text };
}

it(
  `answers ${RUNS} random and hostile requests to every endpoint with no 5xx, the JSON error shape for every refusal, and no change from any refusal`,
  async () => {
    const failures = new Map<string, string>();
    const seen = new Map<string, Set<number>>();
    let before = await businessDigest(probe);

    await fc.assert(
      fc.asyncProperty(requestArb(), async (request) => {
        const where = `${request.endpoint.method} ${request.endpoint.path}`;
        let problems: string[];
        let status = 0;
        try {
          const answer = await send(request);
          status = answer.status;
          problems = problemsWith(answer, request.method);
        } catch (error) {
          problems = [`no answer: ${(error as Error).message}`];
        }
        const after = await businessDigest(probe);
        if (status >= 400 && after !== before) problems.push(`a refused request (${status}) changed data`);
        before = after;
        if (!seen.has(where)) seen.set(where, new Set());
        seen.get(where)!.add(status);
        for (const problem of problems) {
          const id = `${where}: ${problem.slice(0, 120)}`;
          if (!failures.has(id)) failures.set(id, `${problem}\n    e.g. ${describeRequest(request)}`);
        }
      }),
      { seed: fuzzSeed(), numRuns: RUNS, endOnFailure: true },
    );

    expect([...failures.values()]).toEqual([]);
    // The run reached every endpoint, and most of them past the door (not only 4xx everywhere).
    expect([...seen.keys()].sort()).toEqual([...new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`))].sort());
    const succeeded = [...seen.entries()].filter(([, statuses]) => [...statuses].some((s) => s >= 200 && s < 300)).map(([where]) => where);
    expect(succeeded.length).toBeGreaterThanOrEqual(12);

    // The server is still well: the session the run used is alive, the menu is served, the data is sound.
    expect((await call(server, "GET", "/api/health")).status).toBe(200);
    expect((await call(server, "GET", "/api/current_user", { token })).status).toBe(200);
    expect(await storageProblems(probe)).toEqual([]);
  },
  RELIABILITY_LONG ? 3_600_000 : 120_000,
);
