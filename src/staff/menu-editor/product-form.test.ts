import { describe, expect, it } from "vitest";
import { namesInLanguages, newProduct, toBody } from "./product-form";

describe("the product form's body", () => {
  it("sends an option group's and an option's names in Filipino and Chinese, and {} where all are empty", () => {
    const body = toBody({
      ...newProduct("burger"),
      groups: [
        {
          name: "Side",
          name_fil: "Kasama",
          name_zh: "",
          exclusive: true,
          required: true,
          options: [
            { name: "Fries", price: "0.00", name_fil: "", name_zh: "薯条" },
            { name: "Slaw", price: "0.00", name_fil: "  ", name_zh: "" },
          ],
        },
      ],
    });
    expect(body.customizations).toEqual({
      Side: {
        exclusive: true,
        required: true,
        translations: { fil: { name: "Kasama" } },
        options: [
          { name: "Fries", price: "0.00", translations: { zh: { name: "薯条" } } },
          { name: "Slaw", price: "0.00", translations: {} },
        ],
      },
    });
  });

  it("reads the menu's translations into the form's fields", () => {
    expect(namesInLanguages({ zh: { name: "配菜" } })).toEqual({ name_fil: "", name_zh: "配菜" });
    expect(namesInLanguages(undefined)).toEqual({ name_fil: "", name_zh: "" });
  });
});
