import { describe, expect, it } from "vitest";
import type { OrderLineInput } from "../../contract/schemas";
import { priceOrder, type CatalogProduct } from "./pricing";

const burger: CatalogProduct = {
  id: 1,
  branchId: 1,
  name: "Limitless Mega Burger",
  priceCents: 1399,
  available: true,
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
  available: true,
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
const catalog = new Map([burger, nachos, otherBranch].map((p) => [p.id, p]));

const line = (id: number, selectedCustomizations: number[], quantity = 1, customizedPrice?: string): OrderLineInput => ({
  id,
  quantity,
  selectedCustomizations,
  ...(customizedPrice ? { customizedPrice } : {}),
});

describe("priceOrder", () => {
  it("prices every line from the catalog and adds 13 % HST", () => {
    const result = priceOrder([line(1, [12], 2), line(2, [20, 21])], 1, catalog);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lines.map((l) => [l.unitPriceCents, l.lineTotalCents])).toEqual([
      [1599, 3198],
      [1899, 1899],
    ]);
    expect(result.totals).toEqual({ subtotal: 5097, tax: 663, total: 5760 });
  });

  it("ignores a matching customizedPrice and refuses a different one with the current price", () => {
    expect(priceOrder([line(1, [12], 1, "15.99")], 1, catalog).ok).toBe(true);
    const result = priceOrder([line(1, [12], 1, "1.00")], 1, catalog);
    expect(result).toMatchObject({ ok: false, status: 409, code: "price_changed" });
    if (!result.ok) expect(result.details[0]).toMatchObject({ index: 0, price: "15.99", sent_price: "1.00" });
  });

  it("refuses an unknown product or one of another branch", () => {
    expect(priceOrder([line(99, [])], 1, catalog)).toMatchObject({ ok: false, status: 400, code: "invalid_order" });
    expect(priceOrder([line(3, [])], 1, catalog)).toMatchObject({ ok: false, status: 400, code: "invalid_order" });
  });

  it("refuses options that are not the product's, duplicates, two exclusive choices and a missing required one", () => {
    for (const bad of [line(1, [10, 20]), line(2, [20, 20]), line(1, [10, 12]), line(1, [])]) {
      expect(priceOrder([bad], 1, catalog)).toMatchObject({ ok: false, status: 400, code: "invalid_order" });
    }
  });

  it("says which is which: an option chosen twice, and one that is not the product's", () => {
    const twice = priceOrder([line(2, [20, 20])], 1, catalog);
    const foreign = priceOrder([line(2, [10])], 1, catalog);
    expect(!twice.ok && twice.details[0]?.message).toBe("Option 20 is chosen twice for Nachos.");
    expect(!foreign.ok && foreign.details[0]?.message).toBe("Option 10 is not a choice for Nachos.");
  });

  it("refuses sold-out items with 409 naming them", () => {
    const soldOut = new Map(catalog);
    soldOut.set(2, { ...nachos, available: false });
    const result = priceOrder([line(1, [10]), line(2, [])], 1, soldOut);
    expect(result).toMatchObject({ ok: false, status: 409, code: "sold_out" });
    if (!result.ok) expect(result.details).toEqual([expect.objectContaining({ index: 1, name: "Nachos" })]);
  });

  it("reports invalid lines before sold-out and price changes", () => {
    const soldOut = new Map(catalog);
    soldOut.set(2, { ...nachos, available: false });
    expect(priceOrder([line(2, []), line(1, [])], 1, soldOut)).toMatchObject({ code: "invalid_order" });
  });
});
