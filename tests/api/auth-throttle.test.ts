/**
 * Login throttling at the production limits (API.md "Limits and abuse"): 5 attempts per (e-mail,
 * client address) per 15 minutes, counted before the password is hashed, so concurrent guesses cannot
 * race past it; a stranger's failures never lock the owner out from the owner's own address.
 * All test traffic comes from 127.0.0.1, so the servers that need several client addresses trust
 * 127.0.0.1 as a reverse proxy and the tests name the client in X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LOGIN_LIMITS } from "../../api/auth/sign-in-service";
import { verifyPassword } from "../../api/auth/passwords";
import { call, countRows, expectApiError, type ApiResponse } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

/** Behind a trusted proxy (127.0.0.1), with every real password check counted. */
let proxied: TestServer;
let passwordChecks = 0;
/** No TRUSTED_PROXIES: X-Forwarded-For must be ignored. */
let direct: TestServer;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestServer({
      staticDir: null,
      config: { trustedProxies: ["127.0.0.1"] },
      signIn: {
        verifyPassword: (password, stored) => {
          passwordChecks++;
          return verifyPassword(password, stored);
        },
      },
    }),
    startTestServer({ staticDir: null }),
  ]);
});
afterAll(() => Promise.all([proxied.dispose(), direct.dispose()]));

const login = (on: TestServer, email: string, password: string, from?: string) =>
  call(on, "POST", "/api/login", { json: { email, password }, headers: from ? { "X-Forwarded-For": from } : {} });

function expectRetryAfter(response: ApiResponse) {
  const seconds = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(DEFAULT_LOGIN_LIMITS.windowMs / 1000);
}

describe("30 concurrent wrong passwords for one account from one address", () => {
  const ATTACKER = "203.0.113.66";
  const OWNER = "198.51.100.7";

  it("lets exactly 5 reach the password check (401) and answers the other 25 with 429 before hashing", async () => {
    expect(DEFAULT_LOGIN_LIMITS.perAccount).toBe(5);
    const checksBefore = passwordChecks;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(proxied, proxied.staff.email, `guess number ${i}`, ATTACKER)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    for (const response of responses.filter((r) => r.status === 429)) {
      expectApiError(response, 429, "too_many_attempts");
      expectRetryAfter(response);
    }
    // The 25 refusals cost no hash: only 5 password checks ran.
    expect(passwordChecks - checksBefore).toBe(5);
  });

  it("keeps that address locked out of the account, even with the right password", async () => {
    const sessionsBefore = await countRows(proxied, "sessions");
    const checksBefore = passwordChecks;
    const locked = await login(proxied, proxied.staff.email, proxied.staff.password, ATTACKER);
    expectApiError(locked, 429, "too_many_attempts");
    expect(locked.headers.get("set-cookie")).toBeNull();
    expect(passwordChecks).toBe(checksBefore);
    expect(await countRows(proxied, "sessions")).toBe(sessionsBefore);
  });

  it("does not lock the owner out: from their own address they sign in at once", async () => {
    const response = await login(proxied, proxied.staff.email, proxied.staff.password, OWNER);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^access_token=/);
  });

  it("counts the client named by the proxy, not addresses the client wrote in front of it", async () => {
    // The attacker prepends a fake hop; our proxy appends the address it really saw (the attacker's).
    const spoofed = await login(proxied, proxied.staff.email, proxied.staff.password, `${OWNER}, ${ATTACKER}`);
    expectApiError(spoofed, 429, "too_many_attempts");
  });
});

describe("without TRUSTED_PROXIES", () => {
  it("ignores X-Forwarded-For: a new address in the header does not get fresh attempts", async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectApiError(await login(direct, direct.staff.email, `wrong ${attempt}`, `192.0.2.${attempt}`), 401, "invalid_credentials");
    }
    const response = await login(direct, direct.staff.email, direct.staff.password, "192.0.2.200");
    expectApiError(response, 429, "too_many_attempts");
    expectRetryAfter(response);
  });

  it("locks only that e-mail: another account from the same address still gets a plain 401, any spelling of the locked one 429", async () => {
    expectApiError(await login(direct, "someone.else@limitless.example", "whatever"), 401, "invalid_credentials");
    expectApiError(await login(direct, ` ${direct.staff.email.toUpperCase()}`, direct.staff.password), 429, "too_many_attempts");
  });

  it("keeps no typed e-mail in the attempt counters", async () => {
    const rows = await direct.query<{ key: string; attempts: number }>("SELECT key, attempts FROM login_attempts");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).not.toMatch(/limitless\.example|@limitless|staff|someone/i);
  });
});
