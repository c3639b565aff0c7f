/**
 * The demo menu's tags are a promise to diners who filter on them ("hide pork", "vegetarian only"):
 * these rules hold every seeded product to what its name and description say, and the seed to what
 * a CSV import of it would store.
 */
import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS, TRANSLATION_LANGUAGES, type CategoryKey } from "../../contract/menu";
import { parseMenuCsv, menuToCsv } from "../menu/menu-csv";
import { menuOf } from "../../tests/support/menu-arbitraries";
import { seedMenuProducts } from "./seed";
import { SEED_MENU, type SeedProduct } from "../db/seed-menu";

const everyProduct: { category: CategoryKey; product: SeedProduct }[] = CATEGORY_KEYS.flatMap((category) =>
  SEED_MENU[category].map((product) => ({ category, product })),
);
const text = (product: SeedProduct) => `${product.name} ${product.description}`;
const named = (pattern: RegExp) => everyProduct.filter(({ product }) => pattern.test(text(product)));
const names = (list: { product: SeedProduct }[]) => list.map(({ product }) => product.name);

const PORK = /\b(pork|lechon|sisig|liempo|chicharr?on|longanisa|longganisa|chorizo|bacon|ham|tocino|lumpia shanghai|char siu)\b/i;
const MEAT_OR_SEAFOOD =
  /\b(pork|beef|steak|chicken|wings?|duck|lechon|sisig|chorizo|bacon|fish|shrimp|calamari|squid|seafood|skewers?|burger|poutine|gravy)\b/i;
// A sweet chili dipping sauce is mild; a chili in the dish is not.
const SPICY = /\b((?<!sweet )chili|spicy|cajun|jalape(ñ|n)os?|buffalo sauce|hot sauce)\b/i;

describe("the seed menu's tags", () => {
  it("marks every dish whose name or description names pork (or a pork dish) as contains_pork", () => {
    const pork = named(PORK);
    expect(pork.length).toBeGreaterThan(10);
    expect(names(pork.filter(({ product }) => !product.diet.includes("contains_pork")))).toEqual([]);
  });

  it("calls nothing with meat or seafood vegetarian or vegan, and nothing with pork vegetarian", () => {
    const meaty = named(MEAT_OR_SEAFOOD);
    expect(names(meaty.filter(({ product }) => product.diet.includes("vegetarian") || product.diet.includes("vegan")))).toEqual([]);
    const vegan = everyProduct.filter(({ product }) => product.diet.includes("vegan"));
    expect(names(vegan.filter(({ product }) => !product.diet.includes("vegetarian")))).toEqual([]);
    expect(
      names(vegan.filter(({ product }) => product.allergens.some((a) => ["milk", "eggs", "fish", "crustaceans", "molluscs"].includes(a)))),
    ).toEqual([]);
    // The plain sides that are vegetarian are said to be.
    expect(names(vegan)).toEqual(expect.arrayContaining(["Classic Fries", "Cajun Fries", "Garlic Rice"]));
  });

  it("marks what names a chili, Cajun spice or jalapeños spicy", () => {
    const spicy = named(SPICY);
    expect(names(spicy)).toEqual(expect.arrayContaining(["Nachos", "Cajun Fries", "Fish Balls", "Salt and Pepper Calamari", "Sisig"]));
    expect(names(spicy.filter(({ product }) => !product.diet.includes("spicy")))).toEqual([]);
  });

  it("names the allergens the names and descriptions give away", () => {
    const rules: [RegExp, string][] = [
      [/\b(shrimp|prawns?|seafood platter)\b/i, "crustaceans"],
      [/\b(calamari|squid)\b/i, "molluscs"],
      [/\bfish\b/i, "fish"],
      [/\b(cheese|butter|sour cream|curds)\b/i, "milk"],
      [/\b(wine)\b/i, "sulphites"],
      [/\b(bun|sandwich|burger|spring rolls?|lumpia|breaded|tacos?|chicken fingers|wings)\b/i, "wheat"],
    ];
    for (const [pattern, allergen] of rules) {
      const missing = named(pattern).filter(({ product }) => !product.allergens.includes(allergen as SeedProduct["allergens"][number]));
      expect({ allergen, missing: names(missing) }).toEqual({ allergen, missing: [] });
    }
  });

  it("sends every drink, and the drink specials, to the bar, and the food to the kitchen", () => {
    const products = seedMenuProducts();
    const drinks = products.filter((p) => p.category === "drink" || /\b(shots?|cocktails?)\b/i.test(p.name));
    expect(drinks.length).toBeGreaterThan(CATEGORY_KEYS.length);
    expect(drinks.filter((p) => p.prepArea !== "bar").map((p) => p.name)).toEqual([]);
    expect(products.filter((p) => !drinks.includes(p) && p.prepArea !== "kitchen").map((p) => p.name)).toEqual([]);
    // Plausible times: a drink in a few minutes, a dish in 5 to 30.
    for (const p of products)
      expect([p.name, p.prepMinutes >= 1 && p.prepMinutes <= (drinks.includes(p) ? 5 : 30)]).toEqual([p.name, true]);
  });

  it("translates every product's name and description into Filipino and Simplified Chinese", () => {
    for (const { product } of everyProduct) {
      for (const language of TRANSLATION_LANGUAGES) {
        const translation = product.translations[language];
        expect([product.name, language, translation.name.trim().length > 0, translation.description.trim().length > 0]).toEqual([
          product.name,
          language,
          true,
          true,
        ]);
      }
      // A Chinese translation is written in Chinese (brand names may stay in Latin letters).
      expect([product.name, /\p{Script=Han}/u.test(product.translations.zh.name + product.translations.zh.description)]).toEqual([
        product.name,
        true,
      ]);
    }
  });

  it("names every option group and option in Filipino and Simplified Chinese, as they are seeded", () => {
    for (const product of seedMenuProducts()) {
      for (const entry of product.groups.flatMap((group) => [group, ...group.options])) {
        for (const language of TRANSLATION_LANGUAGES)
          expect([product.name, entry.name, language, (entry.translations[language]?.name ?? "").trim() !== ""]).toEqual([
            product.name,
            entry.name,
            language,
            true,
          ]);
        expect([entry.name, /\p{Script=Han}/u.test(entry.translations.zh!.name)]).toEqual([entry.name, true]);
      }
    }
    const burger = seedMenuProducts().find((p) => p.name === "Limitless Mega Burger")!;
    expect(burger.groups[0]!.options.map((o) => [o.translations.fil!.name, o.translations.zh!.name])).toEqual([
      ["Pritong patatas", "薯条"],
      ["Ensaladang repolyo", "凉拌卷心菜"],
      ["Pritong sibuyas", "洋葱圈"],
    ]);
  });

  it("counts a few products' stock, at or under the 'left' threshold, so the demo shows it", () => {
    const counted = everyProduct.filter(({ product }) => product.stock !== undefined);
    expect(counted.length).toBeGreaterThanOrEqual(2);
    for (const { product } of counted) expect(product.stock).toBeGreaterThan(0);
    expect(counted.some(({ product }) => product.stock! <= 5)).toBe(true);
    // Never a special: a counted special would make the demo's "today" depend on yesterday's orders.
    expect(counted.filter(({ category }) => category === "special")).toEqual([]);
  });

  it("is exactly what a CSV import of the seeded menu stores (the import's own validation accepts it)", () => {
    const seeded = seedMenuProducts();
    const reread = parseMenuCsv(menuToCsv(menuOf(seeded)));
    expect(reread.ok && reread.products).toEqual(seeded);
  });
});
