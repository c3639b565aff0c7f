import { describe, expect, it } from "vitest";
import type { OrderLineInput } from "../../contract/schemas";
import type { CatalogProduct } from "../menu/catalog-queries";
import { priceOrder } from "./pricing";

const burger: CatalogProduct = {
  id: 1,
  branchId: 1,
  name: "Limitless Mega Burger",
  priceCents: 1399,
  happyHourPriceCents: 999,
  available: true,
  weekday: null,
  stock: null,
  prepArea: "kitchen",
  prepMinutes: 15,
  groups: [
    {
      name: "Side",
      exclusive: true,
      required: true,
      options: [
        { id: 10, name: "Fries", priceCents: 0 },
        { id: 11, name: "Coleslaw", priceCents: 0 },
        { id: 12, name: "Onion Rings", priceCents: 200 },
      ],
    },
  ],
};
const nachos: CatalogProduct = {
  id: 2,
  branchId: 1,
  name: "Nachos",
  priceCents: 1199,
  happyHourPriceCents: null,
  available: true,
  weekday: null,
  stock: null,
  prepArea: "kitchen",
  prepMinutes: 8,
  groups: [
    {
      name: "Add-ons",
      exclusive: false,
      required: false,
      options: [
        { id: 20, name: "Pork Belly", priceCents: 300 },
        { id: 21, name: "Chicken Tenders", priceCents: 400 },
      ],
    },
  ],
};
const otherBranch: CatalogProduct = { ...nachos, id: 3, branchId: 2 };
/** A Tuesday special, made at the bar. */
const tuesdayShots: CatalogProduct = {
  ...nachos,
  id: 4,
  name: "Tuesday Shots",
  priceCents: 300,
  weekday: 2,
  prepArea: "bar",
  prepMinutes: 2,
  groups: [],
};
/** A counted product with 3 left. */
const lechon: CatalogProduct = { ...nachos, id: 5, name: "Lechon Kawali", priceCents: 1699, stock: 3, groups: [] };
const catalog = new Map([burger, nachos, otherBranch, tuesdayShots, lechon].map((p) => [p.id, p]));
const TUESDAY = 2;
const WEDNESDAY = 3;

const line = (id: number, selectedCustomizations: number[], quantity = 1, customizedPrice?: string): OrderLineInput => ({
  id,
  quantity,
  selectedCustomizations,
  ...(customizedPrice ? { customizedPrice } : {}),
});

