/**
 * The dietary filter on the order screen: "Hide dishes with …" and "Show only vegetarian / vegan",
 * folded away until opened, and a live line saying how many dishes it hides, with a way to clear it.
 */
import { useState } from "react";
import { useMessages } from "../../shared/i18n/i18n";
import { dietFilterMessages, hideChoiceMessages } from "../messages";
import { HIDE_CHOICES, isActive, NO_FILTER, type DietFilter, type HideKey, type OnlyDiet } from "./diet-filter";

interface DietFilterPanelProps {
  filter: DietFilter;
  hidden: number;
  onChange: (filter: DietFilter) => void;
}

const ONLY_CHOICES: { value: OnlyDiet | null; label: "everything" | "vegetarianOnly" | "veganOnly" }[] = [
  { value: null, label: "everything" },
  { value: "vegetarian", label: "vegetarianOnly" },
  { value: "vegan", label: "veganOnly" },
];

export function DietFilterPanel({ filter, hidden, onChange }: DietFilterPanelProps) {
  const active = isActive(filter);
  // Open at first when a filter from an earlier visit is on, so the diner sees why dishes are missing.
  const [open, setOpen] = useState(active);
  const count = filter.hide.length + (filter.only ? 1 : 0);
  const t = useMessages(dietFilterMessages);
  const hideLabels = useMessages(hideChoiceMessages);
  const toggle = (key: HideKey, checked: boolean) =>
    onChange({ ...filter, hide: checked ? [...filter.hide, key] : filter.hide.filter((value) => value !== key) });

  return (
    <div className="diet-filter">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{active ? t.summaryOn(count) : t.summary}</summary>
        <fieldset>
          <legend>{t.hideWith}</legend>
          <div className="diet-filter-choices">
            {HIDE_CHOICES.map((choice) => (
              <label key={choice.key} className="diet-chip">
                <input type="checkbox" checked={filter.hide.includes(choice.key)} onChange={(event) => toggle(choice.key, event.target.checked)} />
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
                <input type="radio" name="diet-only" checked={filter.only === choice.value} onChange={() => onChange({ ...filter, only: choice.value })} />
                {t[choice.label]}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
      <p className="diet-filter-result" role="status">
        {active && (
          <>
            {t.hidden(hidden)}{" "}
            <button type="button" className="button-link" onClick={() => onChange(NO_FILTER)}>
              {t.clear}
            </button>
          </>
        )}
      </p>
    </div>
  );
}
