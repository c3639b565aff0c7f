/**
 * The published contract: `GET /api/openapi.json` is a valid OpenAPI 3.1 document (checked by
 * @readme/openapi-parser) with one operation per endpoint of the contract's table, each with the
 * table's method, path, auth, parameters, status and every error code under its status; `GET /api/docs`
 * is the readable reference of the same operations. Both are public and revalidated by ETag.
 * No query touches the database, so the PostgreSQL run proves only that nothing there differs.
 */
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ROUTES, type ApiRouteName } from "../../contract/api-routes";
import { endpoints, isFileUpload, type Endpoint } from "../../contract/endpoints";
import { openApiPath, type JsonSchema, type OpenApiDocument, type OpenApiOperation } from "../../contract/openapi";
import { call, expectSecurityHeaders } from "../support/api-helpers";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { PERMISSIONS } from "../../contract/roles";

let server: TestServer;
let document: OpenApiDocument;
let etag: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  const answer = await call<OpenApiDocument>(server, "GET", "/api/openapi.json");
  expect(answer.status).toBe(200);
  document = answer.body;
  etag = answer.headers.get("etag") ?? "";
});
afterAll(async () => {
  await server?.dispose();
});

const NAMES = Object.keys(API_ROUTES) as ApiRouteName[];

/** Every operation of the document, by its operationId, with where the document puts it. */
function operations(): Map<string, { method: string; path: string; operation: OpenApiOperation }> {
  const found = new Map<string, { method: string; path: string; operation: OpenApiOperation }>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      expect(found.has(operation!.operationId), `operationId ${operation!.operationId} twice`).toBe(false);
      found.set(operation!.operationId, { method: method.toUpperCase(), path, operation: operation! });
    }
  return found;
}

const operationNamed = (name: ApiRouteName) => operations().get(name)!;

