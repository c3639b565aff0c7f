/**
 * Staff are never crowded out (API.md "Trust at the table", docs/decisions/0012):
 * - anonymous live streams stop at MAX_EVENT_STREAMS less the staff reserve, and a staff stream still opens;
 * - a sign-in from a browser holding a valid device cookie for the account is hashed in its own lane
 *   while unknown sign-ins fill theirs, and is not held by the per-address lock unknown browsers get;
 *   a forged, expired or other account's device cookie gets none of that.
 * The sign-in servers trust 127.0.0.1 as a proxy, so each request names its client in X-Forwarded-For.
 * The password check is a fake: "the right one" is right for every account, and the burst's
 * password waits until the test lets it go, so "the line is full" is a state, not a race.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueDeviceCookie } from "../../api/auth/device-cookie";
import { ensureStaff } from "../../api/auth/staff-account-service";
import { call, expectApiError, readStations, type ApiResponse } from "../support/api-helpers";
import { staffToken, startTestServer, type TestServer } from "../support/test-server";

const RIGHT = "the right one";
const HELD = "held until released";
const OTHER_STAFF = "second@limitless.example";

let streams: TestServer;
/** Hash lines of 2 running + 3 waiting for unknown browsers, 1 + 1 for known devices. */
let burst: TestServer;
let releaseBurst: () => void = () => {};
const burstHeld = new Promise<void>((resolve) => (releaseBurst = resolve));
/** Small counts: 2 attempts per (e-mail, address) or per device, 4 per address. */
let locks: TestServer;

const fakeCheck = async (password: string) => {
  if (password === HELD) await burstHeld;
  return password === RIGHT;
};

beforeAll(async () => {
  const behindProxy = { trustedProxies: ["127.0.0.1"] };
  [streams, burst, locks] = await Promise.all([
    startTestServer({ staticDir: null, config: { maxEventStreams: 20, staffStreamReserve: 2 } }),
    startTestServer({
      staticDir: null,
      config: behindProxy,
      signIn: {
        maxConcurrentHashes: 2,
        maxWaitingHashes: 3,
        knownDeviceHashes: 1,
        maxWaitingKnownDeviceHashes: 1,
        verifyPassword: fakeCheck,
      },
    }),
    startTestServer({
      staticDir: null,
      config: behindProxy,
      signIn: { limits: { windowMs: 15 * 60_000, perAccount: 2, perAddress: 4 }, verifyPassword: fakeCheck },
    }),
  ]);
  for (const server of [burst, locks])
    await ensureStaff(server.running().context, OTHER_STAFF, "another long passphrase here", { N: 2 ** 10, r: 8, p: 1 });
});
afterAll(async () => {
  releaseBurst();
  await Promise.all([streams.dispose(), burst.dispose(), locks.dispose()]);
});

describe("live streams: a reserve kept for staff", () => {
  it("accepts exactly cap − reserve anonymous streams, refuses the next with 503 busy, and still opens staff streams up to the cap", async () => {
    const token = await staffToken(streams);
    const stations = await readStations(streams, token, 1);
    const anonymousPaths = [
      "/api/products/events?branch_id=1",
      `/api/stations/${stations[0]!.id}/events`,
      "/api/products/events?branch_id=2",
    ];
    const open: AbortController[] = [];
    const openStream = async (path: string, headers: Record<string, string> = {}) => {
      const controller = new AbortController();
      const response = await fetch(`${streams.url}${path}`, {
        headers: { Accept: "text/event-stream", ...headers },
        signal: controller.signal,
      });
      if (response.status === 200) open.push(controller);
      return {
        status: response.status,
        headers: response.headers,
        body: response.status === 200 ? undefined : ((await response.json()) as unknown),
      };
    };
    const live = () => streams.running().context.liveEvents;
    try {
      // One client opens public streams of every kind until it is refused.
      let accepted = 0;
      let refused: Awaited<ReturnType<typeof openStream>> | undefined;
      for (let i = 0; i < 40 && !refused; i++) {
        const response = await openStream(anonymousPaths[i % anonymousPaths.length]!);
        if (response.status === 200) accepted++;
        else refused = response;
      }
      expect(accepted).toBe(18);
      expect(refused?.status).toBe(503);
      expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused?.body).toMatchObject({ error: { code: "busy", message: expect.any(String) } });
      for (const path of anonymousPaths) expectApiError(await call(streams, "GET", path), 503, "busy");

      // The kitchen's stream opens: the reserve is for staff…
      const kitchen = await openStream("/api/events?branch_id=1", { Authorization: `Bearer ${token}` });
      expect(kitchen.status).toBe(200);
      expect(kitchen.headers.get("content-type")).toMatch(/^text\/event-stream/);
      // …for staff streams only: a staff member's token does not let a public stream into it.
      expectApiError(await call(streams, "GET", anonymousPaths[0]!, { token }), 503, "busy");
      expect((await openStream("/api/events?branch_id=2", { Authorization: `Bearer ${token}` })).status).toBe(200);
      expect({ all: live().size, anonymous: live().anonymousSize }).toEqual({ all: 20, anonymous: 18 });
      // Only the whole cap stops a staff stream.
      expectApiError(await call(streams, "GET", "/api/events?branch_id=1", { token }), 503, "busy");
    } finally {
      for (const controller of open) controller.abort();
      await expect.poll(() => live().size).toBe(0);
    }
    expect(live().anonymousSize).toBe(0);
  });
});

const login = (on: TestServer, email: string, password: string, from: string, deviceCookie?: string) =>
  call<{ access_token: string }>(on, "POST", "/api/login", {
    json: { email, password },
    headers: { "X-Forwarded-For": from, ...(deviceCookie ? { Cookie: deviceCookie } : {}) },
  });

