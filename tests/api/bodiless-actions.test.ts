/**
 * An action that takes no parameters needs no body: every write of the endpoint table that names no
 * body, or an optional one, answers as documented to a request with no body at all (no Content-Type,
 * no Content-Length: what most HTTP clients send), to `fetch(url, { method })` (Content-Length: 0),
 * and to an empty body labelled JSON. A body that is there is still checked, and the cross-site check
 * still guards cookie-authenticated writes.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints, type Endpoint } from "../../contract/endpoints";
import type { Adjustment, Check, DiningTable, Order, Printer } from "../../contract/schemas";
import { EVIL_ORIGIN, call, expectApiError, productNamed, readMenu, readStations, type ApiResponse } from "../support/api-helpers";
import { rawRequest } from "../support/raw-http";
import { smallPng, uploadPhoto } from "../support/photos";
import { staffAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { freePort } from "../../scripts/reliability/server-process";

let server: TestServer;
let token: string;
let table: DiningTable;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, config: { tableOrderLimit: 0 } });
  token = await staffToken(server);
  table = (await readStations(server, token, 1))[0]!;
});
afterAll(() => server.dispose());

/** What one call acts on, the token it is made with, and whether it took effect. */
interface Target {
  params: Record<string, string>;
  token: string;
  /** True once the action has happened (the station gone, the order seen, the session ended). */
  done(): Promise<boolean>;
}

const seenAt = async (id: string) => (await call<Order>(server, "GET", `/api/orders/${id}`)).body.seen_at;
const signedIn = async (session: string) => (await call(server, "GET", "/api/current_user", { token: session })).status === 200;

