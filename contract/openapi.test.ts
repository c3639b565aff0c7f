import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { openApiDocument, type JsonSchema } from "./openapi";
import { csvUploadQuerySchema, orderListQuerySchema, reportQuerySchema } from "./schemas";

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

  it("declares every query parameter with what the server checks: no bare strings", () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation!.parameters ?? []) {
          if (parameter.in !== "query") continue;
          const schema = parameter.schema as JsonSchema;
          const constrained = schema.type !== "string" || "pattern" in schema || "enum" in schema || "format" in schema;
          expect(constrained, `${method} ${path} ?${parameter.name}: ${JSON.stringify(schema)}`).toBe(true);
        }
      }
    }
  });

  it("publishes for status, dry_run, from and to the very schema the server validates with", () => {
    const query = (path: string, method: "get" | "post", name: string) =>
      document.paths[path]![method]!.parameters!.find((p) => p.in === "query" && p.name === name)!.schema as JsonSchema;
    const published = (schema: JsonSchema) => (value: string) =>
      schema.enum ? (schema.enum as string[]).includes(value) : new RegExp(schema.pattern as string).test(value);
    const served = (schema: z.ZodType, base: Record<string, string>, name: string) => (value: string) =>
      schema.safeParse({ ...base, [name]: value }).success;
    const cases: [JsonSchema, (value: string) => boolean, string[]][] = [
      [
        query("/orders", "get", "status"),
        served(orderListQuerySchema, { branch_id: "1" }, "status"),
        ["received", "received,preparing,ready", "held, cancelled", "", "eaten", "received,eaten", "received,", "RECEIVED"],
      ],
      [
        query("/products/upload_csv", "post", "dry_run"),
        served(csvUploadQuerySchema, { branch_id: "1" }, "dry_run"),
        ["1", "0", "true", "false", "yes", "", "2", "TRUE"],
      ],
      [
        query("/reports/sales", "get", "from"),
        served(reportQuerySchema, { branch_id: "1", to: "2026-12-31" }, "from"),
        ["2026-11-01", "1/11/2026", "tomorrow", "2026-1-01", ""],
      ],
      [
        query("/reports/orders.csv", "get", "to"),
        served(reportQuerySchema, { branch_id: "1", from: "2026-01-01" }, "to"),
        ["2026-11-01", "2026-11-01T00:00", "20261101", ""],
      ],
    ];
    for (const [schema, server, values] of cases) {
      for (const value of values)
        expect(published(schema)(value), `${JSON.stringify(value)} against ${JSON.stringify(schema)}`).toBe(server(value));
    }
  });

  it("reports a bad from for what it is, not also as after to", () => {
    for (const from of ["tomorrow", "2026-02-30", "1/11/2026"]) {
      const issues = reportQuerySchema.safeParse({ branch_id: "1", from, to: "2026-11-01" }).error!.issues;
      expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["from", "must be a date like 2026-11-23"]]);
    }
    const reversed = reportQuerySchema.safeParse({ branch_id: "1", from: "2026-11-02", to: "2026-11-01" }).error!.issues;
    expect(reversed.map((issue) => issue.message)).toEqual(["from must not be after to"]);
  });
});
