/** A product's name and description in the diner's language, from the menu data; English where the manager left a translation out. */
import type { Product } from "../../../contract/schemas";
import type { Language } from "./language";

export interface ProductText {
  name: string;
  description: string;
}

export function productText(product: Pick<Product, "name" | "description" | "translations">, code: Language): ProductText {
  const translated = code === "en" ? undefined : product.translations?.[code];
  return {
    name: translated?.name.trim() || product.name,
    description: translated?.description.trim() || product.description,
  };
}
