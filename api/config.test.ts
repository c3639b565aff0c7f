import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("reads the session lifetime in hours, 12 by default", () => {
    expect(loadConfig({}).sessionTtlMs).toBe(12 * 3_600_000);
    expect(loadConfig({ SESSION_TTL_HOURS: "0.5" }).sessionTtlMs).toBe(1_800_000);
  });

  it.each(["abc", "", "0", "-1", "Infinity", "1e9"])("refuses SESSION_TTL_HOURS=%j at start-up (not as a 500 on every sign-in)", (value) => {
    expect(() => loadConfig({ SESSION_TTL_HOURS: value })).toThrow(/SESSION_TTL_HOURS/);
  });

  it("refuses a PORT that is not a port number", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
  });
});
