import { describe, expect, it } from "vitest";
import { formatCents, formatDollars, hstCents, parsePriceToCents, totalsFromSubtotal } from "./money";

describe("money", () => {
  it("parses decimal prices to integer cents", () => {
    expect(parsePriceToCents("13.99")).toBe(1399);
    expect(parsePriceToCents("2")).toBe(200);
    expect(parsePriceToCents("2.5")).toBe(250);
    expect(parsePriceToCents(" 0.07 ")).toBe(7);
    expect(parsePriceToCents("0.10")).toBe(10);
  });

  it("rejects anything that is not a plain price", () => {
    for (const bad of ["", "-1.00", "1.999", "abc", "1e3", "1,00", "$5", "NaN", "12345678.00"]) {
      expect(parsePriceToCents(bad), bad).toBeNull();
    }
  });

  it("formats cents as the API's decimal strings", () => {
    expect(formatCents(1399)).toBe("13.99");
    expect(formatCents(5)).toBe("0.05");
    expect(formatCents(0)).toBe("0.00");
    expect(formatCents(-250)).toBe("-2.50");
    expect(formatDollars(3014)).toBe("$30.14");
  });

  it("charges 13 % HST rounded half-up to the cent", () => {
    expect(hstCents(1399)).toBe(182); // 181.87 → 182
    expect(hstCents(3198)).toBe(416); // 415.74 → 416
    expect(hstCents(50)).toBe(7); // 6.5 → 7 (half-up, not banker's)
    expect(hstCents(150)).toBe(20); // 19.5 → 20
    expect(hstCents(0)).toBe(0);
  });

  it("builds subtotal, tax and total that add up", () => {
    expect(totalsFromSubtotal(3198)).toEqual({ subtotal: 3198, tax: 416, total: 3614 });
  });
});
