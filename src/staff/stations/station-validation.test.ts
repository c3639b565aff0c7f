import { describe, expect, it } from "vitest";
import { validateStation } from "./station-validation";

describe("validateStation", () => {
  it("accepts the spec's defaults", () => {
    expect(validateStation("4", "6")).toEqual({ values: { codename: "4", capacity: 6 }, errors: {} });
  });

  it("trims the codename and rejects blank or long ones", () => {
    expect(validateStation("  Patio 2 ", "4").values?.codename).toBe("Patio 2");
    expect(validateStation("   ", "4").errors.codename).toBe("Codename is required.");
    expect(validateStation("x".repeat(41), "4").errors.codename).toBe("Codename is at most 40 characters.");
  });

  it("wants a whole capacity from 1 to 99", () => {
    for (const bad of ["0", "100", "2.5", "", "-1", "six"]) {
      expect(validateStation("4", bad).errors.capacity).toBe("Capacity must be a whole number from 1 to 99.");
    }
    expect(validateStation("4", "99").values?.capacity).toBe(99);
  });
});
