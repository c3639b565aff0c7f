import { describe, expect, it } from "vitest";
import { isPrivateHost, orderLink, qrOrigin } from "./order-link";

describe("orderLink", () => {
  it("points the order screen at the table", () => {
    expect(orderLink("0f8fad5b-d9cb-469f-a165-70867728950e", "https://limitless.example")).toBe(
      "https://limitless.example/order?station_id=0f8fad5b-d9cb-469f-a165-70867728950e",
    );
  });

  it("encodes anything unusual in the id", () => {
    expect(orderLink("a b&c", "http://localhost:3000/")).toBe("http://localhost:3000/order?station_id=a%20b%26c");
  });
});

describe("where QR codes point", () => {
  it("knows addresses a diner's phone cannot reach", () => {
    for (const host of [
      "localhost",
      "127.0.0.1",
      "10.0.0.5",
      "172.16.4.2",
      "172.31.0.1",
      "192.168.1.20",
      "169.254.1.1",
      "[::1]",
      "fd12::1",
      "backoffice",
      "till.local",
    ])
      expect(isPrivateHost(host), host).toBe(true);
    for (const host of ["limitless.example", "8.8.8.8", "172.32.0.1", "192.169.0.1", "[2001:db8::1]"])
      expect(isPrivateHost(host), host).toBe(false);
  });

  it("uses PUBLIC_ORIGIN when set, else the screen's own origin, unreachable when private", () => {
    const loopback = { origin: "http://127.0.0.1:3000", hostname: "127.0.0.1" };
    expect(qrOrigin("https://limitless.example", loopback)).toEqual({ origin: "https://limitless.example", unreachable: false });
    expect(qrOrigin(null, loopback)).toEqual({ origin: "http://127.0.0.1:3000", unreachable: true });
    expect(qrOrigin(null, { origin: "https://staff.limitless.example", hostname: "staff.limitless.example" })).toEqual({
      origin: "https://staff.limitless.example",
      unreachable: false,
    });
  });
});
