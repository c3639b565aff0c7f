import { describe, expect, it } from "vitest";
import { loadConfig, streamLimits } from "./config";

describe("loadConfig", () => {
  it("reads the session lifetime in hours, 12 by default", () => {
    expect(loadConfig({}).sessionTtlMs).toBe(12 * 3_600_000);
    expect(loadConfig({ SESSION_TTL_HOURS: "0.5" }).sessionTtlMs).toBe(1_800_000);
  });

  it.each(["abc", "", "0", "-1", "Infinity", "1e9"])(
    "refuses SESSION_TTL_HOURS=%j at start-up (not as a 500 on every sign-in)",
    (value) => {
      expect(() => loadConfig({ SESSION_TTL_HOURS: value })).toThrow(/SESSION_TTL_HOURS/);
    },
  );

  it("refuses a PORT that is not a port number", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
  });

  it("reads the abuse limits with their defaults and refuses nonsense at start-up", () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      maxEventStreams: 10_000,
      tableOrderLimit: 20,
      maxOrderTotalCents: 200_000,
      trustedProxies: [],
      production: false,
    });
    expect(
      loadConfig({ TABLE_ORDER_LIMIT: "0", MAX_ORDER_TOTAL: "150.5", TRUSTED_PROXIES: " 127.0.0.1, ::1 ", NODE_ENV: "production" }),
    ).toMatchObject({
      tableOrderLimit: 0,
      maxOrderTotalCents: 15_050,
      trustedProxies: ["127.0.0.1", "::1"],
      production: true,
    });
    expect(() => loadConfig({ MAX_EVENT_STREAMS: "0" })).toThrow(/MAX_EVENT_STREAMS/);
    expect(() => loadConfig({ TABLE_ORDER_LIMIT: "-1" })).toThrow(/TABLE_ORDER_LIMIT/);
    expect(() => loadConfig({ MAX_ORDER_TOTAL: "lots" })).toThrow(/MAX_ORDER_TOTAL/);
  });

  it("reads LOG_LEVEL, info by default, and refuses an unknown level", () => {
    expect(loadConfig({}).logLevel).toBe("info");
    expect(loadConfig({ LOG_LEVEL: "WARN" }).logLevel).toBe("warn");
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("leaves the transaction nesting guard off in a normal start, whatever NODE_ENV says", () => {
    expect(loadConfig({}).guardTransactionNesting).toBe(false);
    expect(loadConfig({ NODE_ENV: "development" }).guardTransactionNesting).toBe(false);
    expect(loadConfig({ TRANSACTION_NESTING_GUARD: "1" }).guardTransactionNesting).toBe(true);
  });

  it("reads the unseen-order alarm's delay, 60 seconds by default", () => {
    expect(loadConfig({}).unseenAlertSeconds).toBe(60);
    expect(loadConfig({ UNSEEN_ALERT_SECONDS: "5" }).unseenAlertSeconds).toBe(5);
    expect(() => loadConfig({ UNSEEN_ALERT_SECONDS: "0" })).toThrow(/UNSEEN_ALERT_SECONDS/);
  });

  it("keeps a reserve of the stream cap for staff: 5 % by default (at least one), never less, never more than the cap", () => {
    expect(streamLimits(loadConfig({}))).toEqual({ all: 10_000, anonymous: 9_500 });
    expect(streamLimits(loadConfig({ MAX_EVENT_STREAMS: "30" }))).toEqual({ all: 30, anonymous: 28 });
    expect(streamLimits(loadConfig({ MAX_EVENT_STREAMS: "10" }))).toEqual({ all: 10, anonymous: 9 });
    expect(streamLimits(loadConfig({ MAX_EVENT_STREAMS: "20", STAFF_STREAM_RESERVE: "4" }))).toEqual({ all: 20, anonymous: 16 });
    expect(() => loadConfig({ MAX_EVENT_STREAMS: "100", STAFF_STREAM_RESERVE: "4" })).toThrow(
      /STAFF_STREAM_RESERVE must be a whole number from 5 to 100/,
    );
    expect(() => loadConfig({ MAX_EVENT_STREAMS: "10", STAFF_STREAM_RESERVE: "11" })).toThrow(/STAFF_STREAM_RESERVE/);
    // Settings built in code (tests) cannot go below the contract's 5 % either.
    expect(streamLimits({ maxEventStreams: 100, staffStreamReserve: 0 })).toEqual({ all: 100, anonymous: 95 });
  });

  it("reads the time a request may take to arrive, 60 seconds by default", () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(60_000);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: "2" }).requestTimeoutMs).toBe(2_000);
    for (const bad of ["0", "1.5", "a minute", "3601"])
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: bad }), bad).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });

  it("reads the metrics and log settings, and refuses a guessable METRICS_TOKEN or an unknown LOG_FORMAT at start-up", () => {
    expect(loadConfig({})).toMatchObject({ metrics: true, metricsToken: undefined, logFormat: undefined });
    const token = "a".repeat(8) + "0123456789abcdef";
    expect(loadConfig({ METRICS: "0", METRICS_TOKEN: token, LOG_FORMAT: "Pretty" })).toMatchObject({
      metrics: false,
      metricsToken: token,
      logFormat: "pretty",
    });
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} ${token}` })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });
});
