import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/schemas";
import { missingRequired, selectedOptions } from "./product-dialog";

/** As the phone receives it: JSON.parse makes "__proto__" an own key like any other group name. */
const product = JSON.parse(
  JSON.stringify({ id: 1, name: "B", description: "", price: "12.00", available: true, customizations: {} }).replace(
    '"customizations":{}',
    `"customizations":{"__proto__":{"exclusive":true,"required":true,"options":[{"id":7,"name":"Fries","price":"0.00"}]},` +
      `"constructor":{"exclusive":false,"required":true,"options":[{"id":8,"name":"Cheese","price":"1.00"}]},` +
      `"toString":{"exclusive":false,"required":false,"options":[{"id":9,"name":"Bacon","price":"2.00"}]}}`,
  ),
) as Product;

describe("choices in groups named like JavaScript's own properties", () => {
  it("counts nothing as chosen before the diner picks, and names the required groups", () => {
    expect(selectedOptions(product, {})).toEqual([]);
    expect(missingRequired(product, {})).toEqual(["__proto__", "constructor"]);
  });

  it("records what the diner picks in each of them", () => {
    const choices = { ["__proto__"]: [7], ["constructor"]: [8] };
    expect(Object.keys(choices)).toEqual(["__proto__", "constructor"]);
    expect(selectedOptions(product, choices).map((option) => `${option.group}: ${option.name}`)).toEqual([
      "__proto__: Fries",
      "constructor: Cheese",
    ]);
    expect(missingRequired(product, choices)).toEqual([]);
  });
});
