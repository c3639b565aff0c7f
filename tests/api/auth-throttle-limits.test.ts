/**
 * Login throttling with small limits (so the test needs few slow password checks): the per-address
 * rule across accounts, the same answer for unknown accounts, and the lock lifting after the window.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { call, expectApiError, type ApiResponse } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
/** A second server with a short window, to see the lock lift. */
let shortWindow: TestServer;

beforeAll(async () => {
  [server, shortWindow] = await Promise.all([
    startTestServer({ staticDir: null, throttleLimits: { windowMs: 15 * 60_000, perAccount: 2, perAddress: 4 } }),
    startTestServer({ staticDir: null, throttleLimits: { windowMs: 3_000, perAccount: 1, perAddress: 100 } }),
  ]);
});
afterAll(() => Promise.all([server.dispose(), shortWindow.dispose()]));

const login = (on: TestServer, email: string, password: string) => call(on, "POST", "/api/login", { json: { email, password } });

function retryAfterSeconds(response: ApiResponse): number {
  const value = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(value) && value > 0).toBe(true);
  return value;
}

it("locks an unknown e-mail exactly like a real account, then locks the address after failures across accounts", async () => {
  // Per account, for an e-mail that has no account: two failures, then 429 — nothing tells it apart from a real one.
  expectApiError(await login(server, "ghost@limitless.example", "a"), 401, "invalid_credentials");
  expectApiError(await login(server, "ghost@limitless.example", "b"), 401, "invalid_credentials");
  const ghostLocked = await login(server, "ghost@limitless.example", "c");
  expectApiError(ghostLocked, 429, "too_many_attempts");
  retryAfterSeconds(ghostLocked);

  // Per address: two more failures, each on a different account (none reaches its own limit) …
  for (const email of ["a@limitless.example", "b@limitless.example"]) {
    expectApiError(await login(server, email, "wrong"), 401, "invalid_credentials");
  }
  // … make four from this address: now even the real account with the right password is refused.
  const addressLocked = await login(server, server.staff.email, server.staff.password);
  expectApiError(addressLocked, 429, "too_many_attempts");
  retryAfterSeconds(addressLocked);
  expect(addressLocked.headers.get("set-cookie")).toBeNull();
  expect(addressLocked.text).toBe(ghostLocked.text);
});

it("lets the account sign in again once the window has passed", async () => {
  expectApiError(await login(shortWindow, shortWindow.staff.email, "wrong"), 401, "invalid_credentials");
  const locked = await login(shortWindow, shortWindow.staff.email, shortWindow.staff.password);
  expectApiError(locked, 429, "too_many_attempts");
  const wait = retryAfterSeconds(locked);
  expect(wait).toBeLessThanOrEqual(3);

  await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  const again = await login(shortWindow, shortWindow.staff.email, shortWindow.staff.password);
  expect(again.status).toBe(200);
});
