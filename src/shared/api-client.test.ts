import { afterEach, describe, expect, it, vi } from "vitest";
import { call, pathOf } from "./api-client";

describe("the client typed by the endpoint table", () => {
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
