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
    expect(menuToCsv(menu).split("\r\n")[2]).toBe("burger,B,,,,,__proto__,yes,no,constructor,1.00,,,,,,,,,,,,,,");
  });
});

describe("the happy_hour_price column", () => {
  const header = `${HEADER},happy_hour_price`;
  const row = (price: string, happy: string) => `drink,Domestic Beer,,${price},,,,,,,,${happy}`;

  it("takes a price below the regular one, and none when empty", () => {
    const result = parseMenuCsv([header, row("4.49", "3.50"), "drink,Import Beer,,5.49,,,,,,,,"].join("\n"));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.products.map((p) => [p.name, p.priceCents, p.happyHourPriceCents])).toEqual([
      ["Domestic Beer", 449, 350],
      ["Import Beer", 549, null],
    ]);
  });

  it("refuses one that is not lower than the price, or not a price, on its line and column", () => {
    const result = parseMenuCsv(
      [header, row("4.49", "4.49"), "drink,Import Beer,,5.49,,,,,,,,5.99", "drink,Cider,,6.00,,,,,,,,cheap"].join("\n"),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { line: 2, column: "happy_hour_price", message: "The happy-hour price (4.49) must be lower than the price (4.49)." },
      { line: 3, column: "happy_hour_price", message: "The happy-hour price (5.99) must be lower than the price (5.49)." },
      { line: 4, column: "happy_hour_price", message: '"cheap" is not a price like 4.00 (leave it empty for no happy-hour price).' },
    ]);
  });

  it("belongs on the product's row, not an option's", () => {
    const result = parseMenuCsv([header, row("7.99", ""), "drink,Domestic Beer,,,,,Size,yes,no,64oz,13.00,6.00"].join("\n"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => [e.line, e.column])).toEqual([[3, "happy_hour_price"]]);
  });

  it("is written by export and read back the same", () => {
    const menu = menuOf([
      { category: "drink", name: "Domestic Beer", description: "", priceCents: 449, happyHourPriceCents: 350, available: true, groups: [] },
      { category: "drink", name: "Import Beer", description: "", priceCents: 549, available: true, groups: [] },
    ]);
    const csv = menuToCsv(menu);
    expect(csv.split("\r\n")[1]!.split(",")[CSV_COLUMNS.indexOf("happy_hour_price")]).toBe("3.50");
    const result = parseMenuCsv(csv);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.products.map((p) => p.happyHourPriceCents)).toEqual([350, null]);
  });
});

describe("option groups' and options' names in Filipino and Chinese (group_fil, group_zh, option_fil, option_zh)", () => {
  const header = CSV_COLUMNS.join(",");
  /** A row with the named columns set, the rest empty. */
  const row = (cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) => CSV_COLUMNS.map((column) => cells[column] ?? "").join(",");
  const burger = row({ category: "burger", product: "Mega Burger", price: "13.99" });
  const side = (option: string, cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) =>
    row({ category: "burger", product: "Mega Burger", group: "Side", exclusive: "yes", required: "yes", option, ...cells });

  it("are read from the option rows: a group's on any of its rows, each option's on its own", () => {
    const result = parseMenuCsv(
      [
        header,
        burger,
        side("Fries", { group_fil: "Kasama", group_zh: "配菜", option_fil: "Pritong patatas", option_zh: "薯条" }),
        side("Coleslaw", { option_zh: "凉拌卷心菜" }),
        side("Onion Rings", { group_zh: "配菜" }),
      ].join("\n"),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.products[0]!.groups).toEqual([
      {
        name: "Side",
        exclusive: true,
        required: true,
        translations: { fil: { name: "Kasama" }, zh: { name: "配菜" } },
        options: [
          { name: "Fries", priceCents: 0, translations: { fil: { name: "Pritong patatas" }, zh: { name: "薯条" } } },
          { name: "Coleslaw", priceCents: 0, translations: { zh: { name: "凉拌卷心菜" } } },
          { name: "Onion Rings", priceCents: 0, translations: {} },
        ],
      },
    ]);
  });

  it("refuses them on a product row, a group named two ways, invisible or too long names, each on its line and column", () => {
    const result = parseMenuCsv(
      [
        header,
        burger,
        row({ category: "burger", product: "Fish Burger", price: "12.99", option_zh: "薯条" }),
        row({ category: "burger", product: "Chicken Burger", price: "12.99" }),
        side("Fries", { group_zh: "配菜" }),
        side("Coleslaw", { group_zh: "小菜" }),
        side("Onion Rings", { option_fil: "​" }),
        row({
          category: "burger",
          product: "Chicken Burger",
          group: "Side",
          exclusive: "yes",
          required: "yes",
          option: "Fries",
          group_fil: "x".repeat(61),
          option_zh: "薯".repeat(81),
        }),
      ].join("\n"),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [3, "option_zh"],
      [6, "group_zh"],
      [7, "option_fil"],
      [8, "group_fil"],
      [8, "option_zh"],
    ]);
    expect(result.errors[1]!.message).toBe('Group "Side" is called "配菜" in group_zh on another line.');
  });

  it("are written by export on every row of the group and read back the same", () => {
    const menu = menuOf([
      {
        category: "burger",
        name: "Mega Burger",
        description: "",
        priceCents: 1399,
        available: true,
        groups: [
          {
            name: "Side",
            exclusive: true,
            required: true,
            translations: { fil: { name: "Kasama" }, zh: { name: "配菜" } },
            options: [
              { name: "Fries", priceCents: 0, translations: { fil: { name: "Pritong patatas" }, zh: { name: "薯条" } } },
              { name: "Onion Rings", priceCents: 200 },
            ],
          },
        ],
      },
    ]);
    const csv = menuToCsv(menu);
    expect(csv.split("\r\n").slice(2, 4)).toEqual([
      "burger,Mega Burger,,,,,Side,yes,yes,Fries,0.00,,,,,,,,,,,Kasama,配菜,Pritong patatas,薯条",
      "burger,Mega Burger,,,,,Side,yes,yes,Onion Rings,2.00,,,,,,,,,,,Kasama,配菜,,",
    ]);
    const result = parseMenuCsv(csv);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(menuOf(result.products)).toEqual(menu);
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
    expect(result.products.find((p) => p.name === "Limitless Mega Burger")!.groups[0]).toMatchObject({
      translations: { fil: { name: "Kasama" }, zh: { name: "配菜" } },
      options: [
        { translations: { zh: { name: "薯条" } } },
        { translations: { zh: { name: "凉拌卷心菜" } } },
        { translations: { zh: { name: "洋葱圈" } } },
      ],
    });
    expect(result.products.find((p) => p.name === "Red Horse")).toMatchObject({ prepArea: "bar", available: false });
    expect(menuToCsv(menuOf(result.products))).toBe(template.replaceAll("\n", "\r\n"));
  });
});
