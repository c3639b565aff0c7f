import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, parseMenuCsv } from "./menu-csv";

const HEADER = CSV_COLUMNS.join(",");

describe("parseMenuCsv", () => {
  it("refuses names made only of invisible characters, with the line and column of each", () => {
    const result = parseMenuCsv(
      [
        HEADER,
        "starter,\u200b\u200b,,5.00,,,,,,,",
        "starter,Nachos,,11.99,,,,,,,",
        "starter,Nachos,,,,,\u200b,no,no,Cheese,1.00",
        "starter,Nachos,,,,,Add-ons,no,no,\u0007,1.00",
      ].join("\n"),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [2, "product"],
      [4, "group"],
      [5, "option"],
    ]);
  });

  it("keeps names with visible text, emoji included", () => {
    const result = parseMenuCsv([HEADER, "drink,Red Horse 🍺,,8.99,,,,,,,"].join("\n"));
    expect(result.ok && result.products.map((p) => p.name)).toEqual(["Red Horse 🍺"]);
  });
});
