import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { SeriesHistogram } from "./series-histogram";

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVED: [Record<"method" | "route", string>, number][] = [
  [{ method: "GET", route: "/api/health" }, 0.0004],
  [{ method: "GET", route: "/api/health" }, 0.001], // on a bound: counted in that bucket, as Prometheus's `le` says
  [{ method: "GET", route: "/api/health" }, 0.05],
  [{ method: "POST", route: "/api/orders" }, 0.2],
  [{ method: "POST", route: "/api/orders" }, 3], // above every bound: +Inf only
  [{ method: "GET", route: 'odd "route"\\' }, 0.003],
];

describe("SeriesHistogram", () => {
  it("exposes exactly what prom-client's Histogram exposes for the same observations", async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: "h_seconds",
      help: "Help.",
      labelNames: ["method", "route"],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const ours = new Registry();
    const series = new SeriesHistogram("h_seconds", "Help.", ["method", "route"], BUCKETS, ours);
    for (const [labels, seconds] of OBSERVED) {
      histogram.observe(labels, seconds);
      series.labels(labels).observe(seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // Merged with other registries, as GET /metrics does.
    expect(await Registry.merge([ours]).metrics()).toBe(await theirs.metrics());
  });

  it("keeps one series per label set, however often it is asked for", () => {
    const series = new SeriesHistogram("h_seconds", "Help.", ["method", "route"], BUCKETS, new Registry());
    expect(series.labels({ method: "GET", route: "/a" })).toBe(series.labels({ method: "GET", route: "/a" }));
    expect(series.labels({ method: "GET", route: "/a" })).not.toBe(series.labels({ method: "GET", route: "/b" }));
  });
});
