/**
 * A dish's diet and allergen marks, on every menu item and in the product panel: a short word per
 * diet tag (with a glyph for quick scanning, hidden from screen readers since the word says it) and
 * "Contains: milk, wheat" for the allergens. Plain text inside the item, so its accessible name carries them.
 */
import type { Diet } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { formatList } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { allergenMessages, dietFilterMessages, dietMessages } from "../messages";

const GLYPHS: Record<Diet, string> = { vegetarian: "🌱", vegan: "🌿", contains_pork: "🐖", spicy: "🌶" };

export function ItemMarks({ product }: { product: Pick<Product, "allergens" | "diet"> }) {
  const diet = product.diet ?? [];
  const allergens = product.allergens ?? [];
  const code = useLanguage();
  const t = useMessages(dietFilterMessages);
  const dietLabels = useMessages(dietMessages);
  const allergenLabels = useMessages(allergenMessages);
  if (diet.length === 0 && allergens.length === 0) return null;
  return (
    <span className="item-marks">
      {diet.map((tag) => (
        <span key={tag} className={`mark mark-${tag}`}>
          <span aria-hidden="true">{GLYPHS[tag]} </span>
          {dietLabels[tag]}
        </span>
      ))}
      {allergens.length > 0 && (
        <span className="mark-allergens">
          {t.contains({
            allergens: formatList(
              allergens.map((allergen) => allergenLabels[allergen]),
              code,
            ),
          })}
        </span>
      )}
    </span>
  );
}
