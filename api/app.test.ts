import { describe, expect, it } from "vitest";
import { endpoints } from "../contract/endpoints";
import type { AppContext } from "./app-context";
import { createApp } from "./app";
import { DOCS_PATHS } from "./docs/routes";

describe("the endpoint table and the server's routes", () => {
  // Routes are registered when the app is built; nothing here runs a request, so no database is needed.
  const app = createApp({ config: { trustedProxies: [], logRequests: false } } as unknown as AppContext);
  const registered = new Set(
    app.routes.filter((route) => route.method !== "ALL" && !route.path.endsWith("*")).map((route) => `${route.method} ${route.path}`),
  );
  const declared = new Set(Object.values(endpoints).map((endpoint) => `${endpoint.method} /api${endpoint.path}`));
  // The contract's description and its reference page are served beside it, not as endpoints of it.
  const described = Object.values(DOCS_PATHS).map((path) => `GET /api${path}`);

  it("registers every endpoint of the table, and no route the table lacks", () => {
    expect(declared.size).toBe(Object.keys(endpoints).length);
    expect([...registered].sort()).toEqual([...declared, ...described].sort());
  });
});
