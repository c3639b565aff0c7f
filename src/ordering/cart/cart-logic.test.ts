import { describe, expect, it } from "vitest";
import { totalsFromSubtotal } from "../../../contract/money";
import type { Product } from "../../../contract/schemas";
import { LINE_NOTE_MAX } from "../../../contract/menu";
import {
  addToCart,
  applyPriceUpdates,
  cartLines,
  cleanNote,
  isCartShape,
  itemCount,
  lineKey,
  quantityOfProduct,
  removeOne,
  subtotalCents,
  toOrderRequest,
  type Cart,
  type SelectedOption,
} from "./cart-logic";

const burger: Product = {
  id: 21,
  name: "Limitless Mega Burger",
  description: "Served with fries or coleslaw; onion rings instead +2.00.",
  price: "13.99",
  available: true,
  allergens: [],
  diet: [],
  prep_station: "kitchen",
  prep_minutes: 10,
  stock: null,
  customizations: {
    Side: {
      exclusive: true,
      required: true,
      options: [
        { id: 101, name: "Fries", price: "0.00" },
        { id: 102, name: "Coleslaw", price: "0.00" },
        { id: 103, name: "Onion Rings", price: "2.00" },
      ],
    },
  },
};

const nachos: Product = {
  id: 7,
  name: "Nachos",
  description: "Tortilla chips.",
  price: "11.99",
  available: true,
  allergens: [],
  diet: [],
  prep_station: "kitchen",
  prep_minutes: 10,
  stock: null,
  customizations: {
    "Add-ons": {
      exclusive: false,
      required: false,
      options: [
        { id: 201, name: "Pork Belly", price: "3.00" },
        { id: 202, name: "Chicken Tenders", price: "4.00" },
      ],
    },
  },
};

const option = (product: Product, group: string, name: string): SelectedOption => {
  const found = product.customizations[group]!.options.find((o) => o.name === name)!;
  return { ...found, group };
};
const onionRings = option(burger, "Side", "Onion Rings");
const fries = option(burger, "Side", "Fries");
const porkBelly = option(nachos, "Add-ons", "Pork Belly");
const tenders = option(nachos, "Add-ons", "Chicken Tenders");

describe("addToCart", () => {
  it("stores lines keyed by product id, options keyed by option id, customizedPrice in cents", () => {
    const cart = addToCart({}, burger, [onionRings]);
    expect(cart).toEqual({
      "21": [
        {
          id: 21,
          name: "Limitless Mega Burger",
          description: burger.description,
          quantity: 1,
          price: "13.99",
          customizedPrice: "15.99",
          selectedCustomizations: { "103": { id: 103, name: "Onion Rings", price: "2.00", group: "Side" } },
        },
      ],
    });
  });

  it("merges an identical product with identical choices (quantity + 1), whatever order the options were picked in", () => {
    let cart = addToCart({}, nachos, [porkBelly, tenders]);
    cart = addToCart(cart, nachos, [tenders, porkBelly]);
    expect(cart["7"]).toHaveLength(1);
    expect(cart["7"]![0]!.quantity).toBe(2);
    expect(cart["7"]![0]!.customizedPrice).toBe("18.99");
  });

  it("adds a new line for a different set of choices", () => {
    let cart = addToCart({}, burger, [onionRings]);
    cart = addToCart(cart, burger, [fries]);
    cart = addToCart(cart, burger, [onionRings]);
    expect(cart["21"]!.map((line) => [line.quantity, line.customizedPrice])).toEqual([
      [2, "15.99"],
      [1, "13.99"],
    ]);
    expect(quantityOfProduct(cart, 21)).toBe(3);
    expect(itemCount(cart)).toBe(3);
  });

  it("does not mutate the cart it was given", () => {
    const before = addToCart({}, burger, [onionRings]);
    const snapshot = structuredClone(before);
    addToCart(before, burger, [onionRings]);
    expect(before).toEqual(snapshot);
  });
});

