import type { OpenTab } from "../../../contract/schemas";
import { formatMoney } from "../../shared/i18n/format";
import type { ServerData } from "../../shared/use-server-data";
import { ProblemMessage } from "../lib/problem-message";
import { tableLabel } from "../lib/table-label";
import { timeOf } from "./tab-time";

interface TabsListProps {
  state: ServerData<OpenTab[]>;
  openedId: string | null;
  onOpen(tableId: string): void;
  onRetry(): void;
}

/** A line per table with an open tab: its check's total, how many orders, since when, what is left to pay once some is paid. */
export function TabsList({ state, openedId, onOpen, onRetry }: TabsListProps) {
  if (state.status === "loading") return <p role="status">Loading tabs…</p>;
  if (state.status === "failed") return <ProblemMessage problem={state.error} onRetry={onRetry} />;
  if (state.data.length === 0) return <p>No table has an open tab.</p>;
  return (
    <>
      <ProblemMessage problem={state.error} onRetry={onRetry} />
      <ul className="tabs-list" aria-label="Tables with an open tab">
        {state.data.map((tab) => (
          <li key={tab.station_id}>
            <button
              type="button"
              className="tabs-list__item"
              aria-pressed={openedId === tab.station_id}
              onClick={() => onOpen(tab.station_id)}
            >
              <span className="tabs-list__table">{tableLabel(tab.station_codename)}</span>
              <span className="tabs-list__total">{formatMoney(tab.total)}</span>
              <span className="tabs-list__meta">
                {tab.orders} {tab.orders === 1 ? "order" : "orders"} · since {timeOf(tab.opened_at)}
                {tab.balance !== tab.total && ` · ${formatMoney(tab.balance)} left to pay`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
