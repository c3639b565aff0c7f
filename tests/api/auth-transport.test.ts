/**
 * How sign-in depends on the connection: the session cookie's Secure flag (HTTPS directly or through a
 * trusted proxy, always in production, on request with SECURE_COOKIES=1 — never because a client says
 * so) and what the sign-in log lines may hold (never a typed e-mail of a failed attempt).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../../api/lib/logger";
import { call, expectApiError } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

interface LogLine {
  level: string;
  message: string;
  fields: Record<string, unknown>;
}
const lines: LogLine[] = [];
const capture: Logger = {
  info: (message, fields = {}) => void lines.push({ level: "info", message, fields }),
  warn: (message, fields = {}) => void lines.push({ level: "warn", message, fields }),
  error: (message, fields = {}) => void lines.push({ level: "error", message, fields }),
  child: (bound) => ({
    info: (message, fields = {}) => capture.info(message, { ...bound, ...fields }),
    warn: (message, fields = {}) => capture.warn(message, { ...bound, ...fields }),
    error: (message, fields = {}) => capture.error(message, { ...bound, ...fields }),
    child: (more) => capture.child({ ...bound, ...more }),
    request: (line) => capture.request(line),
  }),
  request: (line) => void lines.push({ level: "info", message: "request", fields: { ...line } }),
};

/** No TRUSTED_PROXIES, not production. */
let plain: TestServer;
/** Behind a trusted proxy at 127.0.0.1, its log lines captured. */
let proxied: TestServer;
let production: TestServer;
let forced: TestServer;

beforeAll(async () => {
  [plain, proxied, production, forced] = await Promise.all([
    startTestServer({ staticDir: null }),
    startTestServer({ staticDir: null, config: { trustedProxies: ["127.0.0.1"] }, logger: capture }),
    startTestServer({ staticDir: null, config: { production: true } }),
    startTestServer({ staticDir: null, config: { secureCookies: true } }),
  ]);
});
afterAll(() => Promise.all([plain.dispose(), proxied.dispose(), production.dispose(), forced.dispose()]));

const login = (on: TestServer, headers: Record<string, string> = {}, body: unknown = on.staff) =>
  call<{ access_token: string }>(on, "POST", "/api/login", { json: body, headers });

/** The attribute names of the Set-Cookie header that sets `name`, lower-cased. */
function attributesOf(headers: Headers, name: string): string[] {
  const header = headers.getSetCookie().find((h) => h.startsWith(`${name}=`));
  expect(header, `a Set-Cookie header for ${name}`).toBeDefined();
  return header!
    .split(";")
    .slice(1)
    .map((part) => part.trim().split("=")[0]!.toLowerCase());
}

/** The session cookie's attribute names; on sign-in, the device cookie must carry the same Secure flag. */
function cookieAttributes(headers: Headers): string[] {
  const session = attributesOf(headers, "access_token");
  if (headers.getSetCookie().some((h) => h.startsWith("staff_device="))) {
    expect(attributesOf(headers, "staff_device").includes("secure")).toBe(session.includes("secure"));
  }
  return session;
}

describe("the session cookie's Secure flag", () => {
  it("is set when a trusted proxy says the client came over HTTPS, on sign-in and on sign-out", async () => {
    const signedIn = await login(proxied, { "X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.20" });
    expect(signedIn.status).toBe(200);
    expect(cookieAttributes(signedIn.headers)).toContain("secure");

    const signedOut = await call(proxied, "POST", "/api/logout", {
      token: signedIn.body.access_token,
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(signedOut.status).toBe(200);
    expect(cookieAttributes(signedOut.headers)).toContain("secure");
  });

  it("is not set when the trusted proxy says the client came over plain HTTP", async () => {
    const response = await login(proxied, { "X-Forwarded-Proto": "http", "X-Forwarded-For": "198.51.100.21" });
    expect(response.status).toBe(200);
    expect(cookieAttributes(response.headers)).not.toContain("secure");
  });

  it("is not set over plain HTTP, and X-Forwarded-Proto from an untrusted peer changes nothing", async () => {
    for (const headers of [{}, { "X-Forwarded-Proto": "https" }] as Record<string, string>[]) {
      const response = await login(plain, headers);
      expect(response.status).toBe(200);
      const attributes = cookieAttributes(response.headers);
      expect(attributes).not.toContain("secure");
      expect(attributes).toContain("httponly");
    }
  });

  it("is always set under NODE_ENV=production, and with SECURE_COOKIES=1", async () => {
    for (const server of [production, forced]) {
      const response = await login(server);
      expect(response.status).toBe(200);
      expect(cookieAttributes(response.headers)).toContain("secure");
    }
  });
});

describe("sign-in log lines", () => {
  const failures = () => lines.filter((l) => l.message === "login failed" || l.message === "login refused");

  it("never hold the e-mail typed in a failed attempt, only a short keyed hash that is equal for equal e-mails", async () => {
    lines.length = 0;
    const typo = "Typo.Manager@Limitless.example";
    const from = { "X-Forwarded-For": "203.0.113.30" };
    expectApiError(await login(proxied, from, { email: typo, password: "wrong" }), 401, "invalid_credentials");
    expectApiError(await login(proxied, from, { email: ` ${typo.toLowerCase()}`, password: "wrong again" }), 401, "invalid_credentials");
    expectApiError(await login(proxied, from, { email: proxied.staff.email, password: "wrong" }), 401, "invalid_credentials");

    const failed = failures();
    expect(failed.map((l) => l.message)).toEqual(["login failed", "login failed", "login failed"]);
    for (const line of failed) {
      const text = JSON.stringify(line);
      expect(text.toLowerCase()).not.toContain("typo.manager");
      expect(text.toLowerCase()).not.toContain("limitless.example");
      expect(text).not.toContain("wrong");
      expect(line.fields.emailHash).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(line.fields.address).toBe("203.0.113.30");
    }
    // The same e-mail however typed → the same hash; another e-mail → another one.
    expect(failed[1]!.fields.emailHash).toBe(failed[0]!.fields.emailHash);
    expect(failed[2]!.fields.emailHash).not.toBe(failed[0]!.fields.emailHash);
    // A failure on a real account names the account by its id, so operators can see who is targeted.
    expect(typeof failed[2]!.fields.staffId).toBe("number");
    expect(failed[0]!.fields.staffId).toBeUndefined();
  });

  it("keep the e-mail out of refusals too, and name the account on a successful sign-in", async () => {
    lines.length = 0;
    const from = { "X-Forwarded-For": "203.0.113.31" };
    const victim = "victim.typed@limitless.example";
    for (let attempt = 0; attempt < 6; attempt++) await login(proxied, from, { email: victim, password: "wrong" });
    const refused = failures().filter((l) => l.message === "login refused");
    expect(refused.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures())).not.toContain("victim");

    expect((await login(proxied, { "X-Forwarded-For": "198.51.100.22" })).status).toBe(200);
    expect(lines.find((l) => l.message === "login")?.fields).toMatchObject({ account: proxied.staff.email, address: "198.51.100.22" });
  });
});
