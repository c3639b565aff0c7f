/**
 * Login throttling with small limits (so the test needs few slow password checks): an unknown e-mail
 * locked like a real one, the looser per-address cap across e-mails, the lock lifting after the
 * window, and the cap on password hashes running at once (with a fake, slow password check).
 * The servers trust 127.0.0.1 as a proxy, so each test names its own client address in X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectApiError, type ApiResponse } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

const behindProxy = { trustedProxies: ["127.0.0.1"] };

let server: TestServer;
/** A 3-second window on a clock the test moves, to see the lock lift however slowly a hash runs. */
let shortWindow: TestServer;
let shortWindowClock = Date.now();
/** A fake password check that takes 150 ms and records how many run at once. */
let slowHash: TestServer;
const hashes = { running: 0, most: 0, total: 0 };

beforeAll(async () => {
  [server, shortWindow, slowHash] = await Promise.all([
    startTestServer({ staticDir: null, config: behindProxy, signIn: { limits: { windowMs: 15 * 60_000, perAccount: 2, perAddress: 4 } } }),
    startTestServer({
      staticDir: null,
      config: behindProxy,
      signIn: { limits: { windowMs: 3_000, perAccount: 1, perAddress: 100 }, now: () => shortWindowClock },
    }),
    startTestServer({
      staticDir: null,
      config: behindProxy,
      signIn: {
        limits: { windowMs: 15 * 60_000, perAccount: 1, perAddress: 100 },
        maxConcurrentHashes: 2,
        maxWaitingHashes: 3,
        verifyPassword: async (password) => {
          hashes.total++;
          hashes.most = Math.max(hashes.most, ++hashes.running);
          await new Promise((resolve) => setTimeout(resolve, 150));
          hashes.running--;
          return password === "the right one";
        },
      },
    }),
  ]);
});
afterAll(() => Promise.all([server.dispose(), shortWindow.dispose(), slowHash.dispose()]));

const login = (on: TestServer, email: string, password: string, from: string) =>
  call(on, "POST", "/api/login", { json: { email, password }, headers: { "X-Forwarded-For": from } });

function retryAfterSeconds(response: ApiResponse): number {
  const value = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(value) && value > 0).toBe(true);
  return value;
}

describe("limits per (e-mail, address) and per address", () => {
  it("locks an unknown e-mail exactly like a real account, then locks the address after failures across e-mails", async () => {
    const from = "203.0.113.1";
    // Per e-mail, for an e-mail that has no account: two failures, then 429 — nothing tells it apart from a real one.
    expectApiError(await login(server, "ghost@limitless.example", "a", from), 401, "invalid_credentials");
    expectApiError(await login(server, "ghost@limitless.example", "b", from), 401, "invalid_credentials");
    const ghostLocked = await login(server, "ghost@limitless.example", "c", from);
    expectApiError(ghostLocked, 429, "too_many_attempts");
    retryAfterSeconds(ghostLocked);

    // Per address: two more failures, each on another e-mail (none reaches its own limit) …
    for (const email of ["a@limitless.example", "b@limitless.example"]) {
      expectApiError(await login(server, email, "wrong", from), 401, "invalid_credentials");
    }
    // … make four from this address: now even the real account with the right password is refused there.
    const addressLocked = await login(server, server.staff.email, server.staff.password, from);
    expectApiError(addressLocked, 429, "too_many_attempts");
    retryAfterSeconds(addressLocked);
    expect(addressLocked.headers.get("set-cookie")).toBeNull();
    expect(addressLocked.text).toBe(ghostLocked.text);

    // Another address is untouched by all of it.
    expect((await login(server, server.staff.email, server.staff.password, "198.51.100.1")).status).toBe(200);
  });

  it("does not charge the address for successful sign-ins", async () => {
    const from = "203.0.113.2";
    for (let round = 0; round < 5; round++) {
      expect((await login(server, server.staff.email, server.staff.password, from)).status).toBe(200);
    }
    for (const email of ["c@limitless.example", "d@limitless.example", "e@limitless.example", "f@limitless.example"]) {
      expectApiError(await login(server, email, "wrong", from), 401, "invalid_credentials");
    }
    expectApiError(await login(server, "g@limitless.example", "wrong", from), 429, "too_many_attempts");
  });

  it("counts an IPv6 client by its /64, so hopping addresses inside it gains nothing", async () => {
    expectApiError(await login(server, server.staff.email, "wrong", "2001:db8:5:6::1"), 401, "invalid_credentials");
    expectApiError(await login(server, server.staff.email, "wrong", "2001:db8:5:6::2"), 401, "invalid_credentials");
    expectApiError(await login(server, server.staff.email, server.staff.password, "2001:db8:5:6:ffff::3"), 429, "too_many_attempts");
    expect((await login(server, server.staff.email, server.staff.password, "2001:db8:5:7::1")).status).toBe(200);
  });

  it("lets the account sign in again once the window has passed", async () => {
    const from = "203.0.113.3";
    expectApiError(await login(shortWindow, shortWindow.staff.email, "wrong", from), 401, "invalid_credentials");
    const locked = await login(shortWindow, shortWindow.staff.email, shortWindow.staff.password, from);
    expectApiError(locked, 429, "too_many_attempts");
    const wait = retryAfterSeconds(locked);
    expect(wait).toBeLessThanOrEqual(3);

    shortWindowClock += wait * 1000;
    const again = await login(shortWindow, shortWindow.staff.email, shortWindow.staff.password, from);
    expect(again.status).toBe(200);
  });
});

describe("password checks running at once", () => {
  it("never runs more than 2, queues 3 more, and answers the rest 503 busy with Retry-After without counting them", async () => {
    const sends = Array.from({ length: 10 }, (_, i) => `192.0.2.${i + 1}`);
    const responses = await Promise.all(sends.map((from) => login(slowHash, slowHash.staff.email, "wrong", from)));
    expect(hashes.most).toBe(2);
    expect(hashes.total).toBe(5);

    const refused = sends.filter((_, i) => responses[i]!.status === 503);
    expect(refused).toHaveLength(5);
    for (const response of responses) {
      if (response.status === 503) {
        expectApiError(response, 503, "busy");
        retryAfterSeconds(response);
      } else {
        expectApiError(response, 401, "invalid_credentials");
      }
    }
    // A busy answer gave its slot back: with one attempt allowed per (e-mail, address), the retry is
    // checked (401) instead of refused (429), and the right password then works from a fresh address.
    expectApiError(await login(slowHash, slowHash.staff.email, "wrong", refused[0]!), 401, "invalid_credentials");
    expect((await login(slowHash, slowHash.staff.email, "the right one", "198.51.100.50")).status).toBe(200);
    expect(hashes.most).toBe(2);
  });
});
