/**
 * A dish's diet and allergen marks, on every menu item and in the product panel: a short word per
 * diet tag (with a glyph for quick scanning, hidden from screen readers since the word says it) and
 * "Contains: milk, wheat" for the allergens. Plain text inside the item, so its accessible name carries them.
 */
import type { Diet } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { ALLERGEN_LABELS, DIET_LABELS } from "./diet-filter";

const GLYPHS: Record<Diet, string> = { vegetarian: "🌱", vegan: "🌿", contains_pork: "🐖", spicy: "🌶" };

export function ItemMarks({ product }: { product: Pick<Product, "allergens" | "diet"> }) {
  const diet = product.diet ?? [];
  const allergens = product.allergens ?? [];
  if (diet.length === 0 && allergens.length === 0) return null;
  return (
    <span className="item-marks">
      {diet.map((tag) => (
        <span key={tag} className={`mark mark-${tag}`}>
          <span aria-hidden="true">{GLYPHS[tag]} </span>
          {DIET_LABELS[tag]}
        </span>
      ))}
      {allergens.length > 0 && (
        <span className="mark-allergens">Contains: {allergens.map((allergen) => ALLERGEN_LABELS[allergen]).join(", ")}</span>
      )}
    </span>
  );
}
