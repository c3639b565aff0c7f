/**
 * Staff accounts through the API (API.md "Running the restaurant"): create, change, deactivate (the
 * account is signed out everywhere and its streams end), the last active owner (also two requests at
 * once), the password policy, a manager's limits, answers without hashes, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, StaffAccount } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { ACCOUNT_PASSWORD, staffAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

const STRONG = "marble pigeon quietly harvest";

let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, server: { streamTiming: { recheckMs: 60_000 } } });
  owner = await staffToken(server);
});
afterAll(() => server?.dispose());

const signIn = (email: string, password: string) =>
  call<{ access_token: string }>(server, "POST", "/api/login", { json: { email, password } });
const auditLog = async (query = "") => (await call<AuditEntry[]>(server, "GET", `/api/audit_log${query}`, { token: owner })).body;

describe("an owner manages accounts", () => {
  let created: StaffAccount;

  it("creates one: 201 with its fields, never a password or hash", async () => {
    const response = await call<StaffAccount>(server, "POST", "/api/staff", {
      token: owner,
      json: { email: "Ana@Limitless.example", name: "Ana", role: "kitchen", branch_ids: [1], password: STRONG },
    });
    expect(response.status).toBe(201);
    created = response.body;
    expect(created).toEqual({
      id: expect.any(Number),
      email: "ana@limitless.example",
      name: "Ana",
      role: "kitchen",
      branch_ids: [1],
      active: true,
      has_pin: false,
    });
    expect(response.text).not.toMatch(/scrypt|password|hash/i);
    expect((await signIn("ana@limitless.example", STRONG)).status).toBe(200);
    const listed = await call<StaffAccount[]>(server, "GET", "/api/staff?branch_id=1", { token: owner });
    expect(listed.body.map((a) => a.email)).toContain("ana@limitless.example");
    expect(listed.text).not.toMatch(/scrypt|password_hash/);
    const elsewhere = await call<StaffAccount[]>(server, "GET", "/api/staff?branch_id=2", { token: owner });
    expect(elsewhere.body.map((a) => a.email)).not.toContain("ana@limitless.example");
    const [entry] = await auditLog();
    expect(entry).toMatchObject({ action: "staff.created", target: `staff:${created.id}`, actor_email: server.staff.email, branch_id: 1 });
  });

  it("refuses a taken e-mail with 409", async () => {
    const again = await call(server, "POST", "/api/staff", {
      token: owner,
      json: { email: "ana@limitless.example", name: "Ana 2", role: "floor", branch_ids: [1], password: STRONG },
    });
    expectApiError(again, 409, "email_taken");
  });

  it("refuses a weak password with 400 weak_password and its reason, creating nothing", async () => {
    const weak = await call(server, "POST", "/api/staff", {
      token: owner,
      json: { email: "weak@limitless.example", name: "Weak", role: "floor", branch_ids: [1], password: "password1234" },
    });
    const error = expectApiError(weak, 400, "weak_password");
    expect(error.message).toMatch(/at least 15 characters/);
    expect(error.details?.[0]).toMatchObject({ path: "password", problem: "too_short" });
    expect(await server.query("SELECT id FROM staff_users WHERE email = ?", ["weak@limitless.example"])).toEqual([]);
    const reset = await call(server, "PATCH", `/api/staff/${created.id}`, { token: owner, json: { password: "aaaaaaaaaaaaaaaaaaaa" } });
    expect(expectApiError(reset, 400, "weak_password").message).toMatch(/repetitive/);
    expect((await signIn("ana@limitless.example", STRONG)).status).toBe(200);
  });

  it("changes role and branches, and audits what changed", async () => {
    const response = await call<StaffAccount>(server, "PATCH", `/api/staff/${created.id}`, {
      token: owner,
      json: { role: "floor", branch_ids: [1, 2], name: "Ana R." },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ role: "floor", branch_ids: [1, 2], name: "Ana R." });
    const [entry] = await auditLog();
    expect(entry).toMatchObject({
      action: "staff.updated",
      details: { role: { from: "kitchen", to: "floor" }, branch_ids: { from: [1], to: [1, 2] }, name: { from: "Ana", to: "Ana R." } },
    });
  });

  it("a new password signs the account out everywhere and ends its streams at once", async () => {
    const token = (await signIn("ana@limitless.example", STRONG)).body.access_token;
    const stream = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` });
    const reset = await call(server, "PATCH", `/api/staff/${created.id}`, {
      token: owner,
      json: { password: "copper lagoon wander thistle" },
    });
    expect(reset.status).toBe(200);
    expect(reset.text).not.toMatch(/copper|scrypt/);
    expectApiError(await call(server, "GET", "/api/current_user", { token }), 401, "unauthenticated");
    // Re-checks are a minute apart here: ending within 3 s is the change's doing.
    await expect(stream.next(3_000)).rejects.toThrow(/the stream ended/);
    expectApiError(await signIn("ana@limitless.example", STRONG), 401, "invalid_credentials");
    expect((await signIn("ana@limitless.example", "copper lagoon wander thistle")).status).toBe(200);
    expect((await auditLog())[0]).toMatchObject({ action: "staff.password_reset", details: {} });
  });

  it("deactivating signs out everywhere, ends streams and refuses sign-in; reactivating lets it back", async () => {
    const password = "copper lagoon wander thistle";
    const token = (await signIn("ana@limitless.example", password)).body.access_token;
    const stream = await SseStream.open(`${server.url}/api/events?branch_id=2`, { Authorization: `Bearer ${token}` });
    const off = await call<StaffAccount>(server, "PATCH", `/api/staff/${created.id}`, { token: owner, json: { active: false } });
    expect(off.body.active).toBe(false);
    expectApiError(await call(server, "GET", "/api/calls?branch_id=1", { token }), 401, "unauthenticated");
    await expect(stream.next(3_000)).rejects.toThrow(/the stream ended/);
    expectApiError(await signIn("ana@limitless.example", password), 401, "invalid_credentials");
    expect(await server.query("SELECT token_hash FROM sessions WHERE user_id = ?", [created.id])).toEqual([]);
    expect((await auditLog())[0]).toMatchObject({ action: "staff.deactivated" });
    await call(server, "PATCH", `/api/staff/${created.id}`, { token: owner, json: { active: true } });
    expect((await signIn("ana@limitless.example", password)).status).toBe(200);
  });

  it("a role change ends that account's board stream when the new role may not follow it", async () => {
    const cook = await staffAccount(server, "kitchen", [1]);
    const stream = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${cook.token}` });
    await call(server, "PATCH", `/api/staff/${cook.id}`, { token: owner, json: { branch_ids: [2] } });
    await expect(stream.next(3_000)).rejects.toThrow(/the stream ended/);
    expectApiError(await call(server, "GET", "/api/events?branch_id=1", { token: cook.token }), 403, "forbidden");
  });

  it("an unknown account is 404, a body with nothing to change 400", async () => {
    expectApiError(await call(server, "PATCH", "/api/staff/987654", { token: owner, json: { name: "X" } }), 404, "staff_not_found");
    expectApiError(await call(server, "PATCH", `/api/staff/${created.id}`, { token: owner, json: {} }), 400, "invalid_body");
    expectApiError(
      await call(server, "POST", "/api/staff", {
        token: owner,
        json: { email: "x@y.example", name: "X", role: "floor", branch_ids: [9], password: STRONG },
      }),
      400,
      "invalid_body",
    );
  });
});

describe("a manager", () => {
  let manager: Awaited<ReturnType<typeof staffAccount>>;

  beforeAll(async () => {
    manager = await staffAccount(server, "manager", [1]);
  });

  it("manages kitchen and floor accounts of their branches", async () => {
    const made = await call<StaffAccount>(server, "POST", "/api/staff", {
      token: manager.token,
      json: { email: "cook1@limitless.example", name: "Cook", role: "kitchen", branch_ids: [1], password: STRONG },
    });
    expect(made.status).toBe(201);
    const changed = await call(server, "PATCH", `/api/staff/${made.body.id}`, { token: manager.token, json: { role: "floor" } });
    expect(changed.status).toBe(200);
    const listed = await call<StaffAccount[]>(server, "GET", "/api/staff?branch_id=1", { token: manager.token });
    expect(listed.body.map((a) => a.email)).toContain("cook1@limitless.example");
  });

  it("may not make managers or owners, work outside their branches, or change an owner", async () => {
    const as = (json: object) =>
      call(server, "POST", "/api/staff", { token: manager.token, json: { name: "N", password: STRONG, ...json } });
    expectApiError(await as({ email: "m2@limitless.example", role: "manager", branch_ids: [1] }), 403, "forbidden");
    expectApiError(await as({ email: "o2@limitless.example", role: "owner", branch_ids: [] }), 403, "forbidden");
    expectApiError(await as({ email: "k2@limitless.example", role: "kitchen", branch_ids: [2] }), 403, "forbidden");
    expectApiError(await as({ email: "k3@limitless.example", role: "kitchen", branch_ids: [1, 2] }), 403, "forbidden");
    const [ownerRow] = await server.query<{ id: number }>("SELECT id FROM staff_users WHERE email = ?", [server.staff.email]);
    expectApiError(
      await call(server, "PATCH", `/api/staff/${ownerRow!.id}`, { token: manager.token, json: { active: false } }),
      403,
      "forbidden",
    );
    const other = await staffAccount(server, "floor", [2], { signIn: false });
    expectApiError(
      await call(server, "PATCH", `/api/staff/${other.id}`, { token: manager.token, json: { name: "Mine now" } }),
      403,
      "forbidden",
    );
    expectApiError(await call(server, "GET", "/api/staff?branch_id=2", { token: manager.token }), 403, "forbidden");
    expectApiError(await call(server, "GET", "/api/audit_log", { token: manager.token }), 403, "forbidden");
  });
});

describe("the audit log", () => {
  it("records sold-out and stock changes, and menu imports, with who and when", async () => {
    const product = orderableAnyDay(await readMenu(server, 1))[0]!;
    await call(server, "PATCH", `/api/products/${product.id}`, { token: owner, json: { stock: 7 } });
    const [entry] = await auditLog("?branch_id=1&limit=1");
    expect(entry).toMatchObject({
      action: "product.updated",
      target: `product:${product.id}`,
      branch_id: 1,
      details: { stock: 7, name: product.name },
    });
    expect(Date.parse(entry!.at)).not.toBeNaN();
    const csv = await call(server, "GET", "/api/products/export_csv?branch_id=2", { token: owner });
    const form = new FormData();
    form.append("file", new Blob([csv.text], { type: "text/csv" }), "menu.csv");
    expect((await call(server, "POST", "/api/products/upload_csv?branch_id=2", { token: owner, body: form })).status).toBe(200);
    expect((await auditLog("?branch_id=2&limit=1"))[0]).toMatchObject({ action: "menu.imported", target: "menu:2", branch_id: 2 });
    expect((await auditLog("?limit=500")).length).toBeGreaterThan(3);
    expectApiError(await call(server, "GET", "/api/audit_log?limit=0", { token: owner }), 400, "invalid_query");
  });
});

describe("the last active owner", () => {
  it("cannot be demoted or deactivated (409 last_owner)", async () => {
    const [me] = await server.query<{ id: number }>("SELECT id FROM staff_users WHERE email = ?", [server.staff.email]);
    const owners = await server.query<{ id: number }>("SELECT id FROM staff_users WHERE role = 'owner'");
    expect(owners.map((o) => Number(o.id))).toEqual([Number(me!.id)]);
    expectApiError(await call(server, "PATCH", `/api/staff/${me!.id}`, { token: owner, json: { role: "manager" } }), 409, "last_owner");
    expectApiError(await call(server, "PATCH", `/api/staff/${me!.id}`, { token: owner, json: { active: false } }), 409, "last_owner");
  });

  it("two owners demoting each other at once: exactly one succeeds", async () => {
    const [me] = await server.query<{ id: number }>("SELECT id FROM staff_users WHERE email = ?", [server.staff.email]);
    const second = await staffAccount(server, "owner", []);
    const results = await Promise.all([
      call(server, "PATCH", `/api/staff/${second.id}`, { token: owner, json: { role: "manager", branch_ids: [1] } }),
      call(server, "PATCH", `/api/staff/${me!.id}`, { token: second.token, json: { active: false } }),
    ]);
    // The loser's answer depends on how far the winner got: both checked before either committed →
    // 409 last_owner; the demotion committed first → the demoted one is a manager now (403); the
    // deactivation committed first → the deactivated owner's session has ended (401). Never both.
    const winner = results.find((r) => r.status === 200);
    const loser = results.find((r) => r !== winner)!;
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const loserCode = { 409: "last_owner", 403: "forbidden", 401: "unauthenticated" }[loser.status as 409 | 403 | 401];
    expect(loserCode, `the other answer was ${loser.status}`).toBeDefined();
    expectApiError(loser, loser.status, loserCode!);
    const active = await server.query("SELECT id FROM staff_users WHERE role = 'owner' AND active = ?", [
      server.dialect === "postgres" ? true : 1,
    ]);
    expect(active).toHaveLength(1);
    // Leave the test account the owner it was.
    const survivor = results[0]!.status === 200 ? owner : second.token;
    await call(server, "PATCH", `/api/staff/${me!.id}`, { token: survivor, json: { active: true, role: "owner" } });
    expect((await call(server, "GET", "/api/current_user", { token: await staffToken(server) })).body).toMatchObject({ role: "owner" });
  });
});

describe("a take-over PIN", () => {
  it("is hashed, switches the tablet's session to its person, and is refused when wrong", async () => {
    const floor = await staffAccount(server, "floor", [1]);
    const set = await call<StaffAccount>(server, "PUT", "/api/current_user/pin", { token: floor.token, json: { pin: "482916" } });
    expect(set.body.has_pin).toBe(true);
    const [row] = await server.query<{ pin_hash: string }>("SELECT pin_hash FROM staff_users WHERE id = ?", [floor.id]);
    expect(row!.pin_hash).toMatch(/^scrypt\$/);
    expect(row!.pin_hash).not.toContain("482916");

    const tablet = (await staffAccount(server, "kitchen", [1])).token;
    expectApiError(
      await call(server, "POST", "/api/session/switch", { token: tablet, json: { email: floor.email, pin: "000000" } }),
      401,
      "invalid_credentials",
    );
    expectApiError(
      await call(server, "POST", "/api/session/switch", { token: tablet, json: { email: "nobody@limitless.example", pin: "482916" } }),
      401,
      "invalid_credentials",
    );
    expectApiError(await call(server, "POST", "/api/session/switch", { token: tablet, json: { pin: "482916" } }), 400, "invalid_body");
    const switched = await call<{ access_token: string }>(server, "POST", "/api/session/switch", {
      token: tablet,
      json: { staff_id: floor.id, pin: "482916" },
    });
    expect(switched.status).toBe(200);
    expect(switched.headers.get("set-cookie")).toMatch(/access_token=/);
    expect((await call(server, "GET", "/api/current_user", { token: switched.body.access_token })).body).toMatchObject({
      logged_in_as: floor.email,
      role: "floor",
    });
    expectApiError(await call(server, "GET", "/api/current_user", { token: tablet }), 401, "unauthenticated");
    expectApiError(
      await call(server, "POST", "/api/session/switch", { json: { staff_id: floor.id, pin: "482916" } }),
      401,
      "unauthenticated",
    );
  });

  it("is throttled per account like passwords: the sixth guess is 429 even with the right PIN", async () => {
    const cook = await staffAccount(server, "kitchen", [1]);
    const manager = await staffAccount(server, "manager", [1]);
    const set = await call<StaffAccount>(server, "PATCH", `/api/staff/${cook.id}`, { token: manager.token, json: { pin: "7391" } });
    expect(set.body.has_pin).toBe(true);
    const tablet = (await staffAccount(server, "floor", [1])).token;
    for (let i = 0; i < 5; i++) {
      expectApiError(
        await call(server, "POST", "/api/session/switch", { token: tablet, json: { email: cook.email, pin: `100${i}` } }),
        401,
        "invalid_credentials",
      );
    }
    const locked = await call(server, "POST", "/api/session/switch", { token: tablet, json: { email: cook.email, pin: "7391" } });
    expectApiError(locked, 429, "too_many_attempts");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(server, "GET", "/api/current_user", { token: tablet })).status).toBe(200);
  });

  it("is refused cross-site with the cookie, as sign-in is", async () => {
    const cook = await staffAccount(server, "kitchen", [1]);
    const refused = await call(server, "POST", "/api/session/switch", {
      cookie: cook.token,
      origin: "https://evil.example",
      json: { staff_id: cook.id, pin: "1234" },
    });
    expectApiError(refused, 403, "cross_origin_refused");
    expect(ACCOUNT_PASSWORD.length).toBeGreaterThanOrEqual(15);
  });
});
