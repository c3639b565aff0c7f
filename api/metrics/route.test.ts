import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerMatches } from "./route";

const TOKEN = "prometheus-scrape-token-0123456789abcdef";
const expected = createHash("sha256").update(TOKEN).digest();

describe("bearerMatches", () => {
  it("accepts exactly the token, in any case of the scheme", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, expected)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, expected)).toBe(true);
  });

  it.each([
    ["nothing", undefined],
    ["another scheme", `Basic ${TOKEN}`],
    ["a prefix", `Bearer ${TOKEN.slice(0, -1)}`],
    ["a longer token", `Bearer ${TOKEN}0`],
    ["a different case", `Bearer ${TOKEN.toUpperCase()}`],
    ["two tokens", `Bearer ${TOKEN} ${TOKEN}`],
  ])("refuses %s", (_name, header) => {
    expect(bearerMatches(header, expected)).toBe(false);
  });

  it("refuses everything when no METRICS_TOKEN is set", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, undefined)).toBe(false);
  });
});
