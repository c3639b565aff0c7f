/**
 * The dietary filter's choices in English (the Filipino and Chinese are in src/shared/i18n/catalogs/):
 * their own file because the opened filter is its own chunk (diet-filter-choices.tsx).
 */
import { i18n } from "../../shared/i18n/i18n";

/** The filter's "hide" choices, in the words diners use. */
export const hideChoiceMessages = i18n("hideChoices", {
  peanuts: "Peanuts",
  tree_nuts: "Tree nuts",
  sesame: "Sesame",
  milk: "Milk",
  eggs: "Eggs",
  fish: "Fish",
  shellfish: "Shellfish",
  soy: "Soy",
  wheat: "Wheat (gluten)",
  mustard: "Mustard",
  sulphites: "Sulphites",
  pork: "Pork",
  spicy: "Spicy",
});
