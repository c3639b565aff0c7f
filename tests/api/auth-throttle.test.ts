/** Login throttling at the production limits: five failures lock the account, even for the right password. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../api/auth/login-throttle";
import { call, countRows, expectApiError } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
});
afterAll(() => server.dispose());

const login = (email: string, password: string) => call(server, "POST", "/api/login", { json: { email, password } });

it("locks an account for the window after 5 failures: the 6th attempt is 429 with Retry-After, even with the right password", async () => {
  expect(DEFAULT_LIMITS.perAccount).toBe(5);
  for (let attempt = 1; attempt <= 5; attempt++) {
    expectApiError(await login(server.staff.email, `wrong password ${attempt}`), 401, "invalid_credentials");
  }
  const sessionsBefore = countRows(server, "sessions");

  const locked = await login(server.staff.email, server.staff.password);
  const error = expectApiError(locked, 429, "too_many_attempts");
  expect(error.message).toMatch(/try again/i);
  const retryAfter = Number(locked.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(DEFAULT_LIMITS.windowMs / 1000);
  expect(locked.headers.get("set-cookie")).toBeNull();
  expect(countRows(server, "sessions")).toBe(sessionsBefore);

  // The lock is per account (the address is far from its own limit): another account still gets a plain 401.
  expectApiError(await login("someone.else@limitless.example", "whatever"), 401, "invalid_credentials");
  // The e-mail is normalised before counting: other spellings of the locked account are locked too.
  expectApiError(await login(` ${server.staff.email.toUpperCase()}`, server.staff.password), 429, "too_many_attempts");
});