describe("a line's note", () => {
  it("makes its own line: the same burger with and without a note are two lines, the same note merges", () => {
    let cart = addToCart({}, burger, [onionRings], "no onions");
    cart = addToCart(cart, burger, [onionRings]);
    cart = addToCart(cart, burger, [onionRings], "  no onions ");
    cart = addToCart(cart, burger, [onionRings], "No onions");
    expect(cart["21"]!.map((line) => [line.quantity, line.note])).toEqual([
      [2, "no onions"],
      [1, undefined],
      [1, "No onions"],
    ]);
    expect(new Set(cart["21"]!.map(lineKey)).size).toBe(3);
    expect(itemCount(cart)).toBe(4);
  });

  it("keeps a note-less line's key as it always was, and removes one unit of the noted line only", () => {
    let cart = addToCart({}, burger, [onionRings], "well done");
    cart = addToCart(cart, burger, [onionRings]);
    const [noted, plain] = cart["21"]!;
    expect(lineKey(plain!)).toBe("103");
    expect(lineKey(noted!)).toBe("103|well done");
    cart = removeOne(cart, 21, lineKey(noted!));
    expect(cart["21"]!.map((line) => [line.quantity, line.note])).toEqual([[1, undefined]]);
  });

  it("is a key no option list can imitate: a note with commas and bars stays apart", () => {
    let cart = addToCart({}, nachos, [porkBelly], "202");
    cart = addToCart(cart, nachos, [porkBelly, tenders]);
    cart = addToCart(cart, nachos, [porkBelly], "a|b,c");
    expect(cart["7"]!.map(lineKey)).toEqual(["201|202", "201,202", "201|a|b,c"]);
  });

  it(`is trimmed, at most ${LINE_NOTE_MAX} characters, and none when blank`, () => {
    expect(cleanNote("   ")).toBeUndefined();
    expect(cleanNote(undefined)).toBeUndefined();
    expect(cleanNote("x".repeat(LINE_NOTE_MAX + 20))).toHaveLength(LINE_NOTE_MAX);
    expect(addToCart({}, nachos, [], " ")["7"]![0]).not.toHaveProperty("note");
  });

  it("travels with the order, and a stored line with a note is a readable cart", () => {
    let cart = addToCart({}, burger, [fries], "no pickles");
    cart = addToCart(cart, burger, [fries]);
    expect(toOrderRequest(cart, "s", 1).products).toEqual([
      { id: 21, quantity: 1, selectedCustomizations: [101], customizedPrice: "13.99", note: "no pickles" },
      { id: 21, quantity: 1, selectedCustomizations: [101], customizedPrice: "13.99" },
    ]);
    expect(isCartShape(JSON.parse(JSON.stringify(cart)))).toBe(true);
    const line = cart["21"]![0]!;
    expect(isCartShape({ 21: [{ ...line, note: 7 }] })).toBe(false);
    expect(isCartShape({ 21: [{ ...line, note: "x".repeat(LINE_NOTE_MAX + 1) }] })).toBe(false);
  });

  it("adds several units at once (Order again), still merging and capped at 99", () => {
    let cart = addToCart({}, burger, [fries], undefined, 3);
    cart = addToCart(cart, burger, [fries], undefined, 98);
    expect(cart["21"]!.map((line) => line.quantity)).toEqual([99]);
  });
});

describe("removeOne", () => {
  it("removes ONE unit of the chosen line, not the whole product", () => {
    let cart = addToCart({}, burger, [onionRings]);
    cart = addToCart(cart, burger, [onionRings]);
    cart = addToCart(cart, burger, [fries]);
    cart = removeOne(cart, 21, lineKey({ selectedCustomizations: { 103: onionRings } }));
    expect(cart["21"]!.map((line) => [line.quantity, line.customizedPrice])).toEqual([
      [1, "15.99"],
      [1, "13.99"],
    ]);
  });

  it("drops a line at zero, and the product once it has no lines", () => {
    let cart = addToCart({}, burger, [onionRings]);
    cart = addToCart(cart, nachos, []);
    cart = removeOne(cart, 21, "103");
    expect(Object.keys(cart)).toEqual(["7"]);
    cart = removeOne(cart, 7, "");
    expect(cart).toEqual({});
  });

  it("ignores an unknown product or line", () => {
    const cart = addToCart({}, nachos, []);
    expect(removeOne(cart, 999, "")).toEqual(cart);
    expect(removeOne(cart, 7, "201")).toEqual(cart);
  });
});

