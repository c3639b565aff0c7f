import { describe, expect, it } from "vitest";
import type { Menu, Order, Product } from "../../../contract/schemas";
import { addToCart, type Cart } from "../cart/cart-logic";
import { HISTORY_DAYS, MAX_ORDERS_PER_TABLE, readHistory, withOrder, type PastOrder } from "./order-history";
import { reorder } from "./reorder";

const product = (id: number, overrides: Partial<Product> = {}): Product => ({
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
  ...overrides,
});

const side = {
  exclusive: true,
  required: true,
  options: [
    { id: 101, name: "Fries", price: "0.00" },
    { id: 103, name: "Onion Rings", price: "2.50" },
  ],
};
// Today's menu: the burger went up to 14.99 and onion rings to 2.50 since the earlier order.
const burger = product(21, { name: "Burger", price: "14.99", customizations: { Side: side } });
const wings = product(30, { name: "Wings", available: false });
const tuesdayChop = product(40, { name: "Tuesday Pork Chop", weekday: 2 });
const nachos = product(7, {
  name: "Nachos",
  customizations: { "Add-ons": { exclusive: false, required: false, options: [{ id: 201, name: "Cheese", price: "1.00" }] } },
});
const beer = product(50, { name: "Beer", price: "6.00", stock: 3 });
const menu = { burger: [burger], main: [wings, nachos], special: [tuesdayChop], drink: [beer] } as Partial<Menu> as Menu;

const past: PastOrder = {
  id: "o1",
  number: 12,
  created_at: "2026-03-01T23:00:00.000Z",
  lines: [
    { product_id: 21, name: "Burger", quantity: 2, options: [103], note: "no pickles" },
    { product_id: 30, name: "Wings", quantity: 1, options: [] },
    { product_id: 40, name: "Tuesday Pork Chop", quantity: 1, options: [] },
    { product_id: 99, name: "Old Soup", quantity: 1, options: [] },
    { product_id: 7, name: "Nachos", quantity: 1, options: [202] },
    { product_id: 50, name: "Beer", quantity: 4, options: [] },
  ],
};

describe("order again", () => {
  it("reprices every line at today's menu and keeps its choices and note", () => {
    const { lines } = reorder(past, menu, 3, {});
    const cart = lines.reduce<Cart>((c, line) => addToCart(c, line.product, line.options, line.note, line.quantity), {});
    const burgerLine = cart["21"]![0]!;
    expect(burgerLine).toMatchObject({ quantity: 2, price: "14.99", customizedPrice: "17.49", note: "no pickles" });
    expect(Object.keys(burgerLine.selectedCustomizations)).toEqual(["103"]);
  });

  it("leaves out and names what can't be ordered now: sold out, another day's special, gone, choices changed", () => {
    const { leftOut, lines } = reorder(past, menu, 3, {});
    expect(leftOut).toEqual([
      { name: "Wings", reason: "sold_out" },
      { name: "Tuesday Pork Chop", reason: "not_today", weekday: 2 },
      { name: "Old Soup", reason: "gone" },
      { name: "Nachos", reason: "changed" },
    ]);
    expect(lines.map((line) => line.product.id)).toEqual([21, 50]);
  });

  it("takes a special on its own day", () => {
    expect(reorder(past, menu, 2, {}).lines.map((line) => line.product.id)).toContain(40);
  });

  it("adds no more of a counted product than is left, counting what the cart already holds", () => {
    expect(reorder(past, menu, 3, {}).fewer).toEqual([{ name: "Beer", quantity: 3 }]);
    const cart = addToCart({}, beer, [], undefined, 2);
    const again = reorder(past, menu, 3, cart);
    expect(again.lines.find((line) => line.product.id === 50)!.quantity).toBe(1);
    const full = addToCart({}, beer, [], undefined, 3);
    expect(reorder(past, menu, 3, full).leftOut).toContainEqual({ name: "Beer", reason: "sold_out" });
  });

  it("treats a required choice that no longer exists as changed", () => {
    const noRings = { ...menu, burger: [{ ...burger, customizations: { Side: { ...side, options: [side.options[0]!] } } }] } as Menu;
    expect(reorder(past, noRings, 3, {}).leftOut).toContainEqual({ name: "Burger", reason: "changed" });
  });
});

const order = (id: string, table: string, createdAt: string): Order => ({
  id,
  number: 1,
  status: "received",
  station_id: table,
  branch_id: 1,
  lines: [
    {
      product_id: 21,
      name: "Burger",
      quantity: 1,
      unit_price: "13.99",
      options: [{ id: 101, name: "Fries", price: "0.00" }],
      line_total: "13.99",
      note: "rare",
      prep_station: "kitchen",
    },
  ],
  subtotal: "13.99",
  tax: "1.82",
  total: "15.81",
  created_at: createdAt,
  seen_at: null,
  bumped: [],
  estimated_ready_at: null,
});

describe("the phone's earlier orders", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  it("keeps each table's orders newest first, once each, a few per table, for some weeks", () => {
    let history = withOrder({}, order("a", "T1", "2026-03-09T12:00:00Z"), now);
    history = withOrder(history, order("b", "t2", "2026-03-09T13:00:00Z"), now);
    history = withOrder(history, order("a", "t1", "2026-03-09T12:00:00Z"), now);
    expect(history.t1!.map((o) => o.id)).toEqual(["a"]);
    expect(history.t1![0]!.lines).toEqual([{ product_id: 21, name: "Burger", quantity: 1, options: [101], note: "rare" }]);
    for (let i = 0; i < MAX_ORDERS_PER_TABLE + 2; i++) history = withOrder(history, order(`n${i}`, "t1", "2026-03-10T11:00:00Z"), now);
    expect(history.t1).toHaveLength(MAX_ORDERS_PER_TABLE);
    expect(history.t1![0]!.id).toBe(`n${MAX_ORDERS_PER_TABLE + 1}`);
    const later = now + (HISTORY_DAYS + 1) * 86_400_000;
    expect(Object.keys(withOrder(history, order("c", "t3", new Date(later).toISOString()), later))).toEqual(["t3"]);
  });

  it("reads stored history order by order, dropping only what it can't read", () => {
    const good = withOrder({}, order("a", "t1", "2026-03-09T12:00:00Z"), now).t1![0]!;
    expect(readHistory({ t1: [good, { id: 5 }, null], t2: "x" })).toEqual({ t1: [good] });
    expect(readHistory([])).toEqual({});
  });
});
