import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { API_ROUTES } from "../../contract/api-routes";
import { PUBLIC_API_ROUTES } from "../../contract/public-api-routes";
import { STAFF_API_ROUTES } from "../../contract/staff-api-routes";
import { addRoutes, call, pathOf } from "./api-client";

describe("the routes the client knows", () => {
  it("are the diner's and the site's until the staff's code adds its own, and a staff route is refused clearly before", () => {
    expect(() => pathOf("currentUser", {})).toThrow(/src\/staff\/lib\/staff-api\.ts/);
    expect(pathOf("menu", { query: { branch_id: 1 } })).toBe("/products_by_category?branch_id=1");
    addRoutes(STAFF_API_ROUTES);
    expect(pathOf("currentUser", {})).toBe("/current_user");
  });

  it("split the one table in two halves that overlap nowhere and miss nothing", () => {
    const publicNames = Object.keys(PUBLIC_API_ROUTES);
    const staffNames = Object.keys(STAFF_API_ROUTES);
    expect(publicNames.filter((name) => staffNames.includes(name))).toEqual([]);
    expect([...publicNames, ...staffNames].sort()).toEqual(Object.keys(API_ROUTES).sort());
    // Everything a staff session guards is in the staff half (sign-in and sign-out too, though public).
    expect(publicNames.every((name) => API_ROUTES[name as keyof typeof API_ROUTES].auth === "public")).toBe(true);
  });
});

describe("the client typed by the endpoint table", () => {
  beforeAll(() => addRoutes(STAFF_API_ROUTES));
  afterEach(() => vi.unstubAllGlobals());

  it("fills in path parameters and writes the query out, lists comma-separated and unset values left out", () => {
    expect(pathOf("updateDiningTable", { params: { id: "a b/c" } })).toBe("/stations/a%20b%2Fc");
    expect(pathOf("orders", { query: { branch_id: 2, status: ["received", "ready"], station_id: undefined } })).toBe(
      "/orders?branch_id=2&status=received%2Cready",
    );
    expect(pathOf("currentUser", {})).toBe("/current_user");
  });

  it("sends the entry's method, path, headers and JSON body, and calls without arguments when none are needed", async () => {
    const requests: [string, RequestInit][] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        requests.push([url, init]);
        return new Response('{"logged_out":true}', { headers: { "Content-Type": "application/json" } });
      }),
    );
    expect(await call("logout")).toEqual({ logged_out: true });
    await call("updateOrder", { params: { id: "o1" }, body: { status: "ready" } });
    expect(requests.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ["/api/logout", "POST", undefined],
      ["/api/orders/o1", "PATCH", '{"status":"ready"}'],
    ]);
  });
});
