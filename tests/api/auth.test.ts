/** Staff sign-in, the session cookie and bearer token, sign-out, expiry (API.md "Auth"). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BAD_JSON_BODIES,
  EVIL_ORIGIN,
  call,
  countRows,
  expectApiError,
  expiredToken,
  insertSession,
  sha256Hex,
} from "../support/api-helpers";
import { TestClock } from "../support/test-clock";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
});
afterAll(() => server.dispose());

const login = (body: unknown, options: { origin?: string; headers?: Record<string, string> } = {}) =>
  call<{ access_token: string }>(server, "POST", "/api/login", { json: body, ...options });

/** The Set-Cookie header that sets `name` (sign-in sets the session cookie and the device cookie). */
function parseSetCookie(headers: Headers, cookieName = "access_token") {
  const header = headers.getSetCookie().find((h) => h.startsWith(`${cookieName}=`));
  expect(header).toBeTruthy();
  const [pair, ...attributes] = header!.split(";").map((part) => part.trim());
  const [name, ...value] = pair!.split("=");
  const attrs = new Map(
    attributes.map((a) => {
      const [key, ...rest] = a.split("=");
      return [key!.toLowerCase(), rest.join("=")] as const;
    }),
  );
  return { name, value: value.join("="), attrs };
}

describe("POST /api/login", () => {
  it("answers 200 with the token and sets the HttpOnly, SameSite=Strict session cookie on Path=/", async () => {
    const response = await login(server.staff);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["access_token"]);
    const token = response.body.access_token;
    // ≥ 128 bits of randomness: 32 random bytes in base64url are 43 characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const cookie = parseSetCookie(response.headers);
    expect(cookie.name).toBe("access_token");
    expect(cookie.value).toBe(token);
    expect(cookie.attrs.has("httponly")).toBe(true);
    expect(cookie.attrs.get("samesite")).toBe("Strict");
    expect(cookie.attrs.get("path")).toBe("/");
    // A lifetime the browser counts on its own clock (Max-Age), the session's: 12 hours by default.
    expect(cookie.attrs.has("expires")).toBe(false);
    expect(Number(cookie.attrs.get("max-age"))).toBeGreaterThan(12 * 3600 - 60);
    expect(Number(cookie.attrs.get("max-age"))).toBeLessThanOrEqual(12 * 3600);

    // The device cookie (API.md "Trust at the table"): HttpOnly, SameSite=Strict, sent only to the sign-in, kept a year.
    const device = parseSetCookie(response.headers, "staff_device");
    expect(device.value).not.toContain(server.staff.email);
    expect(device.attrs.has("httponly")).toBe(true);
    expect(device.attrs.get("samesite")).toBe("Strict");
    expect(device.attrs.get("path")).toBe("/api/login");
    expect(Number(device.attrs.get("max-age"))).toBeGreaterThan(360 * 24 * 3600);
    expect(Number(device.attrs.get("max-age"))).toBeLessThanOrEqual(365 * 24 * 3600);

    // Stored hashed, never as the token itself.
    const stored = await server.query<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(stored.map((s) => s.token_hash)).toContain(sha256Hex(token));
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
  });

  it("gives the same 401 answer for an unknown e-mail and for a wrong password, and sets no cookie", async () => {
    const unknown = await login({ email: "nobody@limitless.example", password: server.staff.password });
    const wrong = await login({ email: server.staff.email, password: "wrong password" });
    const error = expectApiError(unknown, 401, "invalid_credentials");
    expectApiError(wrong, 401, "invalid_credentials");
    expect(wrong.text).toBe(unknown.text);
    expect(error.message).toBe("The e-mail or password is incorrect.");
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it.each([
    ["no body fields", {}],
    ["a missing password", { email: "staff@limitless.example" }],
    ["a missing e-mail", { password: "x" }],
    ["an e-mail that is not a string", { email: 42, password: "x" }],
    ["a password that is not a string", { email: "staff@limitless.example", password: 123456 }],
    ["a malformed e-mail", { email: "not-an-email", password: "x" }],
    ["an empty password", { email: "staff@limitless.example", password: "" }],
    ["an over-long password", { email: "staff@limitless.example", password: "x".repeat(1025) }],
    ["an array body", [{ email: "staff@limitless.example", password: "x" }]],
    ["a null body", null],
  ])("refuses %s with 400 invalid_body and creates no session", async (_name, body) => {
    const before = await countRows(server, "sessions");
    const response = await login(body);
    const error = expectApiError(response, 400, "invalid_body");
    expect(error.details?.length).toBeGreaterThan(0);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await countRows(server, "sessions")).toBe(before);
  });

  it.each(BAD_JSON_BODIES)("refuses $name with $status $code", async ({ headers, body, status, code }) => {
    const before = await countRows(server, "sessions");
    const response = await call(server, "POST", "/api/login", { headers, body });
    expectApiError(response, status, code);
    expect(await countRows(server, "sessions")).toBe(before);
  });

  it("refuses a sign-in from another site with 403, even with the right password", async () => {
    const before = await countRows(server, "sessions");
    const response = await login(server.staff, { origin: EVIL_ORIGIN });
    expectApiError(response, 403, "cross_origin_refused");
    expect(response.headers.get("set-cookie")).toBeNull();
    // A browser that sends no Origin still says where the request came from.
    const viaFetchMetadata = await login(server.staff, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expectApiError(viaFetchMetadata, 403, "cross_origin_refused");
    expect(await countRows(server, "sessions")).toBe(before);
  });

  it("accepts a sign-in from the site's own origin, with the e-mail in any case and with spaces around it", async () => {
    const email = `  ${server.staff.email.toUpperCase()} `;
    const response = await login(
      { email, password: server.staff.password },
      { origin: server.url, headers: { "Sec-Fetch-Site": "same-origin" } },
    );
    expect(response.status).toBe(200);
    expect((await call(server, "GET", "/api/current_user", { token: response.body.access_token })).body).toEqual({
      logged_in_as: server.staff.email,
      id: expect.any(Number),
      name: "",
      role: "owner",
      branch_ids: [1, 2],
    });
  });
});

describe("cookie lifetimes", () => {
  it("are counted from the browser's own clock (Max-Age), so a server clock far from it still signs in", async () => {
    const clock = new TestClock();
    const elsewhen = await startTestServer({ staticDir: null, server: { clock } });
    try {
      clock.set(new Date(Date.now() + 2 * 365 * 24 * 3_600_000));
      const response = await call(elsewhen, "POST", "/api/login", { json: elsewhen.staff });
      expect(response.status).toBe(200);
      expect(Number(parseSetCookie(response.headers).attrs.get("max-age"))).toBeGreaterThan(12 * 3600 - 60);
      expect(Number(parseSetCookie(response.headers, "staff_device").attrs.get("max-age"))).toBeGreaterThan(360 * 24 * 3600);
    } finally {
      await elsewhen.dispose();
    }
  });
});

describe("GET /api/current_user", () => {
  it("answers who is signed in, by bearer token and by cookie", async () => {
    const token = await insertSession(server, new Date(Date.now() + 60_000));
    for (const auth of [{ token }, { cookie: token }]) {
      const response = await call(server, "GET", "/api/current_user", auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        logged_in_as: server.staff.email,
        id: expect.any(Number),
        name: "",
        role: "owner",
        branch_ids: [1, 2],
      });
    }
  });

  it.each([
    ["no credentials", {}],
    ["an unknown bearer token", { token: "not-a-real-token" }],
    ["an unknown cookie", { cookie: "not-a-real-token" }],
    ["a malformed Authorization header", { headers: { Authorization: "Basic c3RhZmY6cGFzcw==" } }],
  ])("answers 401 unauthenticated to %s", async (_name, options) => {
    expectApiError(await call(server, "GET", "/api/current_user", options), 401, "unauthenticated");
  });

  it("answers 401 to an expired session, by bearer token and by cookie", async () => {
    const expired = await expiredToken(server);
    expectApiError(await call(server, "GET", "/api/current_user", { token: expired }), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/current_user", { cookie: expired }), 401, "unauthenticated");
    // The same row with a future expiry works: it is the expiry, not the row, that is refused.
    const valid = await insertSession(server, new Date(Date.now() + 60_000));
    expect((await call(server, "GET", "/api/current_user", { token: valid })).status).toBe(200);
  });
});

describe("POST /api/logout", () => {
  it("revokes a bearer token at once and clears the cookie", async () => {
    const token = await insertSession(server, new Date(Date.now() + 60_000));
    expect((await call(server, "GET", "/api/current_user", { token })).status).toBe(200);

    const response = await call(server, "POST", "/api/logout", { token });
    expect(response.status).toBe(200);
    const cookie = parseSetCookie(response.headers);
    expect(cookie.name).toBe("access_token");
    expect(cookie.value).toBe("");
    expect(cookie.attrs.get("max-age") === "0" || new Date(cookie.attrs.get("expires")!).getTime() <= Date.now()).toBe(true);
    expect(cookie.attrs.get("path")).toBe("/");

    expectApiError(await call(server, "GET", "/api/current_user", { token }), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/current_user", { cookie: token }), 401, "unauthenticated");
    expect(await countRows(server, "sessions")).toBeGreaterThan(0);
    const hashes = await server.query<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(hashes.map((h) => h.token_hash)).not.toContain(sha256Hex(token));
  });

  it("revokes a cookie session signed out from the site's own origin", async () => {
    const token = await insertSession(server, new Date(Date.now() + 60_000));
    const response = await call(server, "POST", "/api/logout", { cookie: token, origin: server.url });
    expect(response.status).toBe(200);
    expectApiError(await call(server, "GET", "/api/current_user", { cookie: token }), 401, "unauthenticated");
  });

  it("does not sign out another session of the same account", async () => {
    const first = await insertSession(server, new Date(Date.now() + 60_000));
    const second = await insertSession(server, new Date(Date.now() + 60_000));
    expect((await call(server, "POST", "/api/logout", { token: first })).status).toBe(200);
    expect((await call(server, "GET", "/api/current_user", { token: second })).status).toBe(200);
  });

  it("refuses a cross-site sign-out carrying the cookie (403) and the session keeps working", async () => {
    const token = await insertSession(server, new Date(Date.now() + 60_000));
    const response = await call(server, "POST", "/api/logout", { cookie: token, origin: EVIL_ORIGIN });
    expectApiError(response, 403, "cross_origin_refused");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect((await call(server, "GET", "/api/current_user", { token })).status).toBe(200);
  });

  it("answers 200 and clears the cookie even when nobody is signed in", async () => {
    const response = await call(server, "POST", "/api/logout");
    expect(response.status).toBe(200);
    expect(parseSetCookie(response.headers).value).toBe("");
  });
});

describe("session lookups", () => {
  /** Runs `run` while the sessions table is renamed away: any session lookup then fails. */
  async function withoutSessionsTable(run: () => Promise<void>): Promise<void> {
    await server.query("ALTER TABLE sessions RENAME TO sessions_away");
    try {
      await run();
    } finally {
      await server.query("ALTER TABLE sessions_away RENAME TO sessions");
    }
  }

  it("happen only on calls that need a staff identity, not on public calls that carry a token", async () => {
    const token = await insertSession(server, new Date(Date.now() + 60_000));
    await withoutSessionsTable(async () => {
      for (const auth of [{ token }, { cookie: token }]) {
        expect((await call(server, "GET", "/api/health", auth)).status).toBe(200);
        expect((await call(server, "GET", "/api/products_by_category?branch_id=1", auth)).status).toBe(200);
      }
      // The same token on a staff call does look the session up, and finds no table to look in.
      expect((await call(server, "GET", "/api/current_user", { token })).status).toBe(500);
    });
    expect((await call(server, "GET", "/api/current_user", { token })).status).toBe(200);
  });
});
