/**
 * The dietary filter on the order screen: a button that says it opens ("Filters", with a chevron and
 * aria-expanded) and whether filters are on ("Filters · 2 on"); folded away until opened, and a live line saying how many
 * dishes it hides, with a way to clear it. The folded filter renders with the menu; its choices
 * (diet-filter-choices.tsx) are their own chunk, fetched once the menu is painted — or straight away
 * when a filter from an earlier visit is on, since the filter then starts open.
 */
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { afterFirstScreen } from "../../shared/after-first-screen";
import { useMessages } from "../../shared/i18n/i18n";
import { dietFilterMessages } from "../messages";
import { isActive, loadFilter, NO_FILTER, type DietFilter } from "./diet-filter";

const loadChoices = () => import("./diet-filter-choices");
const DietFilterChoices = lazy(loadChoices);

// A filter from an earlier visit opens the panel at first paint: fetch its choices alongside the menu
// (a later visit, so the service worker usually has them) rather than after it.
if (isActive(loadFilter())) void loadChoices().catch(() => undefined);

interface DietFilterPanelProps {
  filter: DietFilter;
  hidden: number;
  onChange: (filter: DietFilter) => void;
}

export function DietFilterPanel({ filter, hidden, onChange }: DietFilterPanelProps) {
  const active = isActive(filter);
  // Open at first when a filter from an earlier visit is on, so the diner sees why dishes are missing.
  const [open, setOpen] = useState(active);
  const count = filter.hide.length + (filter.only ? 1 : 0);
  const t = useMessages(dietFilterMessages);
  const panelId = useId();

  // Ready before the diner opens it. A failed fetch is tried again when the filter is opened.
  useEffect(() => afterFirstScreen(() => void loadChoices().catch(() => undefined)), []);

  return (
    <div className="diet-filter">
      <button
        type="button"
        className={`diet-filter-toggle${active ? " is-on" : ""}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M3 5h14M6 10h8M8.5 15h3" />
        </svg>
        {active ? t.summaryOn(count) : t.summary}
        <svg className="diet-filter-chevron" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 8l5 5 5-5" />
        </svg>
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={null}>
            <DietFilterChoices filter={filter} onChange={onChange} />
          </Suspense>
        )}
      </div>
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