describe("prices in cents", () => {
  it("sums without floating-point drift and applies 13 % HST half-up", () => {
    let cart: Cart = {};
    // 0.1 + 0.2-style traps: ten lines of 4.49 etc.
    const beer: Product = {
      id: 50,
      name: "Domestic Beer",
      description: "",
      price: "4.49",
      available: true,
      customizations: {},
      allergens: [],
      diet: [],
      prep_station: "kitchen",
      prep_minutes: 10,
      stock: null,
    };
    for (let i = 0; i < 10; i++) cart = addToCart(cart, beer, []);
    cart = addToCart(cart, burger, [onionRings]);
    expect(subtotalCents(cart)).toBe(10 * 449 + 1599);
    expect(totalsFromSubtotal(subtotalCents(cart))).toEqual({ subtotal: 6089, tax: 792, total: 6881 });
  });

  it("rounds the tax half-up like the server (15.99 → 2.08)", () => {
    const cart = addToCart({}, burger, [onionRings]);
    expect(totalsFromSubtotal(subtotalCents(cart))).toEqual({ subtotal: 1599, tax: 208, total: 1807 });
  });
});

describe("toOrderRequest", () => {
  it("flattens lines and turns selectedCustomizations into a list of option ids", () => {
    let cart = addToCart({}, burger, [onionRings]);
    cart = addToCart(cart, burger, [onionRings]);
    cart = addToCart(cart, nachos, [tenders, porkBelly]);
    expect(toOrderRequest(cart, "table-uuid", 2)).toEqual({
      products: [
        { id: 7, quantity: 1, selectedCustomizations: [201, 202], customizedPrice: "18.99" },
        { id: 21, quantity: 2, selectedCustomizations: [103], customizedPrice: "15.99" },
      ],
      station_id: "table-uuid",
      branch_id: 2,
    });
  });
});

describe("applyPriceUpdates", () => {
  it("updates the lines the server named (by their index in the order) and leaves the rest", () => {
    let cart = addToCart({}, burger, [onionRings]);
    cart = addToCart(cart, nachos, []);
    const order = toOrderRequest(cart, "s", 1);
    const nachosIndex = order.products.findIndex((line) => line.id === 7);
    const updated = applyPriceUpdates(cart, [{ index: nachosIndex, price: "12.49" }]);
    expect(cartLines(updated).map((line) => [line.name, line.customizedPrice])).toEqual(
      cartLines(cart).map((line) => [line.name, line.id === 7 ? "12.49" : line.customizedPrice]),
    );
  });
});

describe("isCartShape", () => {
  it("accepts a cart and rejects what a corrupted or foreign localStorage value may hold", () => {
    expect(isCartShape(addToCart({}, burger, [fries]))).toBe(true);
    expect(isCartShape({})).toBe(true);
    expect(isCartShape(null)).toBe(false);
    expect(isCartShape([])).toBe(false);
    expect(isCartShape({ 1: "x" })).toBe(false);
    expect(isCartShape({ 1: [{ id: 1 }] })).toBe(false);
  });

  it("rejects a cart with one line the page could not show or send", () => {
    const line = addToCart({}, burger, [fries])[burger.id]![0]!;
    const cartWith = (changes: Record<string, unknown>) => ({ [burger.id]: [line, { ...line, ...changes }] });
    expect(isCartShape(cartWith({}))).toBe(true);
    for (const changes of [
      { name: { text: "Burger" } },
      { quantity: 0 },
      { quantity: 1.5 },
      { quantity: 100 },
      { id: "21" },
      { price: 13.99 },
      { customizedPrice: null },
      { selectedCustomizations: null },
      { selectedCustomizations: { 103: null } },
      { selectedCustomizations: { 103: { id: 103, name: "Fries" } } },
    ]) {
      expect(isCartShape(cartWith(changes)), JSON.stringify(changes)).toBe(false);
    }
  });
});