/** A fresh target for each bodiless action (each call uses one up). */
const TARGETS: Record<string, () => Promise<Target>> = {
  async logout() {
    const session = await staffToken(server);
    return { params: {}, token: session, done: async () => !(await signedIn(session)) };
  },
  async deleteDiningTable() {
    const created = await call<DiningTable>(server, "POST", "/api/stations?branch_id=1", {
      token,
      json: { codename: `T-${randomUUID().slice(0, 8)}`, capacity: 2, branch_id: 1 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    return { params: { id }, token, done: async () => (await call(server, "GET", `/api/stations/${id}`)).status === 404 };
  },
  async markOrderSeen() {
    const menu = await readMenu(server, 1);
    const body = { station_id: table.id, branch_id: 1, products: [{ id: productNamed(menu, "Lumpia Shanghai").id, quantity: 1 }] };
    const placed = await call<Order>(server, "POST", "/api/orders", { json: body, headers: { "Idempotency-Key": randomUUID() } });
    expect(placed.status).toBe(201);
    const id = placed.body.id;
    return { params: { id }, token, done: async () => (await seenAt(id)) !== null };
  },
  async deleteProduct() {
    const name = `Bodiless ${randomUUID().slice(0, 8)}`;
    const created = await call<{ id: number }>(server, "POST", "/api/products?branch_id=1", {
      token,
      json: { category: "main", name, description: "", price: "9.00", prep_station: "kitchen", customizations: {} },
    });
    expect(created.status, created.text).toBe(201);
    const onMenu = async () => Object.values(await readMenu(server, 1)).some((items) => items.some((p) => p.id === created.body.id));
    return { params: { id: String(created.body.id) }, token, done: async () => !(await onMenu()) };
  },
  async deleteProductPhoto() {
    const created = await call<{ id: number }>(server, "POST", "/api/products?branch_id=1", {
      token,
      json: { category: "main", name: `Bodiless photo ${randomUUID().slice(0, 8)}`, price: "9.00", customizations: {} },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    expect((await uploadPhoto(server, token, id, await smallPng())).status).toBe(200);
    const photo = async () => Object.values(await readMenu(server, 1)).flatMap((items) => items.filter((p) => p.id === id))[0]!.photo;
    return { params: { id: String(id) }, token, done: async () => (await photo()) === null };
  },
  async deletePrinter() {
    const printer = await addPrinter();
    const listed = async () => (await call<Printer[]>(server, "GET", "/api/printers?branch_id=1", { token })).body;
    return { params: { id: String(printer.id) }, token, done: async () => !(await listed()).some((p) => p.id === printer.id) };
  },
  async rejectAdjustment() {
    // A floor account's void waits for a manager: turning it down takes nothing but its id.
    const waiter = (floorToken ??= (await staffAccount(server, "floor", [1])).token);
    const created = await call<DiningTable>(server, "POST", "/api/stations?branch_id=1", {
      token,
      json: { codename: `R-${randomUUID().slice(0, 8)}`, capacity: 2, branch_id: 1 },
    });
    const menu = await readMenu(server, 1);
    const body = { station_id: created.body.id, branch_id: 1, products: [{ id: productNamed(menu, "Lumpia Shanghai").id, quantity: 1 }] };
    expect((await call(server, "POST", "/api/orders", { json: body, headers: { "Idempotency-Key": randomUUID() } })).status).toBe(201);
    const check = (await call<Check>(server, "GET", `/api/stations/${created.body.id}/tab`, { token })).body;
    const asked = await call<Adjustment>(server, "POST", `/api/tabs/${check.id}/adjustments`, {
      token: waiter,
      json: { kind: "void", line_id: check.lines[0]!.id, reason: "Sent by mistake" },
    });
    expect(asked.body.status, asked.text).toBe("pending");
    const status = async () =>
      (await call<Check>(server, "GET", `/api/tabs/${check.id}`, { token })).body.adjustments.find((a) => a.id === asked.body.id)?.status;
    return { params: { id: String(asked.body.id) }, token, done: async () => (await status()) !== "pending" };
  },
  async printOrder() {
    const printer = (kitchenPrinter ??= await addPrinter());
    const menu = await readMenu(server, 1);
    const body = { station_id: table.id, branch_id: 1, products: [{ id: productNamed(menu, "Lumpia Shanghai").id, quantity: 1 }] };
    const placed = await call<Order>(server, "POST", "/api/orders", { json: body, headers: { "Idempotency-Key": randomUUID() } });
    expect(placed.status).toBe(201);
    // Nothing listens at the printer's address: every ticket stays queued, so a reprint is one more.
    const queued = async () =>
      (await call<Printer[]>(server, "GET", "/api/printers?branch_id=1", { token })).body.find((p) => p.id === printer.id)!.queued;
    const before = await queued();
    return { params: { id: placed.body.id }, token, done: async () => (await queued()) === before + 1 };
  },
};

let kitchenPrinter: Printer | undefined;
let floorToken: string | undefined;

/** A kitchen printer of branch 1 at an address where nothing listens. */
async function addPrinter(): Promise<Printer> {
  const added = await call<Printer>(server, "POST", "/api/printers", {
    token,
    json: { name: `P-${randomUUID().slice(0, 8)}`, branch_id: 1, host: "127.0.0.1", port: await freePort(), prep_station: "kitchen" },
  });
  expect(added.status, added.text).toBe(201);
  return added.body;
}

/** Writes whose entry names no body, or one the schema lets be left out. */
const bodiless = Object.entries(endpoints as Record<string, Endpoint>).filter(
  ([, e]) => e.method !== "GET" && (e.body === undefined || (e.body instanceof z.ZodType && e.body.safeParse(undefined).success)),
);

const pathOf = (endpoint: Endpoint, params: Record<string, string>) =>
  `/api${endpoint.path.replace(/:(\w+)/g, (_, name: string) => params[name]!)}`;

/** The answer as the helpers' ApiResponse, whichever way it was sent. */
async function send(endpoint: Endpoint, target: Target, form: "no body" | "fetch, no body" | "empty JSON"): Promise<ApiResponse> {
  const path = pathOf(endpoint, target.params);
  if (form === "fetch, no body") return call(server, endpoint.method, path, { token: target.token });
  if (form === "empty JSON")
    return call(server, endpoint.method, path, { token: target.token, body: "", headers: { "Content-Type": "application/json" } });
  // node:http adds neither Content-Length nor Transfer-Encoding to a request it is given no body for.
  const raw = await rawRequest(server.url, { method: endpoint.method, path, headers: [["Authorization", `Bearer ${target.token}`]] });
  const isJson = /json/.test(String(raw.headers["content-type"])) && raw.text.length > 0;
  return { status: raw.status, headers: new Headers(), text: raw.text, body: isJson ? JSON.parse(raw.text) : undefined };
}

describe("bodiless actions", () => {
  it("covers every write of the table that takes no body", () => {
    expect(bodiless.map(([name]) => name).sort()).toEqual(Object.keys(TARGETS).sort());
  });

  describe.each(bodiless)("%s", (name, endpoint) => {
    it.each(["no body", "fetch, no body", "empty JSON"] as const)("answers %s as documented", async (form) => {
      const target = await TARGETS[name]!();
      expect(await target.done()).toBe(false);
      const response = await send(endpoint, target, form);
      expect(response.status).toBe(endpoint.status);
      if (endpoint.status === 204) expect(response.text).toBe("");
      else expect((endpoint.response as z.ZodType).safeParse(response.body).success).toBe(true);
      expect(await target.done()).toBe(true);
    });

    it.each([
      {
        sent: "malformed JSON",
        headers: { "Content-Type": "application/json" },
        body: '{"station": "kit',
        status: 400,
        code: "invalid_json",
      },
      { sent: "a text/plain body", headers: { "Content-Type": "text/plain" }, body: "{}", status: 415, code: "unsupported_media_type" },
      {
        sent: "a form",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "station=kitchen",
        status: 415,
        code: "unsupported_media_type",
      },
      {
        sent: "a body without a Content-Type",
        headers: {} as Record<string, string>,
        body: "{}",
        status: 415,
        code: "unsupported_media_type",
      },
      {
        sent: "a JSON body the action does not take",
        headers: { "Content-Type": "application/json" },
        body: '{"station": "grill", "extra": 1}',
        status: 400,
        code: "invalid_body",
      },
    ])("still refuses $sent with $status $code, and does nothing", async ({ headers, body, status, code }) => {
      const target = await TARGETS[name]!();
      // fetch labels a string body text/plain unless told otherwise: send bytes to leave the header out.
      const bytes = new TextEncoder().encode(body);
      const response = await call(server, endpoint.method, pathOf(endpoint, target.params), { token: target.token, body: bytes, headers });
      expectApiError(response, status, code);
      expect(await target.done()).toBe(false);
    });

    it("still refuses a cookie-authenticated call from another site, with no body", async () => {
      const target = await TARGETS[name]!();
      const response = await call(server, endpoint.method, pathOf(endpoint, target.params), { cookie: target.token, origin: EVIL_ORIGIN });
      expectApiError(response, 403, "cross_origin_refused");
      expect(await target.done()).toBe(false);
    });
  });
});
