import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { displayPrice } from "./menu-item-list";
import { normalizeMenu } from "./use-branch-menu";

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 1,
  name: "Sisig",
  description: "",
  price: "12.99",
  available: true,
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
    const { main } = normalizeMenu({ main: [product({ available: undefined as unknown as boolean }), product({ id: 2, available: false })] });
    expect(main.map((p) => p.available)).toEqual([true, false]);
  });
});

describe("displayPrice", () => {
  it("shows dollars and cents", () => {
    expect(displayPrice("12.99")).toBe("$12.99");
    expect(displayPrice("30")).toBe("$30.00");
    expect(displayPrice("market")).toBe("market");
  });
});
