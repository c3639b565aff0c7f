/** A product's name and description in the diner's language, from the menu data; English where the manager left a translation out. */
import type { Product } from "../../../contract/schemas";
import type { Language } from "./language";

export interface ProductText {
  name: string;
  description: string;
}

export function productText(product: Pick<Product, "name" | "description" | "translations">, code: Language): ProductText {
  // Read defensively: a cart line stored on the phone carries these too, and storage holds anything.
  const translated: Partial<Record<keyof ProductText, unknown>> | undefined = code === "en" ? undefined : product.translations?.[code];
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return {
    name: text(translated?.name) || product.name,
    description: text(translated?.description) || product.description,
  };
}
