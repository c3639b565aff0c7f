import type { Product } from "../../../contract/schemas";

/**
 * Specials in the order a diner wants them: today's first, then those for any day, then the other
 * days' from tomorrow on (greyed with their day).
 */
export function specialsForToday(specials: readonly Product[], today: number): Product[] {
  const rank = (product: Product) =>
    product.weekday === undefined ? 1 : product.weekday === today ? 0 : 1 + ((product.weekday - today + 7) % 7);
  return [...specials].sort((a, b) => rank(a) - rank(b));
}
