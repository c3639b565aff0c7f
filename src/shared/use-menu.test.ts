import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Product } from "../../contract/schemas";
import { normalizeMenu, withAvailability } from "./use-menu";

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 1,
  name: "Sisig",
  description: "",
  price: "12.99",
  available: true,
  allergens: [],
  diet: [],
  prep_station: "kitchen",
  prep_minutes: 10,
  stock: null,
  customizations: {},
  ...overrides,
});

describe("normalizeMenu", () => {
  it("gives every category key a list, empty when the server sent none", () => {
    const menu = normalizeMenu({ main: [product()] });
    expect(Object.keys(menu)).toEqual([...CATEGORY_KEYS]);
    expect(menu.main).toHaveLength(1);
    expect(menu.special).toEqual([]);
    expect(normalizeMenu(null).bucket).toEqual([]);
  });

  it("treats a product as available unless it says otherwise", () => {
    const { main } = normalizeMenu({
      main: [product({ available: undefined as unknown as boolean }), product({ id: 2, available: false })],
    });
    expect(main.map((p) => p.available)).toEqual([true, false]);
  });

  it("reads a menu without marks or stock (an older server, an old cache) as having none", () => {
    const old = JSON.parse(
      JSON.stringify({ main: [{ id: 1, name: "Sisig", description: "", price: "12.99", available: true, customizations: {} }] }),
    );
    expect(normalizeMenu(old).main[0]).toMatchObject({ allergens: [], diet: [], stock: null });
  });
});

describe("withAvailability", () => {
  it("changes only the named product, wherever it is listed", () => {
    const menu = normalizeMenu({ main: [product(), product({ id: 2 })], special: [product()] });
    const next = withAvailability(menu, { id: 1, available: false });
    expect(next.main.map((p) => p.available)).toEqual([false, true]);
    expect(next.special[0]!.available).toBe(false);
    expect(menu.main[0]!.available).toBe(true);
  });

  it("takes the stock count along when the report has one (orders count it down live)", () => {
    const menu = normalizeMenu({ main: [product({ stock: 3 }), product({ id: 2, stock: 5 })] });
    expect(withAvailability(menu, { id: 1, available: true, stock: 2 }).main.map((p) => p.stock)).toEqual([2, 5]);
    expect(withAvailability(menu, { id: 1, available: false, stock: null }).main.map((p) => [p.available, p.stock])).toEqual([
      [false, null],
      [true, 5],
    ]);
    expect(withAvailability(menu, { id: 1, available: false }).main[0]!.stock).toBe(3);
  });
});
