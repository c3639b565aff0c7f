import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints";

describe("the endpoint table", () => {
  it("adds to an endpoint's own error codes those its shape implies", () => {
    expect(endpoints.placeOrder.errors).toMatchObject({
      sold_out: { status: 409 },
      invalid_idempotency_key: 400,
      invalid_json: 400,
      invalid_body: { status: 400 },
      cross_origin_refused: 403,
    });
    expect(endpoints.diningTables.errors).toMatchObject({ unauthenticated: 401, invalid_query: { status: 400 }, unknown_branch: 404 });
    expect(endpoints.diningTable.errors).toEqual({ station_not_found: 404 });
    expect(endpoints.menu.errors).not.toHaveProperty("unauthenticated");
  });

  it("answers 200 unless an entry says otherwise", () => {
    expect([endpoints.menu.status, endpoints.createDiningTable.status, endpoints.deleteDiningTable.status]).toEqual([200, 201, 204]);
  });
});
