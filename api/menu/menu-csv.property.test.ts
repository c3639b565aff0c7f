/**
 * Properties of the menu CSV format over random menus (fast-check): a menu written by menuToCsv reads
 * back as the same menu, whatever its names hold (commas, quotes, line breaks, formula starters,
 * non-ASCII text, `__proto__`), and any text at all is answered with a result, never an exception.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Menu } from "../../contract/schemas";
import { PROPERTY_TIMEOUT_MS, propertySettings } from "../../tests/support/fast-check-settings";
import { csvNameArb, menuArb, menuContent, menuOf } from "../../tests/support/menu-arbitraries";
import { CSV_COLUMNS, menuToCsv, parseMenuCsv, type ParsedProduct } from "./menu-csv";

/** The parsed products in the menu's shape, ids numbered in file order (ids are not in the file). */
const toMenu = (products: readonly ParsedProduct[]): Menu => menuOf(products);

function parsedOk(csv: string): ParsedProduct[] {
  const result = parseMenuCsv(csv);
  if (!result.ok) throw new Error(`the exported file does not import: ${JSON.stringify(result.errors.slice(0, 3))}\n${csv.slice(0, 2000)}`);
  return result.products;
}

describe("menuToCsv → parseMenuCsv", () => {
  it(
    "gives back the same menu: every name, description, price, flag, weekday, group and option, in order",
    () => {
      fc.assert(
        fc.property(menuArb, (menu) => {
          expect(menuContent(toMenu(parsedOk(menuToCsv(menu))))).toEqual(menuContent(menu));
        }),
        propertySettings(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "is a fixed point: export → import → export writes the same bytes",
    () => {
      fc.assert(
        fc.property(menuArb, (menu) => {
          const first = menuToCsv(menu);
          expect(menuToCsv(toMenu(parsedOk(first)))).toBe(first);
        }),
        propertySettings(200),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "keeps a name that starts with a quote followed by a formula character (the formula guard's own escape)",
    () => {
      // A dedicated search: the guard prefixes "=…" with "'" and strips one "'" from "'=…" on import,
      // so a name that itself begins with "'=" must be escaped too, or it loses its quote.
      const quoted = fc
        .tuple(fc.constantFrom("'=", "'+", "'-", "'@", "''="), csvNameArb(20))
        .map(([prefix, rest]) => `${prefix}${rest}`.trim())
        .filter((name) => name.length <= 60);
      fc.assert(
        fc.property(menuArb, quoted, (menu, name) => {
          const [category] = CATEGORY_KEYS.filter((key) => menu[key].length > 0);
          const renamed = { ...menu, [category!]: menu[category!].map((p, i) => (i === 0 ? { ...p, name, description: name } : p)) };
          const imported = toMenu(parsedOk(menuToCsv(renamed)))[category!][0]!;
          expect({ name: imported.name, description: imported.description }).toEqual({ name, description: name });
        }),
        propertySettings(50),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "reads a name with spaces around it as the trimmed name (the format trims cells), and that is stable",
    () => {
      const spaced = fc
        .tuple(fc.constantFrom(" ", "  ", "\u00a0", " \t"), csvNameArb(40), fc.constantFrom(" ", "   ", "\u00a0", ""))
        .map(([a, name, b]) => ({ raw: a + name + b, name }));
      fc.assert(
        fc.property(menuArb, spaced, (menu, { raw, name }) => {
          const [category] = CATEGORY_KEYS.filter((key) => menu[key].length > 0);
          const first = menu[category!][0]!;
          // Rename the first product only when no other product of its category already has that name.
          fc.pre(!menu[category!].slice(1).some((p) => p.name.toLowerCase() === name.toLowerCase()));
          const withSpaces = { ...menu, [category!]: [{ ...first, name: raw }, ...menu[category!].slice(1)] };
          const trimmed = { ...menu, [category!]: [{ ...first, name }, ...menu[category!].slice(1)] };
          const imported = toMenu(parsedOk(menuToCsv(withSpaces)));
          expect(menuContent(imported)).toEqual(menuContent(trimmed));
          expect(menuToCsv(imported)).toBe(menuToCsv(trimmed));
        }),
        propertySettings(100),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "accepts the columns in any order and any case",
    () => {
      fc.assert(
        fc.property(
          menuArb,
          fc.shuffledSubarray([...CSV_COLUMNS], { minLength: CSV_COLUMNS.length, maxLength: CSV_COLUMNS.length }),
          fc.boolean(),
          (menu, order, upper) => {
            // Re-emit the exported file with its columns permuted.
            const rows = parsedRows(menuToCsv(menu));
            const header = order.map((c) => (upper ? c.toUpperCase() : c));
            const body = rows.map((row) => order.map((c) => row[CSV_COLUMNS.indexOf(c)]!));
            const csv = [header, ...body].map((r) => r.map(quote).join(",")).join("\r\n");
            expect(menuContent(toMenu(parsedOk(csv)))).toEqual(menuContent(toMenu(parsedOk(menuToCsv(menu)))));
          },
        ),
        propertySettings(100),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/** The data rows of a file written by menuToCsv, as raw cells. */
const parsedRows = (csv: string): string[][] => parse(csv, { from_line: 2 });

describe("parseMenuCsv on any text", () => {
  const csvishArb = fc.oneof(
    fc.string({
      unit: fc.constantFrom(",", '"', "\n", "\r", "a", "1", ".", " ", "yes", "special", "=", "'", "\u0000", "\ufeff"),
      maxLength: 300,
    }),
    fc.string({ unit: "binary", maxLength: 300 }),
    menuArb.chain((menu) =>
      fc.tuple(fc.constant(menuToCsv(menu)), fc.nat(), fc.nat({ max: 40 }), fc.string({ maxLength: 5 })).map(([csv, at, cut, insert]) => {
        const i = at % (csv.length + 1);
        return csv.slice(0, i) + insert + csv.slice(i + cut);
      }),
    ),
  );
  it(
    "answers every file with products or with errors that name a line (≥ 1) and a column — it never throws",
    () => {
      fc.assert(
        fc.property(csvishArb, (text) => {
          const result = parseMenuCsv(text);
          if (result.ok) {
            expect(result.products.length).toBeGreaterThan(0);
            for (const p of result.products) expect(Number.isSafeInteger(p.priceCents) && p.priceCents >= 0).toBe(true);
          } else {
            expect(result.errors.length).toBeGreaterThan(0);
            for (const error of result.errors) {
              expect(error.line).toBeGreaterThanOrEqual(1);
              expect(typeof error.column).toBe("string");
              expect(error.message.length).toBeGreaterThan(0);
            }
          }
        }),
        propertySettings(400),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
