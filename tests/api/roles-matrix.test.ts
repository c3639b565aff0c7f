/**
 * Each role × each staff endpoint of the contract's table (API.md "Running the restaurant"): a role
 * the endpoint's permission allows is not refused (401/403; a dummy request may still be 400 or 404),
 * any other role is 403 `forbidden`. The table is iterated, so a new endpoint is covered as soon as it
 * is declared. Then branch scoping: an account of branch 1 is refused branch 2's streams and orders.
 * Requests name ids that do not exist and send empty bodies, so nothing is changed.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { roleMay, STAFF_ROLES, type StaffRole } from "../../contract/roles";
import type { Order } from "../../contract/schemas";
import { call, expectApiError, orderableAnyDay, readMenu, readStations } from "../support/api-helpers";
import { SseStream } from "../support/sse-stream";
import { staffAccount, type TestAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  tokens.owner = await staffToken(server);
  for (const role of ["manager", "kitchen", "floor"] as const) tokens[role] = (await staffAccount(server, role, [1])).token;
});
afterAll(() => server?.dispose());

type Entry = (typeof endpoints)[keyof typeof endpoints];
const staffEndpoints = Object.entries(endpoints).filter(
  (pair): pair is [string, Entry & { auth: { permission: Parameters<typeof roleMay>[1] } }] => pair[1].auth !== "public",
);

/** A request the endpoint takes without changing anything: ids of nothing, an empty body. */
function requestFor(endpoint: Entry): { path: string; init: RequestInit } {
  const id = endpoint.path.startsWith("/products/") || endpoint.path.startsWith("/staff/") ? "999999" : randomUUID();
  const path = `/api${endpoint.path.replace(":id", id)}?branch_id=1&from=2026-01-01&to=2026-01-31`;
  const body = endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : "{}";
  return { path, init: { method: endpoint.method, body, headers: body ? { "Content-Type": "application/json" } : {} } };
}

/** Status and error code, without reading a live stream's body. */
async function statusOf(endpoint: Entry, token: string): Promise<{ status: number; code?: string }> {
  const { path, init } = requestFor(endpoint);
  const controller = new AbortController();
  const response = await fetch(server.url + path, {
    ...init,
    signal: controller.signal,
    headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
  });
  const isJson = /json/.test(response.headers.get("content-type") ?? "");
  const code = isJson ? ((await response.json()) as { error?: { code: string } }).error?.code : undefined;
  controller.abort();
  return { status: response.status, code };
}

describe("the contract's permissions table, enforced", () => {
  it("covers the staff endpoints, the new ones included", () => {
    expect(staffEndpoints.map(([name]) => name)).toEqual(
      expect.arrayContaining(["staffAccounts", "createStaffAccount", "updateStaffAccount", "auditLog", "salesReport", "branchEvents"]),
    );
  });

  const cases = staffEndpoints.flatMap(([name, endpoint]) => STAFF_ROLES.map((role) => [name, role, endpoint] as const));
  it.each(cases)("%s as %s", async (_name, role, endpoint) => {
    const { status, code } = await statusOf(endpoint, tokens[role]);
    if (roleMay(role, endpoint.auth.permission)) {
      expect(status, `${role} may: ${code}`).not.toBe(401);
      expect(status, `${role} may: ${code}`).not.toBe(403);
      expect(status).toBeLessThan(500);
    } else {
      expect({ status, code }).toEqual({ status: 403, code: "forbidden" });
    }
  });
});

describe("branch scoping", () => {
  let kitchen1: TestAccount;
  let branch2Order: Order;

  beforeAll(async () => {
    kitchen1 = await staffAccount(server, "kitchen", [1]);
    const [station] = await readStations(server, tokens.owner, 2);
    const [product] = orderableAnyDay(await readMenu(server, 2));
    const placed = await call<Order>(server, "POST", "/api/orders", {
      json: { station_id: station!.id, branch_id: 2, products: [{ id: product!.id, quantity: 1 }] },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(placed.status).toBe(201);
    branch2Order = placed.body;
  });

  it("a kitchen account of branch 1 follows branch 1's board stream", async () => {
    const stream = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${kitchen1.token}` });
    expect(stream.response.status).toBe(200);
    stream.close();
  });

  it("is refused branch 2's board stream and orders", async () => {
    const token = kitchen1.token;
    expectApiError(await call(server, "GET", "/api/events?branch_id=2", { token }), 403, "forbidden");
    expectApiError(await call(server, "GET", "/api/orders?branch_id=2", { token }), 403, "forbidden");
    expectApiError(await call(server, "GET", "/api/kitchen/status?branch_id=2", { token }), 403, "forbidden");
    expectApiError(
      await call(server, "PATCH", `/api/orders/${branch2Order.id}`, { token, json: { status: "preparing" } }),
      403,
      "forbidden",
    );
    expectApiError(await call(server, "POST", `/api/orders/${branch2Order.id}/seen`, { token, json: {} }), 403, "forbidden");
    const [order] = (await call<Order[]>(server, "GET", "/api/orders?branch_id=2", { token: tokens.owner })).body;
    expect(order?.status).toBe("received");
  });

  it("refuses a floor account of branch 1 branch 2's tables and tabs, and a manager branch 2's products", async () => {
    const [station2] = await readStations(server, tokens.owner, 2);
    expectApiError(await call(server, "GET", "/api/stations?branch_id=2", { token: tokens.floor }), 403, "forbidden");
    expectApiError(await call(server, "GET", `/api/stations/${station2!.id}/tab`, { token: tokens.floor }), 403, "forbidden");
    const product2 = orderableAnyDay(await readMenu(server, 2))[0]!;
    const patched = await call(server, "PATCH", `/api/products/${product2.id}`, { token: tokens.manager, json: { available: false } });
    expectApiError(patched, 403, "forbidden");
    expect(orderableAnyDay(await readMenu(server, 2)).map((p) => p.id)).toContain(product2.id);
  });

  it("lets the owner work at every branch", async () => {
    expect((await call(server, "GET", "/api/orders?branch_id=2", { token: tokens.owner })).status).toBe(200);
    const me = await call<{ role: string; branch_ids: number[] }>(server, "GET", "/api/current_user", { token: tokens.owner });
    expect(me.body).toMatchObject({ role: "owner", branch_ids: [1, 2] });
  });

  it("says who is signed in, with role and branches", async () => {
    const me = await call(server, "GET", "/api/current_user", { token: kitchen1.token });
    expect(me.body).toEqual({ logged_in_as: kitchen1.email, id: kitchen1.id, name: "Test kitchen", role: "kitchen", branch_ids: [1] });
  });
});
