import { describe, expect, it } from "vitest";
import { displayPrice } from "./menu-item-list";

describe("displayPrice", () => {
  it("shows dollars and cents", () => {
    expect(displayPrice("12.99")).toBe("$12.99");
    expect(displayPrice("30")).toBe("$30.00");
    expect(displayPrice("market")).toBe("market");
  });
});
