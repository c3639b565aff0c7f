import { describe, expect, it } from "vitest";
import { promlint } from "../support/promlint";

describe("promlint (promtool check metrics' rules)", () => {
  it("accepts a clean exposition: a counter with _total, gauges and a histogram in base units, with help", () => {
    const clean = [
      "# HELP app_orders_placed_total Orders accepted.",
      "# TYPE app_orders_placed_total counter",
      "app_orders_placed_total 3",
      "# HELP app_streams_open Open streams.",
      "# TYPE app_streams_open gauge",
      'app_streams_open{kind="staff"} 2',
      "# HELP app_request_duration_seconds Time to answer.",
      "# TYPE app_request_duration_seconds histogram",
      'app_request_duration_seconds_bucket{le="0.1",route="/x"} 1',
      'app_request_duration_seconds_bucket{le="+Inf",route="/x"} 1',
      'app_request_duration_seconds_sum{route="/x"} 0.05',
      'app_request_duration_seconds_count{route="/x"} 1',
    ].join("\n");
    expect(promlint(clean)).toEqual([]);
  });

  it("finds what promtool finds: a gauge named like a counter, a counter without _total, no help, odd units", () => {
    const bad = [
      "# HELP app_active_handles_total Handles.",
      "# TYPE app_active_handles_total gauge",
      "app_active_handles_total 4",
      "# TYPE app_orders counter",
      "app_orders 1",
      "# HELP app_wait_milliseconds Wait.",
      "# TYPE app_wait_milliseconds gauge",
      "app_wait_milliseconds 1",
      "# HELP app_lag_ms Lag.",
      "# TYPE app_lag_ms gauge",
      'app_lag_ms{shardId="1"} 1',
    ].join("\n");
    expect(promlint(bad)).toEqual([
      'app_active_handles_total: non-counter metrics should not have "_total" suffix',
      "app_orders: no help text",
      'app_orders: counter metrics should have "_total" suffix',
      'app_wait_milliseconds: use base unit "seconds" instead of "milliseconds"',
      "app_lag_ms: label names should be written in 'snake_case' not 'camelCase'",
      "app_lag_ms: metric names should not contain abbreviated units",
    ]);
  });
});
