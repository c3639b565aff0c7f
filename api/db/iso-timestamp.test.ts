import { describe, expect, it } from "vitest";
import { timestamptzToIso } from "./iso-timestamp";

describe("timestamptzToIso", () => {
  it.each([
    ["2026-11-23 10:14:03.123+00", "2026-11-23T10:14:03.123Z"],
    ["2026-11-23 10:14:03+00", "2026-11-23T10:14:03.000Z"],
    ["2026-11-23 10:14:03.1+00", "2026-11-23T10:14:03.100Z"],
    ["2026-11-23 15:44:03.123+05:30", "2026-11-23T10:14:03.123Z"],
    ["2026-11-23 05:14:03.123-05", "2026-11-23T10:14:03.123Z"],
    ["2026-11-23 00:14:03.5-10", "2026-11-23T10:14:03.500Z"],
    ["1883-11-18 12:00:00-05:17:32", "1883-11-18T17:17:32.000Z"],
    ["2026-11-23T10:14:03.123Z", "2026-11-23T10:14:03.123Z"],
    ["0099-01-01 00:00:00+00", "0099-01-01T00:00:00.000Z"],
  ])("%s → %s", (text, iso) => {
    expect(timestamptzToIso(text)).toBe(iso);
  });

  it("keeps milliseconds and drops finer digits rather than rounding into the next millisecond", () => {
    expect(timestamptzToIso("2026-11-23 10:14:03.123999+00")).toBe("2026-11-23T10:14:03.123Z");
  });

  it("accepts a Date from a driver that parses timestamps itself", () => {
    expect(timestamptzToIso(new Date("2026-11-23T10:14:03.123Z"))).toBe("2026-11-23T10:14:03.123Z");
  });

  it.each(["infinity", "-infinity", "2026-11-23 10:14:03 BC", "11/23/2026 10:14:03.123 UTC", ""])(
    "refuses %j instead of guessing",
    (text) => {
      expect(() => timestamptzToIso(text)).toThrow(/Unexpected timestamp/);
    },
  );
});
