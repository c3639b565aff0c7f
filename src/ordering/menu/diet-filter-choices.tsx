/**
 * The opened dietary filter: "Hide dishes with …" and "Show only vegetarian / vegan". Its own chunk:
 * the menu's first paint shows the filter folded (diet-filter-panel.tsx), so this loads once the menu
 * is painted, or at once when a filter from an earlier visit opens it (docs/performance/bundle-budget.md).
 */
import { useMessages } from "../../shared/i18n/i18n";
import { dietFilterMessages } from "../messages";
import { HIDE_CHOICES, type DietFilter, type HideKey, type OnlyDiet } from "./diet-filter";
import { hideChoiceMessages } from "./messages";

const ONLY_CHOICES: { value: OnlyDiet | null; label: "everything" | "vegetarianOnly" | "veganOnly" }[] = [
  { value: null, label: "everything" },
  { value: "vegetarian", label: "vegetarianOnly" },
  { value: "vegan", label: "veganOnly" },
];

export interface DietFilterChoicesProps {
  filter: DietFilter;
  onChange: (filter: DietFilter) => void;
}

export default function DietFilterChoices({ filter, onChange }: DietFilterChoicesProps) {
  const t = useMessages(dietFilterMessages);
  const hideLabels = useMessages(hideChoiceMessages);
  const toggle = (key: HideKey, checked: boolean) =>
    onChange({ ...filter, hide: checked ? [...filter.hide, key] : filter.hide.filter((value) => value !== key) });

  return (
    <>
      <fieldset>
        <legend>{t.hideWith}</legend>
        <div className="diet-filter-choices">
          {HIDE_CHOICES.map((choice) => (
            <label key={choice.key} className="diet-chip">
              <input
                type="checkbox"
                checked={filter.hide.includes(choice.key)}
                onChange={(event) => toggle(choice.key, event.target.checked)}
              />
              {hideLabels[choice.key]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.show}</legend>
        <div className="diet-filter-choices">
          {ONLY_CHOICES.map((choice) => (
            <label key={choice.label} className="diet-chip">
              <input
                type="radio"
                name="diet-only"
                checked={filter.only === choice.value}
                onChange={() => onChange({ ...filter, only: choice.value })}
              />
              {t[choice.label]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
