/**
 * "Order again": an earlier order's lines at today's menu. Every line is repriced from the product
 * and options as the menu has them now; a line that can't be ordered now (sold out, another day's
 * special, gone from the menu, its choices no longer offered) is left out and named, never sent as it was.
 */
import type { Menu, Product } from "../../../contract/schemas";
import { CATEGORY_KEYS } from "../../../contract/menu";
import { quantityOfProduct, type Cart, type SelectedOption } from "../cart/cart-logic";
import type { AddedLine } from "../cart/cart-store";
import type { PastOrder } from "./order-history";

export type LeftOutReason = "sold_out" | "not_today" | "gone" | "changed";

export interface LeftOut {
  name: string;
  reason: LeftOutReason;
  /** The special's day (not_today). */
  weekday?: number;
}

export interface Reorder {
  lines: AddedLine[];
  leftOut: LeftOut[];
  /** Lines added with fewer than before because only that many are left: the name and how many were added. */
  fewer: { name: string; quantity: number }[];
}

function productsById(menu: Menu): Map<number, Product> {
  return new Map(CATEGORY_KEYS.flatMap((key) => menu[key] ?? []).map((product) => [product.id, product]));
}

/** The options with these ids as the product offers them today; null when one is gone or a required group is unanswered. */
function currentOptions(product: Product, ids: readonly number[]): SelectedOption[] | null {
  const chosen: SelectedOption[] = [];
  for (const [group, spec] of Object.entries(product.customizations)) {
    const inGroup = spec.options.filter((option) => ids.includes(option.id));
    if ((spec.required && inGroup.length === 0) || (spec.exclusive && inGroup.length > 1)) return null;
    chosen.push(...inGroup.map((option) => ({ ...option, group })));
  }
  return chosen.length === ids.length ? chosen : null;
}

export function reorder(past: PastOrder, menu: Menu, today: number, cart: Cart): Reorder {
  const products = productsById(menu);
  const result: Reorder = { lines: [], leftOut: [], fewer: [] };
  /** Units of each counted product this reorder already takes, on top of the cart's. */
  const taken = new Map<number, number>();
  for (const line of past.lines) {
    const product = products.get(line.product_id);
    if (!product) {
      result.leftOut.push({ name: line.name, reason: "gone" });
      continue;
    }
    if (product.weekday !== undefined && product.weekday !== today) {
      result.leftOut.push({ name: product.name, reason: "not_today", weekday: product.weekday });
      continue;
    }
    const left = product.stock === null ? Infinity : product.stock - quantityOfProduct(cart, product.id) - (taken.get(product.id) ?? 0);
    if (!product.available || left <= 0) {
      result.leftOut.push({ name: product.name, reason: "sold_out" });
      continue;
    }
    const options = currentOptions(product, line.options);
    if (!options) {
      result.leftOut.push({ name: product.name, reason: "changed" });
      continue;
    }
    const quantity = Math.min(line.quantity, left);
    if (quantity < line.quantity) result.fewer.push({ name: product.name, quantity });
    taken.set(product.id, (taken.get(product.id) ?? 0) + quantity);
    result.lines.push({ product, options, quantity, ...(line.note ? { note: line.note } : {}) });
  }
  return result;
}
