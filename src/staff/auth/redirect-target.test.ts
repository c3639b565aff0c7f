import { describe, expect, it } from "vitest";
import { redirectTarget } from "./redirect-target";

describe("redirectTarget", () => {
  it("goes back to the remembered location, query and hash included", () => {
    expect(redirectTarget({ from: { pathname: "/stations", search: "?x=1", hash: "#a" } })).toBe("/stations?x=1#a");
    expect(redirectTarget({ from: "/kitchen" })).toBe("/kitchen");
  });

  it("falls back to '/' without a usable referrer", () => {
    expect(redirectTarget(null)).toBe("/");
    expect(redirectTarget({})).toBe("/");
    expect(redirectTarget({ from: 42 })).toBe("/");
  });

  it("never leaves the app or loops through the auth pages", () => {
    expect(redirectTarget({ from: "https://evil.example/" })).toBe("/");
    expect(redirectTarget({ from: "//evil.example/" })).toBe("/");
    expect(redirectTarget({ from: "/login" })).toBe("/");
    expect(redirectTarget({ from: { pathname: "/logout" } })).toBe("/");
    expect(redirectTarget({ from: "/login-help" })).toBe("/login-help");
  });
});
