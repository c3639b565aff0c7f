/**
 * The dietary filter on the order screen: "Hide dishes with …" and "Show only vegetarian / vegan",
 * folded away until opened, and a live line saying how many dishes it hides, with a way to clear it.
 */
import { useState } from "react";
import { HIDE_CHOICES, isActive, NO_FILTER, type DietFilter, type HideKey, type OnlyDiet } from "./diet-filter";

interface DietFilterPanelProps {
  filter: DietFilter;
  hidden: number;
  onChange: (filter: DietFilter) => void;
}

const ONLY_CHOICES: { value: OnlyDiet | null; label: string }[] = [
  { value: null, label: "Everything" },
  { value: "vegetarian", label: "Vegetarian only" },
  { value: "vegan", label: "Vegan only" },
];

export function DietFilterPanel({ filter, hidden, onChange }: DietFilterPanelProps) {
  const active = isActive(filter);
  // Open at first when a filter from an earlier visit is on, so the diner sees why dishes are missing.
  const [open, setOpen] = useState(active);
  const count = filter.hide.length + (filter.only ? 1 : 0);
  const toggle = (key: HideKey, checked: boolean) =>
    onChange({ ...filter, hide: checked ? [...filter.hide, key] : filter.hide.filter((value) => value !== key) });

  return (
    <div className="diet-filter">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Dietary filter{active ? ` (${count} on)` : ""}</summary>
        <fieldset>
          <legend>Hide dishes with</legend>
          <div className="diet-filter-choices">
            {HIDE_CHOICES.map((choice) => (
              <label key={choice.key} className="diet-chip">
                <input type="checkbox" checked={filter.hide.includes(choice.key)} onChange={(event) => toggle(choice.key, event.target.checked)} />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Show</legend>
          <div className="diet-filter-choices">
            {ONLY_CHOICES.map((choice) => (
              <label key={choice.label} className="diet-chip">
                <input type="radio" name="diet-only" checked={filter.only === choice.value} onChange={() => onChange({ ...filter, only: choice.value })} />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
      <p className="diet-filter-result" role="status">
        {active && (
          <>
            {hidden === 1 ? "1 item hidden by your filter." : `${hidden} items hidden by your filter.`}{" "}
            <button type="button" className="button-link" onClick={() => onChange(NO_FILTER)}>
              Clear filter
            </button>
          </>
        )}
      </p>
    </div>
  );
}