/** The error codes an answer's schema names, whether as one `const` or an `enum` per group. */
function codesIn(schema: JsonSchema | undefined): string[] {
  const variants = (schema?.oneOf as JsonSchema[] | undefined) ?? (schema ? [schema] : []);
  return variants.flatMap((variant) => {
    const { code } = ((variant.properties as Record<string, JsonSchema>).error!.properties ?? {}) as Record<string, JsonSchema>;
    return (code?.enum as string[] | undefined) ?? [code?.const as string];
  });
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    // The parser resolves $refs in place: it gets its own copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : compileErrors(result)).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("declares the query parameters the server checks, and the server answers as the published schema predicts", async () => {
    const queryParameter = (name: ApiRouteName, parameter: string) =>
      operationNamed(name).operation.parameters!.find((p) => p.in === "query" && p.name === parameter)!.schema as JsonSchema;
    const status = new RegExp(queryParameter("orders", "status").pattern as string);
    for (const value of ["received", "received,ready", "eaten", "received,", ""]) {
      const answer = await call(server, "GET", `/api/orders?branch_id=1&status=${encodeURIComponent(value)}`, { token });
      expect(answer.status, `status=${value}`).toBe(status.test(value) ? 200 : 400);
    }
    const from = new RegExp(queryParameter("salesReport", "from").pattern as string);
    for (const value of ["2026-11-01", "tomorrow", "1/11/2026"]) {
      const answer = await call(server, "GET", `/api/reports/sales?branch_id=1&from=${encodeURIComponent(value)}&to=2026-11-30`, { token });
      expect(answer.status, `from=${value}`).toBe(from.test(value) ? 200 : 400);
    }
    expect(queryParameter("uploadMenuCsv", "dry_run").enum).toEqual(["0", "1", "false", "true"]);
  });

  it("has one operation per endpoint of the contract's table, under its name, method, path and auth", () => {
    const found = operations();
    expect([...found.keys()].sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) {
      const route = API_ROUTES[name];
      const { method, path, operation } = found.get(name)!;
      expect({ name, method, path: `${document.servers[0]!.url}${path}` }).toEqual({
        name,
        method: route.method,
        path: `/api${openApiPath(route.path)}`,
      });
      // Staff calls name both ways in; public ones none.
      expect({ name, security: operation.security }).toEqual({
        name,
        security: route.auth === "public" ? [] : [{ bearerToken: [] }, { sessionCookie: [] }],
      });
    }
  });

  it("gives each operation the table's parameters, body, success status and content type", () => {
    const found = operations();
    const keysOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
    for (const name of NAMES) {
      const entry: Endpoint = endpoints[name];
      const { operation } = found.get(name)!;
      const parameters = (operation.parameters ?? []).map((p) => `${p.in} ${p.name}`);
      for (const key of keysOf(entry.params)) expect(parameters, name).toContain(`path ${key}`);
      for (const key of keysOf(entry.query)) expect(parameters, name).toContain(`query ${key}`);
      for (const key of keysOf(entry.headers)) expect(parameters, name).toContain(`header ${key}`);

      if (isFileUpload(entry.body)) {
        expect(Object.keys(operation.requestBody!.content), name).toEqual(["multipart/form-data"]);
        expect(operation.requestBody!.content["multipart/form-data"]!.schema.required, name).toEqual([entry.body.field]);
      } else if (entry.body) {
        expect(Object.keys(operation.requestBody!.content), name).toEqual(["application/json"]);
        expect(operation.requestBody!.required, name).toBe(!entry.body.safeParse(undefined).success);
      } else if (entry.method === "GET") expect(operation.requestBody, name).toBeUndefined();

      const success = operation.responses[String(entry.status)];
      expect(success, `${name} answers ${entry.status}`).toBeDefined();
      const contentType = typeof entry.response === "string" ? entry.response : entry.status === 204 ? undefined : "application/json";
      expect(Object.keys(success!.content ?? {}), name).toEqual(contentType ? [contentType] : []);
    }
  });

  it("lists every error code of the table under its status, in the contract's error shape", () => {
    const found = operations();
    for (const name of NAMES) {
      const { operation } = found.get(name)!;
      const listed = Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([status, response]) => {
          const schema = response.content!["application/json"]!.schema;
          return codesIn(schema).map((code) => `${code} ${status}`);
        });
      const declared = Object.entries(endpoints[name].errors).map(
        ([code, spec]) => `${code} ${typeof spec === "number" ? spec : spec.status}`,
      );
      expect({ name, codes: listed.sort() }).toEqual({ name, codes: declared.sort() });
    }
    // Typed details are named schemas a client can generate code for.
    expect(JSON.stringify(found.get("placeOrder")!.operation.responses["409"])).toContain("#/components/schemas/PriceChangedDetail");
  });

  it("describes ids in a path as the server reads them: a UUID in any case", () => {
    const id = operationNamed("diningTable").operation.parameters!.find((p) => p.name === "id")!.schema;
    expect(id.format).toBe("uuid");
    expect(new RegExp(String(id.pattern)).test("8F14E45F-CEEA-467A-9A36-DEDD4BEA2543")).toBe(true);
    expect(new RegExp(String(id.pattern)).test("not-a-uuid")).toBe(false);
  });

  it("is public and cacheable, and answers 304 to a revalidation", async () => {
    const anonymous = await call(server, "GET", "/api/openapi.json");
    expect(anonymous.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(anonymous.headers.get("cache-control")).toBe("public, max-age=300");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call(server, "GET", "/api/openapi.json", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
  });
});

describe("GET /api/docs", () => {
  it("is a page listing every endpoint with its method, path and answers, under the server's strict CSP and without script", async () => {
    const page = await call(server, "GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expectSecurityHeaders(page);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script/i);
    for (const name of NAMES) {
      const route = API_ROUTES[name];
      const article = page.text.match(new RegExp(`<article id="${name}">([\\s\\S]*?)</article>`))?.[1];
      expect(article, `${name} has its own section`).toBeDefined();
      expect(article).toContain(`>${route.method}</span> <code>/api${openApiPath(route.path)}</code>`);
      expect(article).toContain(
        route.auth === "public"
          ? "Public."
          : `Staff: a bearer token or the session cookie (${PERMISSIONS[route.auth.permission].join(", ")}).`,
      );
      for (const code of Object.keys(endpoints[name].errors)) expect(article, `${name} lists ${code}`).toContain(`<code>${code}</code>`);
      // The contents link to it.
      expect(page.text).toContain(`href="#${name}"`);
    }
    // Every named schema has its section, and the page links to the document it renders.
    for (const schema of Object.keys(document.components.schemas)) expect(page.text).toContain(`<article id="schema-${schema}">`);
    expect(page.text).toContain('href="openapi.json"');
  });

  it("answers 304 to a revalidation", async () => {
    const first = await call(server, "GET", "/api/docs");
    const tag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    const again = await call(server, "GET", "/api/docs", { headers: { "If-None-Match": `W/${tag}` } });
    expect(again.status).toBe(304);
  });
});
