/**
 * A dish's diet and allergen marks, on every menu item and in the product panel: a drawn icon per diet
 * tag (SVG, never emoji: a phone without an emoji font shows boxes) named by the tag's word, the word
 * beside it for the eye, and "Contains: milk, wheat" for the allergens. The icon carries the name once
 * (role="img"), so the item's accessible name reads "Spicy", not "Spicy Spicy".
 */
import type { Diet } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { formatList } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { allergenMessages, dietFilterMessages, dietMessages } from "../messages";

/** 24 × 24 line drawings: a leaf, a sprout, a pig's face, a chili. */
const ICONS: Record<Diet, string> = {
  vegetarian: "M5 19C5 11 11 5 19 5c0 8-6 14-14 14Z M5 19l8-8",
  vegan: "M12 21V11 M12 11c0-4 3-7 8-7 0 5-3 7-8 7Z M12 14c0-3-2-5-7-5 0 4 2 5 7 5Z",
  contains_pork: "M4 13a8 7 0 1 0 16 0a8 7 0 1 0-16 0Z M9 14h6v3H9Z M6 7L5 3l4 3 M18 7l1-4-4 3",
  spicy: "M15 4c0 2 1 3 3 3 M17 8c-2 7-6 11-13 12 4-4 5-8 6-11 1-3 5-4 7-1Z",
};

function DietIcon({ tag, label }: { tag: Diet; label: string }) {
  return (
    <svg className="mark-icon" viewBox="0 0 24 24" width="16" height="16" role="img" aria-label={label} focusable="false">
      <path d={ICONS[tag]} />
    </svg>
  );
}

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
          <DietIcon tag={tag} label={dietLabels[tag]} />
          <span aria-hidden="true">{dietLabels[tag]}</span>
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
