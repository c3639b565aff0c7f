import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Menu } from "../../contract/schemas";
import { menuOf } from "../../tests/support/menu-arbitraries";
import { CSV_COLUMNS, menuToCsv, parseMenuCsv } from "./menu-csv";

/** The eleven columns of a file written before the menu data columns: such a file still imports. */
const HEADER = CSV_COLUMNS.slice(0, 11).join(",");

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

describe("names that are JavaScript's own words", () => {
  it("are read as plain group and option names", () => {
    const result = parseMenuCsv(
      [
        HEADER,
        "burger,__proto__,,12.00,,,,,,,",
        "burger,__proto__,,,,,__proto__,yes,yes,constructor,0.00",
        "burger,__proto__,,,,,constructor,no,no,__proto__,1.00",
      ].join("\n"),
    );
    expect(result.ok && result.products[0]).toMatchObject({
      name: "__proto__",
      groups: [
        { name: "__proto__", exclusive: true, required: true, options: [{ name: "constructor", priceCents: 0 }] },
        { name: "constructor", exclusive: false, required: false, options: [{ name: "__proto__", priceCents: 100 }] },
      ],
    });
  });

  it('are written back by menuToCsv from a menu whose JSON has a "__proto__" group', () => {
    const menu = JSON.parse(
      JSON.stringify({ ...Object.fromEntries(CATEGORY_KEYS.map((key) => [key, []])), burger: [] }).replace(
        '"burger":[]',
        '"burger":[{"id":1,"name":"B","description":"","price":"12.00","available":true,"allergens":[],"diet":[],"prep_station":"kitchen","prep_minutes":10,"stock":null,"customizations":{"__proto__":{"exclusive":true,"required":false,"options":[{"id":2,"name":"constructor","price":"1.00"}]}}}]',
      ),
    ) as Menu;
    expect(menuToCsv(menu).split("\r\n")[2]).toBe("burger,B,,,,,__proto__,yes,no,constructor,1.00,,,,,,,,,");
  });
});

describe("the downloadable template (public/menu-template.csv)", () => {
  it("imports cleanly with every column, and is written back as it is", () => {
    const template = readFileSync(new URL("../../public/menu-template.csv", import.meta.url), "utf8");
    const result = parseMenuCsv(template);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(template.split("\n")[0]).toBe(CSV_COLUMNS.join(","));
    expect(result.products.find((p) => p.name === "Lechon Kawali")).toMatchObject({
      diet: ["contains_pork"],
      stock: 3,
      prepMinutes: 20,
      translations: { fil: { name: "Lechon Kawali" }, zh: { name: "菲式脆皮炸五花肉" } },
    });
    expect(result.products.find((p) => p.name === "Red Horse")).toMatchObject({ prepArea: "bar", available: false });
    expect(menuToCsv(menuOf(result.products))).toBe(template.replaceAll("\n", "\r\n"));
  });
});
