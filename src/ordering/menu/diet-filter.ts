/**
 * The order screen's dietary filter as plain data and pure functions: what a diner asked to hide
 * ("pork", "shellfish"), whether only vegetarian or vegan dishes should show, and the menu that is
 * left. Kept on the phone (localStorage), so a diner with an allergy sets it once.
 */
import { CATEGORY_KEYS, type Allergen, type Diet } from "../../../contract/menu";
import type { Menu, Product } from "../../../contract/schemas";

/**
 * What a diner can hide (the words are hideChoiceMessages in ./messages.ts). Most are one of Health
 * Canada's priority allergens; "shellfish" covers crustaceans and molluscs; "pork" and "spicy" are diet tags.
 */
export const HIDE_CHOICES = [
  { key: "peanuts", tags: ["peanuts"] },
  { key: "tree_nuts", tags: ["tree_nuts"] },
  { key: "sesame", tags: ["sesame"] },
  { key: "milk", tags: ["milk"] },
  { key: "eggs", tags: ["eggs"] },
  { key: "fish", tags: ["fish"] },
  { key: "shellfish", tags: ["crustaceans", "molluscs"] },
  { key: "soy", tags: ["soy"] },
  { key: "wheat", tags: ["wheat"] },
  { key: "mustard", tags: ["mustard"] },
  { key: "sulphites", tags: ["sulphites"] },
  { key: "pork", tags: ["contains_pork"] },
  { key: "spicy", tags: ["spicy"] },
] as const satisfies readonly { key: string; tags: readonly (Allergen | Diet)[] }[];

export type HideKey = (typeof HIDE_CHOICES)[number]["key"];
export type OnlyDiet = "vegetarian" | "vegan";

export interface DietFilter {
  hide: HideKey[];
  only: OnlyDiet | null;
}

export const NO_FILTER: DietFilter = { hide: [], only: null };

const HIDE_KEYS: readonly string[] = HIDE_CHOICES.map((choice) => choice.key);

export function isActive(filter: DietFilter): boolean {
  return filter.hide.length > 0 || filter.only !== null;
}

/** True when the dish suits the filter. A vegan dish is vegetarian too, whatever its tags say. */
export function fits(product: Pick<Product, "allergens" | "diet">, filter: DietFilter): boolean {
  // Allergens and diet tags share no names, so one list answers "does it contain …?".
  const tags: readonly string[] = [...(product.allergens ?? []), ...(product.diet ?? [])];
  if (filter.only === "vegan" && !tags.includes("vegan")) return false;
  if (filter.only === "vegetarian" && !tags.includes("vegetarian") && !tags.includes("vegan")) return false;
  return !HIDE_CHOICES.some((choice) => filter.hide.includes(choice.key) && choice.tags.some((tag) => tags.includes(tag)));
}

/** The menu with only the dishes that fit, and how many were left out. The menu itself is not changed. */
export function applyFilter(menu: Menu, filter: DietFilter): { menu: Menu; hidden: number } {
  if (!isActive(filter)) return { menu, hidden: 0 };
  let hidden = 0;
  const shown = {} as Menu;
  for (const key of CATEGORY_KEYS) {
    const products = menu[key] ?? [];
    shown[key] = products.filter((product) => fits(product, filter));
    hidden += products.length - shown[key].length;
  }
  return { menu: shown, hidden };
}

/** A stored filter, read field by field: anything unknown (another version, hand-edited) is dropped. */
export function readFilter(value: unknown): DietFilter {
  if (!value || typeof value !== "object") return NO_FILTER;
  const stored = value as { hide?: unknown; only?: unknown };
  const hide = Array.isArray(stored.hide)
    ? [...new Set(stored.hide.filter((key): key is HideKey => HIDE_KEYS.includes(key as string)))]
    : [];
  const only = stored.only === "vegetarian" || stored.only === "vegan" ? stored.only : null;
  return { hide, only };
}

export const FILTER_KEY = "order.dietFilter";

export function loadFilter(): DietFilter {
  try {
    return readFilter(JSON.parse(localStorage.getItem(FILTER_KEY) ?? "null"));
  } catch {
    return NO_FILTER;
  }
}

export function saveFilter(filter: DietFilter): void {
  try {
    if (isActive(filter)) localStorage.setItem(FILTER_KEY, JSON.stringify(filter));
    else localStorage.removeItem(FILTER_KEY);
  } catch {
    // Storage full or disabled: the filter still works for this visit.
  }
}
