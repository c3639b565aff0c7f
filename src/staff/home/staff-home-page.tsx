import { Link } from "react-router-dom";
import { branchName } from "../../../contract/menu";
import { restaurantDay } from "../../../contract/restaurant-time";
import { formatMoney } from "../../shared/i18n/format";
import { RELOAD, useServerData } from "../../shared/use-server-data";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { branchEventsPath, staffApi } from "../lib/staff-api";
import { todayAtBranch, type TodayAtBranch } from "./today";
import "./staff-home.css";

/** Read again at most this often while the screen is up; the branch's events fill in between. */
const REFRESH_MS = 30_000;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The owner's and the manager's home: today's numbers at the branch (orders, sales so far, open
 * tabs) and what needs them now (held orders, open calls, printers off, orders no board has seen),
 * each a link to the screen that acts on it. Read on open, on the branch's events, and every 30 s.
 */
export default function StaffHomePage() {
  const branchId = useBranchId();
  useDocumentTitle("Home · Limitless staff");
  const { state, reload } = useServerData<number, TodayAtBranch>({
    key: branchId,
    stream: branchEventsPath(branchId),
    load: (id, signal) => todayAtBranch(staffApi, id, restaurantDay(), signal),
    reduce: (_today, event) => (event.type === "product.updated" ? undefined : RELOAD),
    reloadDelayMs: 1_000,
    refreshEveryMs: REFRESH_MS,
  });

  return (
    <section className="staff-home" aria-labelledby="staff-home-title">
      <h1 id="staff-home-title" className="staff-page-title">
        Today at {branchName(branchId)}
      </h1>
      {state.status === "loading" ? (
        <p role="status">Loading today…</p>
      ) : state.status === "failed" ? (
        <ProblemMessage problem={state.error} onRetry={reload} />
      ) : (
        <>
          <ProblemMessage problem={state.error} onRetry={reload} />
          <ul className="staff-home__numbers" aria-label="Today's numbers">
            <li>
              <Link to="/staff/reports" className="staff-home__number">
                <span className="staff-home__value">{state.data.orders}</span> {state.data.orders === 1 ? "order" : "orders"}
              </Link>
            </li>
            <li>
              <Link to="/staff/reports" className="staff-home__number">
                <span className="staff-home__value">{formatMoney(state.data.sales)}</span> sales so far
              </Link>
            </li>
            <li>
              <Link to="/staff/tabs" className="staff-home__number">
                <span className="staff-home__value">{state.data.openTabs}</span> open {state.data.openTabs === 1 ? "tab" : "tabs"}
                {state.data.openTabs > 0 && ` · ${formatMoney(state.data.openTabsTotal)}`}
              </Link>
            </li>
          </ul>
          <h2 className="staff-home__subtitle">Needs you now</h2>
          <NeedsYou today={state.data} />
        </>
      )}
    </section>
  );
}

function NeedsYou({ today }: { today: TodayAtBranch }) {
  const needs = [
    today.heldOrders > 0 && { to: "/kitchen", text: `${count(today.heldOrders, "order waits", "orders wait")} for a staff OK` },
    today.openCalls > 0 && { to: "/staff/tabs", text: `${count(today.openCalls, "table is", "tables are")} calling` },
    today.unseenOrders > 0 && {
      to: "/kitchen",
      text: `${count(today.unseenOrders, "order has", "orders have")} not been seen by the kitchen`,
    },
    today.boardsOnline === 0 && { to: "/kitchen", text: "No kitchen board is online" },
    ...today.printersOffline.map((name) => ({ to: "/staff/printers", text: `Printer “${name}” is offline` })),
  ].filter((need): need is { to: string; text: string } => Boolean(need));
  if (needs.length === 0)
    return <p className="staff-notice">Nothing waits for you: no held orders, calls, offline printers or unseen orders.</p>;
  return (
    <ul className="staff-home__needs">
      {needs.map((need) => (
        <li key={need.text}>
          <Link to={need.to} className="staff-home__need">
            {need.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}
