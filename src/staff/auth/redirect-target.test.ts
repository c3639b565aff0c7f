import { describe, expect, it } from "vitest";
import { homeFor, mayOpen, screensFor } from "../lib/screens";
import { redirectTarget } from "./redirect-target";

describe("redirectTarget", () => {
  it("goes back to the remembered location, query and hash included", () => {
    expect(redirectTarget({ from: { pathname: "/stations", search: "?x=1", hash: "#a" } })).toBe("/stations?x=1#a");
    expect(redirectTarget({ from: "/kitchen" })).toBe("/kitchen");
  });

  it("has none without a usable referrer (the role's home is used)", () => {
    expect(redirectTarget(null)).toBeNull();
    expect(redirectTarget({})).toBeNull();
    expect(redirectTarget({ from: 42 })).toBeNull();
    expect(redirectTarget({ from: "/" })).toBeNull();
  });

  it("never leaves the app or loops through the auth pages", () => {
    expect(redirectTarget({ from: "https://evil.example/" })).toBeNull();
    expect(redirectTarget({ from: "//evil.example/" })).toBeNull();
    expect(redirectTarget({ from: "/login" })).toBeNull();
    expect(redirectTarget({ from: { pathname: "/logout" } })).toBeNull();
    expect(redirectTarget({ from: "/login-help" })).toBe("/login-help");
  });
});

describe("a role's home and screens", () => {
  it("lands each role where its work is, on a screen it may open", () => {
    expect(homeFor("kitchen")).toBe("/kitchen");
    expect(homeFor("floor")).toBe("/staff/floor");
    expect(homeFor("manager")).toBe("/staff");
    expect(homeFor("owner")).toBe("/staff");
    for (const role of ["owner", "manager", "kitchen", "floor"] as const) {
      expect(mayOpen(role, homeFor(role))).toBe(true);
      expect(screensFor(role).map((screen) => screen.to)).toContain(homeFor(role));
    }
  });

  it("offers the kitchen its board only, and refuses it the others", () => {
    expect(screensFor("kitchen").map((screen) => screen.label)).toEqual(["Kitchen"]);
    expect(mayOpen("kitchen", "/staff")).toBe(false);
    expect(mayOpen("kitchen", "/staff/reports/")).toBe(false);
    expect(mayOpen("floor", "/staff/tabs")).toBe(true);
  });
});
