import { describe, expect, it } from "vitest";
import { ALLERGENS, CATEGORY_KEYS, DIETS } from "../../../contract/menu";
import type { Menu, Product } from "../../../contract/schemas";
import { HIDE_CHOICES, NO_FILTER, applyFilter, fits, readFilter, type DietFilter } from "./diet-filter";

const dish = (id: number, tags: Partial<Pick<Product, "allergens" | "diet">> = {}): Product => ({
  id,
  name: `Dish ${id}`,
  description: "",
  price: "10.00",
  available: true,
  customizations: {},
  allergens: [],
  diet: [],
  prep_station: "kitchen",
  prep_minutes: 10,
  stock: null,
  ...tags,
});

const sisig = dish(1, { diet: ["contains_pork", "spicy"], allergens: ["soy", "eggs"] });
const shrimp = dish(2, { allergens: ["crustaceans"] });
const mussels = dish(3, { allergens: ["molluscs", "wheat"] });
const salad = dish(4, { diet: ["vegan", "vegetarian"] });
const fries = dish(5, { diet: ["vegan"] }); // tagged vegan only: still vegetarian
const pancit = dish(6, { diet: ["vegetarian"], allergens: ["wheat", "eggs"] });
const plain = dish(7);

const menu = { main: [sisig, shrimp, mussels, plain], starter: [salad, pancit], fries: [fries] } as Partial<Menu> as Menu;
const filter = (changes: Partial<DietFilter>): DietFilter => ({ ...NO_FILTER, ...changes });
const shownIds = (result: { menu: Menu }) =>
  CATEGORY_KEYS.flatMap((key) => result.menu[key] ?? [])
    .map((p) => p.id)
    .sort();

describe("the dietary filter", () => {
  it("hides shellfish as both crustaceans and molluscs, and pork by its diet tag", () => {
    const result = applyFilter(menu, filter({ hide: ["shellfish", "pork"] }));
    expect(shownIds(result)).toEqual([4, 5, 6, 7]);
    expect(result.hidden).toBe(3);
  });

  it("shows only vegetarian dishes (vegan ones count), or only vegan ones, and combines with hiding", () => {
    expect(shownIds(applyFilter(menu, filter({ only: "vegetarian" })))).toEqual([4, 5, 6]);
    expect(shownIds(applyFilter(menu, filter({ only: "vegan" })))).toEqual([4, 5]);
    const both = applyFilter(menu, filter({ only: "vegetarian", hide: ["wheat"] }));
    expect(shownIds(both)).toEqual([4, 5]);
    expect(both.hidden).toBe(5);
  });

  it("hides nothing and returns the same menu when off; never changes the menu it was given", () => {
    const off = applyFilter(menu, NO_FILTER);
    expect(off.menu).toBe(menu);
    expect(off.hidden).toBe(0);
    const before = structuredClone(menu);
    applyFilter(menu, filter({ hide: ["eggs"] }));
    expect(menu).toEqual(before);
  });

  it("offers every Health Canada allergen and the pork and spicy tags, each hiding what carries it", () => {
    const covered = HIDE_CHOICES.flatMap((choice) => choice.tags as readonly string[]);
    for (const tag of [...ALLERGENS, "contains_pork", "spicy"]) expect(covered).toContain(tag);
    for (const choice of HIDE_CHOICES) {
      for (const tag of choice.tags) {
        const product = (ALLERGENS as readonly string[]).includes(tag)
          ? dish(9, { allergens: [tag as Product["allergens"][number]] })
          : dish(9, { diet: [tag as Product["diet"][number]] });
        expect(fits(product, filter({ hide: [choice.key] })), `${choice.key} / ${tag}`).toBe(false);
        expect(fits(plain, filter({ hide: [choice.key] }))).toBe(true);
      }
    }
    expect(DIETS.filter((tag) => !covered.includes(tag))).toEqual(["vegetarian", "vegan"]);
  });

  it("reads back a stored filter, dropping what it doesn't know", () => {
    expect(readFilter({ hide: ["pork", "shellfish", "pork", "bacon", 7], only: "vegan" })).toEqual({
      hide: ["pork", "shellfish"],
      only: "vegan",
    });
    expect(readFilter({ hide: "pork", only: "keto" })).toEqual(NO_FILTER);
    expect(readFilter(null)).toEqual(NO_FILTER);
    expect(readFilter("x")).toEqual(NO_FILTER);
  });
});
