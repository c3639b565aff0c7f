import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { RegExpFirstRouter } from "../lib/router";
import { requestObserver } from "./http";
import { createMetrics } from "./registry";

/** An app shaped like ours (api/app.ts): a body check for writes, endpoints, the API's catch-all, the site's fallback. */
function appWith(metrics = createMetrics()) {
  const app = new Hono({ router: new RegExpFirstRouter() });
  app.on(["POST"], "/api/*", async (c, next) => (c.req.header("content-length") === "999999" ? c.text("too large", 413) : next()));
  app.get("/api/orders/:id", (c) => c.json({ id: c.req.param("id") }));
  app.post("/api/orders", (c) => c.body("{}", 201));
  app.post("/api/stations/:id/cart/submit", (c) => c.body("{}", 201));
  app.all("/api/*", (c) => c.text("no such API", 404));
  app.on(["GET", "HEAD"], "*", (c) => c.text("the web app"));
  return { observe: requestObserver(metrics, app.router), metrics };
}

async function series(metrics: ReturnType<typeof createMetrics>) {
  const { values } = await metrics.httpDuration.get();
  return values.filter((v) => v.metricName?.endsWith("_count")).map((v) => ({ ...v.labels, n: v.value }));
}

describe("requestObserver", () => {
  it("labels by route pattern: the endpoint's, the site's, or unmatched", async () => {
    const { observe, metrics } = appWith();
    observe("GET", "/api/orders/0b6c1d52-0000-4000-8000-000000000001", 200, 0.001, false);
    observe("GET", "/api/orders/0b6c1d52-0000-4000-8000-000000000002?x=1", 200, 0.001, false);
    observe("HEAD", "/api/orders/0b6c1d52-0000-4000-8000-000000000002", 200, 0.001, false);
    observe("GET", "/api/no/such/thing", 404, 0.001, false);
    observe("GET", "/kitchen", 200, 0.001, false);
    observe("DELETE", "/anything", 404, 0.001, false);
    // Refused by a middleware in front of the endpoint: still the endpoint's pattern.
    observe("POST", "/api/orders", 413, 0.001, false);
    expect(await series(metrics)).toEqual(
      expect.arrayContaining([
        { method: "GET", route: "/api/orders/:id", status: "200", n: 2 },
        { method: "HEAD", route: "/api/orders/:id", status: "200", n: 1 },
        { method: "GET", route: "unmatched", status: "404", n: 1 },
        { method: "GET", route: "static", status: "200", n: 1 },
        { method: "DELETE", route: "unmatched", status: "404", n: 1 },
        { method: "POST", route: "/api/orders", status: "413", n: 1 },
      ]),
    );
    expect((await series(metrics)).length).toBe(6);
  });

  it("folds unknown methods into one label", async () => {
    const { observe, metrics } = appWith();
    observe("PROPFIND", "/api/orders/x", 404, 0.001, false);
    expect(await series(metrics)).toEqual([{ method: "other", route: "unmatched", status: "404", n: 1 }]);
  });

  it("puts each answer in its bucket and sums its seconds", async () => {
    const { observe, metrics } = appWith();
    observe("GET", "/api/orders/a", 200, 0.002, false);
    observe("GET", "/api/orders/b", 200, 0.2, false);
    const { values } = await metrics.httpDuration.get();
    const of = (name: string, le?: number) =>
      values.find(
        (v) =>
          v.metricName === name &&
          (le === undefined || (v.labels as Record<string, unknown>).le === le) &&
          v.labels.route === "/api/orders/:id",
      )?.value;
    expect(of("limitless_http_request_duration_seconds_bucket", 0.001)).toBe(0);
    expect(of("limitless_http_request_duration_seconds_bucket", 0.0025)).toBe(1);
    expect(of("limitless_http_request_duration_seconds_bucket", 0.25)).toBe(2);
    expect(of("limitless_http_request_duration_seconds_sum")).toBeCloseTo(0.202);
    expect(of("limitless_http_request_duration_seconds_count")).toBe(2);
  });

  it("counts an accepted order once, from either route, and not its replay", async () => {
    const { observe, metrics } = appWith();
    observe("POST", "/api/orders", 201, 0.001, false);
    observe("POST", "/api/orders", 201, 0.001, true);
    observe("POST", "/api/stations/s-1/cart/submit", 201, 0.001, false);
    observe("POST", "/api/orders", 413, 0.001, false);
    observe("GET", "/api/orders/x", 201, 0.001, false);
    expect((await metrics.ordersPlaced.get()).values[0]!.value).toBe(2);
  });
});