describe("priceOrder", () => {
  it("prices every line from the catalog and adds 13 % HST", () => {
    const result = priceOrder([line(1, [12], 2), line(2, [20, 21])], 1, catalog, WEDNESDAY);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lines.map((l) => [l.unitPriceCents, l.lineTotalCents])).toEqual([
      [1599, 3198],
      [1899, 1899],
    ]);
    expect(result.totals).toEqual({ subtotal: 5097, tax: 663, total: 5760 });
  });

  it("ignores a matching customizedPrice and refuses a different one with the current price", () => {
    expect(priceOrder([line(1, [12], 1, "15.99")], 1, catalog, WEDNESDAY).ok).toBe(true);
    const result = priceOrder([line(1, [12], 1, "1.00")], 1, catalog, WEDNESDAY);
    expect(result).toMatchObject({ ok: false, status: 409, code: "price_changed" });
    if (!result.ok) expect(result.details[0]).toMatchObject({ index: 0, price: "15.99", sent_price: "1.00" });
  });

  it("refuses an unknown product or one of another branch", () => {
    expect(priceOrder([line(99, [])], 1, catalog, WEDNESDAY)).toMatchObject({ ok: false, status: 400, code: "invalid_order" });
    expect(priceOrder([line(3, [])], 1, catalog, WEDNESDAY)).toMatchObject({ ok: false, status: 400, code: "invalid_order" });
  });

  it("refuses options that are not the product's, duplicates, two exclusive choices and a missing required one", () => {
    for (const bad of [line(1, [10, 20]), line(2, [20, 20]), line(1, [10, 12]), line(1, [])]) {
      expect(priceOrder([bad], 1, catalog, WEDNESDAY)).toMatchObject({ ok: false, status: 400, code: "invalid_order" });
    }
  });

  it("says which is which: an option chosen twice, and one that is not the product's", () => {
    const twice = priceOrder([line(2, [20, 20])], 1, catalog, WEDNESDAY);
    const foreign = priceOrder([line(2, [10])], 1, catalog, WEDNESDAY);
    expect(!twice.ok && twice.details[0]?.message).toBe("Option 20 is chosen twice for Nachos.");
    expect(!foreign.ok && foreign.details[0]?.message).toBe("Option 10 is not a choice for Nachos.");
  });

  it("refuses sold-out items with 409 naming them", () => {
    const soldOut = new Map(catalog);
    soldOut.set(2, { ...nachos, available: false });
    const result = priceOrder([line(1, [10]), line(2, [])], 1, soldOut, WEDNESDAY);
    expect(result).toMatchObject({ ok: false, status: 409, code: "sold_out" });
    if (!result.ok) expect(result.details).toEqual([expect.objectContaining({ index: 1, name: "Nachos" })]);
  });

  it("takes a daily special on its weekday only, with 409 not_available_today naming the day", () => {
    const onItsDay = priceOrder([line(4, [], 2)], 1, catalog, TUESDAY);
    expect(onItsDay.ok && onItsDay.lines[0]).toMatchObject({ productId: 4, lineTotalCents: 600, prepArea: "bar", prepMinutes: 2 });
    const otherDay = priceOrder([line(2, []), line(4, [])], 1, catalog, WEDNESDAY);
    expect(otherDay).toMatchObject({ ok: false, status: 409, code: "not_available_today" });
    if (!otherDay.ok) {
      expect(otherDay.details).toEqual([
        {
          index: 1,
          product_id: 4,
          name: "Tuesday Shots",
          weekday: 2,
          message: "Tuesday Shots is a Tuesday special; it can be ordered on Tuesdays.",
        },
      ]);
    }
  });

  it("refuses more of a counted product than is left, over all its lines, saying how many are left", () => {
    expect(priceOrder([line(5, [], 3)], 1, catalog, WEDNESDAY).ok).toBe(true);
    const tooMany = priceOrder([line(5, [], 2), line(1, [10]), line(5, [], 2)], 1, catalog, WEDNESDAY);
    expect(tooMany).toMatchObject({ ok: false, status: 409, code: "sold_out" });
    if (!tooMany.ok)
      expect(tooMany.details).toEqual(
        [0, 2].map((index) => ({ index, product_id: 5, name: "Lechon Kawali", left: 3, message: "Only 3 Lechon Kawali left." })),
      );
    const none = new Map(catalog).set(5, { ...lechon, stock: 0, available: false });
    const soldOut = priceOrder([line(5, [], 1)], 1, none, WEDNESDAY);
    expect(!soldOut.ok && soldOut.details).toEqual([
      { index: 0, product_id: 5, name: "Lechon Kawali", left: 0, message: "Lechon Kawali is sold out." },
    ]);
  });

  it("keeps each line's note (blank = none) and its product's prep station, and never merges lines", () => {
    const result = priceOrder([{ ...line(2, []), note: "no jalapeños" }, line(2, []), line(4, [])], 1, catalog, TUESDAY);
    expect(result.ok && result.lines.map((l) => [l.productId, l.note, l.prepArea])).toEqual([
      [2, "no jalapeños", "kitchen"],
      [2, "", "kitchen"],
      [4, "", "bar"],
    ]);
  });

  it("reports invalid lines before sold-out and price changes", () => {
    const soldOut = new Map(catalog);
    soldOut.set(2, { ...nachos, available: false });
    expect(priceOrder([line(2, []), line(1, [])], 1, soldOut, WEDNESDAY)).toMatchObject({ code: "invalid_order" });
  });

  it("prices a product with a happy-hour price at it in happy hour, options at their usual prices; the rest as always", () => {
    const order: OrderLineInput[] = [
      { id: 1, quantity: 2, selectedCustomizations: [12] },
      { id: 2, quantity: 1, selectedCustomizations: [] },
    ];
    const happy = priceOrder(order, 1, catalog, 3, true);
    const usual = priceOrder(order, 1, catalog, 3, false);
    if (!happy.ok || !usual.ok) throw new Error("expected both priced");
    expect(happy.lines.map((l) => l.unitPriceCents)).toEqual([999 + 200, 1199]);
    expect(usual.lines.map((l) => l.unitPriceCents)).toEqual([1399 + 200, 1199]);
    expect(happy.totals.subtotal).toBe(2 * 1199 + 1199);
  });

  it("refuses a cart priced in happy hour once it is over: 409 price_changed with the regular price", () => {
    const result = priceOrder([{ id: 1, quantity: 1, selectedCustomizations: [10], customizedPrice: "9.99" }], 1, catalog, 3, false);
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      code: "price_changed",
      details: [{ index: 0, sent_price: "9.99", price: "13.99" }],
    });
    expect(priceOrder([{ id: 1, quantity: 1, selectedCustomizations: [10], customizedPrice: "9.99" }], 1, catalog, 3, true).ok).toBe(true);
  });
});
