import { describe, expect, it } from "vitest";
import { tableLabel } from "./table-label";

describe("tableLabel", () => {
  it("prefixes bare numbers and leaves names alone", () => {
    expect(tableLabel("4")).toBe("Table 4");
    expect(tableLabel("12b")).toBe("Table 12b");
    expect(tableLabel("Bar 1")).toBe("Bar 1");
    expect(tableLabel(null)).toBe("Unknown table");
  });
});
