/**
 * How a declared endpoint reads a request (api/lib/endpoint.ts): the path, then the headers, the body
 * and the query, and the first problem found is the one answered. A client that sends several
 * mistakes at once learns of the one that decides the rest: an id that names nothing makes every other
 * part of the request moot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectApiError } from "../support/api-helpers";
import { staffToken, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
});
afterAll(() => server.dispose());

describe("a station id in the path", () => {
  it("answers 404 station_not_found for any id that names no table: shaped like a UUID or not, any version, any case", async () => {
    for (const id of [
      "00000000-0000-0000-0000-000000000000", // all zeros: no version or variant bits
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "ABCDEF01-2345-6789-ABCD-EF0123456789",
      "not-a-uuid",
      "1",
      "%E2%9C%93",
    ]) {
      expectApiError(await call(server, "GET", `/api/stations/${id}`), 404, "station_not_found");
    }
  });

  it("finds a table by its id in upper case too (ids are stored lower-case)", async () => {
    const created = await call<{ id: string }>(server, "POST", "/api/stations?branch_id=1", {
      token,
      json: { codename: "Parse 1", capacity: 2 },
    });
    expect(created.status).toBe(201);
    const found = await call<{ id: string; codename: string }>(server, "GET", `/api/stations/${created.body.id.toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: created.body.id, codename: "Parse 1" });
  });
});

describe("several problems in one request", () => {
  it("answers the path's 404 before a bad body", async () => {
    const answer = await call(server, "PUT", "/api/stations/not-a-uuid", { token, json: { capacity: "many" } });
    expectApiError(answer, 404, "station_not_found");
  });

  it("answers a bad header before a bad body", async () => {
    const answer = await call(server, "POST", "/api/orders", { headers: { "Idempotency-Key": "has spaces" }, json: { products: "none" } });
    expectApiError(answer, 400, "invalid_idempotency_key");
  });

  it("answers a bad body before a bad query", async () => {
    const answer = await call(server, "POST", "/api/stations?branch_id=first", { token, json: { codename: "", capacity: 0 } });
    expectApiError(answer, 400, "invalid_body");
  });

  it("answers a bad query when the body is good, and changes nothing", async () => {
    const before = await server.query<{ n: number }>("SELECT COUNT(*) AS n FROM stations");
    const answer = await call(server, "POST", "/api/stations?branch_id=first", { token, json: { codename: "Parse 2", capacity: 2 } });
    expectApiError(answer, 400, "invalid_query");
    expect(await server.query<{ n: number }>("SELECT COUNT(*) AS n FROM stations")).toEqual(before);
  });

  it("asks for a signed-in session before reading anything else", async () => {
    const answer = await call(server, "PUT", "/api/stations/not-a-uuid", { json: { capacity: "many" } });
    expectApiError(answer, 401, "unauthenticated");
  });
});