/** The `staff_device=…` pair a successful sign-in set, as the browser sends it back. */
function deviceCookieOf(response: ApiResponse): string {
  expect(response.status, response.text).toBe(200);
  const header = response.headers.getSetCookie().find((h) => h.startsWith("staff_device="));
  expect(header).toBeDefined();
  return header!.split(";")[0]!;
}

/** The same cookie with its signature's first character changed. */
function forged(cookie: string): string {
  const at = cookie.lastIndexOf(".") + 1;
  return cookie.slice(0, at) + (cookie[at] === "A" ? "B" : "A") + cookie.slice(at + 1);
}

describe("sign-in: known devices are not queued behind unknown ones", () => {
  it("lets a browser with a device cookie sign in while 30 unknown sign-ins from 30 addresses fill the line; other cookies get no lane", async () => {
    const { email } = burst.staff;
    const device = deviceCookieOf(await login(burst, email, RIGHT, "198.51.100.10"));
    // The same browser (a shared kitchen tablet) signs in to a second account: its cookie now names both.
    const shared = deviceCookieOf(await login(burst, OTHER_STAFF, RIGHT, "198.51.100.10", device));
    const otherDevice = deviceCookieOf(await login(burst, OTHER_STAFF, RIGHT, "198.51.100.11"));
    const key = Buffer.from(
      (await burst.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'device_cookie'"))[0]!.value,
      "base64url",
    );
    const expired = `staff_device=${issueDeviceCookie(key, undefined, email, Date.now() - 366 * 24 * 3_600_000).value}`;

    const gate = () => burst.running().context.signIn.load;
    const refused: number[] = [];
    const flood = Array.from({ length: 30 }, (_, i) =>
      login(burst, `guess${i}@limitless.example`, HELD, `203.0.113.${i + 1}`).then((response) => {
        if (response.status === 503) refused.push(response.status);
        return response;
      }),
    );
    // Two checks running and three waiting, all held; the other 25 are answered busy at once (all of
    // them, before the burst is released: on a slow machine some may still be on their way).
    await expect.poll(gate, { timeout: 10_000 }).toEqual({ unknown: { running: 2, waiting: 3 }, knownDevices: { running: 0, waiting: 0 } });
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBe(25);

    // Unknown browsers are turned away, the account's owner among them…
    expectApiError(await login(burst, email, RIGHT, "198.51.100.10"), 503, "busy");
    // …and so are a forged cookie, an expired one (rightly signed) and another account's cookie.
    for (const cookie of [forged(device), expired, otherDevice]) {
      const response = await login(burst, email, RIGHT, "198.51.100.10", cookie);
      expectApiError(response, 503, "busy");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // The browser that signed in before gets its own lane: signed in, with a fresh device cookie.
    const known = await login(burst, email, RIGHT, "198.51.100.12", shared);
    expect(known.status, known.text).toBe(200);
    expect(known.body.access_token).toMatch(/^[\w-]{43,}$/);
    const renewed = deviceCookieOf(known);
    expect(renewed).not.toBe(shared);
    // The renewed cookie still names both accounts this browser signed in to.
    expect((await login(burst, OTHER_STAFF, RIGHT, "198.51.100.12", renewed)).status).toBe(200);
    expect(gate().unknown).toEqual({ running: 2, waiting: 3 });

    releaseBurst();
    const statuses = (await Promise.all(flood)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 503)).toHaveLength(25);
  });
});

describe("sign-in: known devices are not locked out with unknown ones", () => {
  it("lets a known device past its address's lock and past strangers' failures, and counts its own failures against it alone", async () => {
    const { email } = locks.staff;
    const WIFI = "203.0.113.50";
    const device = deviceCookieOf(await login(locks, email, RIGHT, WIFI));
    const phone = deviceCookieOf(await login(locks, email, RIGHT, "198.51.100.40"));
    const otherDevice = deviceCookieOf(await login(locks, OTHER_STAFF, RIGHT, WIFI));

    // Someone on the restaurant's Wi-Fi tries four made-up e-mails: the address is locked for unknown browsers.
    for (const guess of ["a", "b", "c", "d"])
      expectApiError(await login(locks, `${guess}@limitless.example`, "wrong", WIFI), 401, "invalid_credentials");
    expectApiError(await login(locks, email, RIGHT, WIFI), 429, "too_many_attempts");
    for (const cookie of [forged(device), otherDevice])
      expectApiError(await login(locks, email, RIGHT, WIFI, cookie), 429, "too_many_attempts");
    // The manager's tablet signs in from there all the same.
    const tablet = deviceCookieOf(await login(locks, email, RIGHT, WIFI, device));

    // A stranger elsewhere exhausts the account's tries from their address: only they are locked out.
    const STRANGER = "192.0.2.77";
    for (let i = 0; i < 2; i++) expectApiError(await login(locks, email, "wrong", STRANGER), 401, "invalid_credentials");
    expectApiError(await login(locks, email, RIGHT, STRANGER), 429, "too_many_attempts");
    expect((await login(locks, email, RIGHT, STRANGER, tablet)).status).toBe(200);

    // Failures from the known device count against that device: two, then it is refused too…
    for (let i = 0; i < 2; i++) expectApiError(await login(locks, email, "wrong", "198.51.100.30", tablet), 401, "invalid_credentials");
    const locked = await login(locks, email, RIGHT, "198.51.100.30", tablet);
    expectApiError(locked, 429, "too_many_attempts");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // …while the owner's other device, and an unknown browser at a clean address, still sign in.
    expect((await login(locks, email, RIGHT, "198.51.100.30", phone)).status).toBe(200);
    expect((await login(locks, email, RIGHT, "198.51.100.31")).status).toBe(200);
  });
});
