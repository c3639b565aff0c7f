import { describe, expect, it } from "vitest";
import { orderLink } from "./order-link";

describe("orderLink", () => {
  it("points the order screen at the table", () => {
    expect(orderLink("0f8fad5b-d9cb-469f-a165-70867728950e", "https://limitless.example")).toBe(
      "https://limitless.example/order?station_id=0f8fad5b-d9cb-469f-a165-70867728950e",
    );
  });

  it("encodes anything unusual in the id", () => {
    expect(orderLink("a b&c", "http://localhost:3000")).toBe("http://localhost:3000/order?station_id=a%20b%26c");
  });
});
