import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { measureRequests } from "./http";
import { createMetrics } from "./registry";

/** An app shaped like ours (api/app.ts): a body check and a catch-all for /api, endpoints, the site's fallback. */
function appWith(metrics = createMetrics()) {
  const app = new Hono();
  app.use(measureRequests(metrics));
  app.on(["POST"], "/api/*", async (c, next) => (c.req.header("content-length") === "999999" ? c.text("too large", 413) : next()));
  app.get("/api/orders/:id", (c) => c.json({ id: c.req.param("id") }));
  app.post("/api/orders", (c) => c.body("{}", 201, c.req.header("idempotency-key") === "seen" ? { "Idempotent-Replayed": "true" } : {}));
  app.post("/api/stations/:id/cart/submit", (c) => c.body("{}", 201));
  app.all("/api/*", (c) => c.text("no such API", 404));
  app.on(["GET", "HEAD"], "*", (c) => c.text("the web app"));
  return { app, metrics };
}

async function series(metrics: ReturnType<typeof createMetrics>) {
  const { values } = await metrics.httpDuration.get();
  return values.filter((v) => v.metricName?.endsWith("_count")).map((v) => ({ ...v.labels, n: v.value }));
}

describe("measureRequests", () => {
  it("labels by route pattern: the endpoint's, the site's, or unmatched", async () => {
    const { app, metrics } = appWith();
    await app.request("/api/orders/0b6c1d52-0000-4000-8000-000000000001");
    await app.request("/api/orders/0b6c1d52-0000-4000-8000-000000000002");
    await app.request("/api/no/such/thing");
    await app.request("/kitchen");
    await app.request("/anything", { method: "DELETE" });
    await app.request("/api/orders", { method: "POST", headers: { "content-length": "999999" } });
    expect(await series(metrics)).toEqual(
      expect.arrayContaining([
        { method: "GET", route: "/api/orders/:id", status: "200", n: 2 },
        { method: "GET", route: "unmatched", status: "404", n: 1 },
        { method: "GET", route: "static", status: "200", n: 1 },
        { method: "DELETE", route: "unmatched", status: "404", n: 1 },
        // Refused by a middleware in front of the endpoint: still the endpoint's pattern.
        { method: "POST", route: "/api/orders", status: "413", n: 1 },
      ]),
    );
    expect((await series(metrics)).length).toBe(5);
  });

  it("folds unknown methods into one label", async () => {
    const { app, metrics } = appWith();
    await app.request("/api/orders/x", { method: "PROPFIND" });
    expect(await series(metrics)).toEqual([{ method: "other", route: "unmatched", status: "404", n: 1 }]);
  });

  it("counts an accepted order once, from either route, and not its replay", async () => {
    const { app, metrics } = appWith();
    await app.request("/api/orders", { method: "POST" });
    await app.request("/api/orders", { method: "POST", headers: { "idempotency-key": "seen" } });
    await app.request("/api/stations/s-1/cart/submit", { method: "POST" });
    await app.request("/api/orders", { method: "POST", headers: { "content-length": "999999" } });
    expect((await metrics.ordersPlaced.get()).values[0]!.value).toBe(2);
  });
});
