import { describe, expect, it } from "vitest";
import { isPrinterHost, isPrinterPort } from "./printers";

describe("printer addresses", () => {
  it("takes IPv4, IPv6 and host names", () => {
    for (const host of [
      "192.168.1.50",
      "10.0.0.1",
      "::1",
      "fe80::1",
      "2001:db8::8a2e:370:7334",
      "::ffff:192.168.1.1",
      "kitchen-1",
      "printer.local",
      "a.b.c.",
    ]) {
      expect(isPrinterHost(host), host).toBe(true);
    }
  });

  it("refuses URLs, ports, paths, spaces and impossible addresses", () => {
    for (const host of [
      "",
      "http://printer",
      "printer:9100",
      "10.0.0.1:9100",
      "printer/1",
      "kitchen printer",
      "300.1.1.1",
      "1.2.3",
      "-printer",
      "printer-",
      "a_b",
      "1::2::3",
      "12345::1",
      "x".repeat(254),
    ]) {
      expect(isPrinterHost(host), host).toBe(false);
    }
  });

  it("takes ports 1 to 65535", () => {
    expect([0, 1, 9100, 65_535, 65_536, 1.5, -1].map(isPrinterPort)).toEqual([false, true, true, true, false, false, false]);
  });
});
