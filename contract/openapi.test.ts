import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";

describe("the OpenAPI document", () => {
  const document = openApiDocument();

  it("describes a request as the client sends it: before the schema's transforms and defaults", () => {
    const parameters = document.paths["/orders"]!.get!.parameters!;
    expect(parameters.find((p) => p.name === "branch_id")).toMatchObject({ in: "query", required: true, schema: { type: "string" } });
    expect(parameters.find((p) => p.name === "limit")).toMatchObject({ required: false, schema: { type: "integer", default: 200 } });
    // A product id in a path is digits, read as a number by the server.
    expect(document.paths["/products/{id}"]!.patch!.parameters![0]).toMatchObject({
      in: "path",
      schema: { type: "string", pattern: "^\\d{1,12}$" },
    });
  });

  it("leaves answers open to new fields, and names the shared ones", () => {
    const order = document.components.schemas.Order!;
    expect(order).not.toHaveProperty("additionalProperties");
    expect(order.required).toContain("estimated_ready_at");
    expect(document.components.schemas.PublicOrder!.properties).not.toHaveProperty("station_id");
    expect(document.paths["/orders/{id}"]!.get!.responses["200"]!.content!["application/json"]!.schema).toEqual({
      $ref: "#/components/schemas/PublicOrder",
    });
  });

  it("is the same document every time it is built", () => {
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(document));
  });
});
