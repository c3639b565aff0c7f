import { useCallback, useEffect, useRef, useState } from "react";
import { branchName, PAYMENT_METHODS, type PaymentMethod } from "../../../contract/menu";
import type { OpenTab, Tab } from "../../../contract/schemas";
import { restaurantDateTime } from "../../../contract/restaurant-time";
import { staffApi, branchEventsPath } from "../lib/staff-api";
import { isAbort } from "../../shared/api-client";
import { useLiveEvents } from "../../shared/use-live-events";
import { useBranchId } from "../branch/branch-store";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { problemOf, type Problem } from "../lib/errors";
import { ProblemMessage } from "../lib/problem-message";
import { tableLabel } from "../lib/table-label";
import { useDocumentTitle } from "../lib/use-document-title";
import "./tabs.css";

const PAID_WITH_TEXT: Record<PaymentMethod, string> = { cash: "cash", card: "card", other: "other" };
/** "18:05" for today's times; the date too for a tab left open since another day. */
const timeOf = (iso: string) => {
  const [day, time] = restaurantDateTime(Date.parse(iso)).split(" ") as [string, string];
  return day === restaurantDateTime(Date.now()).split(" ")[0] ? time.slice(0, 5) : `${day} ${time.slice(0, 5)}`;
};

const RELOAD_AFTER_MS = 300;

type ListState = { status: "loading" } | { status: "error"; problem: Problem } | { status: "ready"; tabs: OpenTab[] };

/**
 * The branch's open tabs, a line per table with orders on it; one opened shows its orders and closes
 * with cash, card or other (recorded, not charged). Kept current by the branch's live stream.
 */
export default function TabsPage() {
  useDocumentTitle("Tabs");
  const branchId = useBranchId();
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab | null>(null);
  const [tabProblem, setTabProblem] = useState<Problem | null>(null);
  const [closing, setClosing] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const detailHeading = useRef<HTMLHeadingElement>(null);

  const loadList = useCallback(async () => {
    try {
      setList({ status: "ready", tabs: await staffApi.openTabs(branchId) });
    } catch (error) {
      if (!isAbort(error)) setList({ status: "error", problem: problemOf(error) });
    }
  }, [branchId]);

  const loadTab = useCallback(async (stationId: string) => {
    try {
      setTab(await staffApi.tab(stationId));
      setTabProblem(null);
    } catch (error) {
      if (!isAbort(error)) setTabProblem(problemOf(error));
    }
  }, []);

  useEffect(() => {
    setList({ status: "loading" });
    setSelected(null);
    void loadList();
  }, [loadList]);

  useEffect(() => {
    setTab(null);
    if (selected) void loadTab(selected);
  }, [selected, loadTab]);

  // A busy night brings several order events a second: they are gathered into one reload.
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; tab: boolean }>({ tab: false });
  const reloadSoon = (tabToo: boolean) => {
    pending.current.tab ||= tabToo;
    if (pending.current.timer !== undefined) return;
    pending.current.timer = setTimeout(() => {
      const { tab: reloadTab } = pending.current;
      pending.current = { tab: false };
      void loadList();
      if (reloadTab && selectedRef.current) void loadTab(selectedRef.current);
    }, RELOAD_AFTER_MS);
  };
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  useEffect(() => () => clearTimeout(pending.current.timer), []);

  useLiveEvents(branchEventsPath(branchId), {
    onEvent: (event) => {
      if (event !== null && event.type !== "order.created" && event.type !== "order.updated") return;
      reloadSoon(event === null || event.data.station_id === selected);
    },
    // Also after a reconnect: a tab closed on another tablet meanwhile drops off the list.
    onOpen: () => reloadSoon(true),
  });

  const open = (stationId: string) => {
    setSelected(stationId);
    requestAnimationFrame(() => detailHeading.current?.focus());
  };

  const close = async () => {
    if (!tab || !closing) return;
    setBusy(true);
    try {
      const closed = await staffApi.closeTab(tab.station_id, closing);
      setAnnouncement(
        `${tableLabel(closed.station_codename)}: tab of $${closed.total} closed, paid by ${PAID_WITH_TEXT[closed.paid_with]}.`,
      );
      setSelected(null);
      setTabProblem(null);
      await loadList();
    } catch (error) {
      setTabProblem(problemOf(error));
      // Closed on another tablet meanwhile (409 tab_empty), or changed: show what is true now.
      void loadList();
      staffApi.tab(tab.station_id).then(setTab, () => undefined);
    } finally {
      setBusy(false);
      setClosing(null);
    }
  };

  return (
    <section className="tabs-page" aria-labelledby="tabs-title">
      <div className="staff-header-row">
        <h1 id="tabs-title">Open tabs · {branchName(branchId)}</h1>
      </div>
      <p role="status" className={announcement ? "staff-notice" : "visually-hidden"}>
        {announcement}
      </p>

      <div className="tabs-page__columns">
        <div>
          {list.status === "loading" && <p role="status">Loading tabs…</p>}
          {list.status === "error" && <ProblemMessage problem={list.problem} onRetry={() => void loadList()} />}
          {list.status === "ready" && list.tabs.length === 0 && <p>No table has an open tab.</p>}
          {list.status === "ready" && list.tabs.length > 0 && (
            <ul className="tabs-list" aria-label="Tables with an open tab">
              {list.tabs.map((open_) => (
                <li key={open_.station_id}>
                  <button
                    type="button"
                    className="tabs-list__item"
                    aria-pressed={selected === open_.station_id}
                    onClick={() => open(open_.station_id)}
                  >
                    <span className="tabs-list__table">{tableLabel(open_.station_codename)}</span>
                    <span className="tabs-list__total">${open_.total}</span>
                    <span className="tabs-list__meta">
                      {open_.orders} {open_.orders === 1 ? "order" : "orders"} · since {timeOf(open_.opened_at)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="tab-detail" hidden={!selected}>
          <h2 ref={detailHeading} tabIndex={-1}>
            {tab ? `${tableLabel(tab.station_codename)}'s tab` : "Tab"}
          </h2>
          <ProblemMessage problem={tabProblem} />
          {selected && !tab && !tabProblem && <p role="status">Loading the tab…</p>}
          {tab && (
            <>
              {tab.orders.length === 0 ? (
                <p>No orders since the tab was last closed.</p>
              ) : (
                <ul className="tab-orders">
                  {tab.orders.map((order) => (
                    <li key={order.id} className={order.status === "cancelled" ? "tab-order tab-order--cancelled" : "tab-order"}>
                      <p className="tab-order__head">
                        <span>
                          Order #{order.number} · {timeOf(order.created_at)}
                        </span>
                        <span>
                          {order.status === "cancelled"
                            ? "cancelled, not counted"
                            : order.status === "held"
                              ? "waiting for a staff OK, not counted"
                              : `$${order.total}`}
                        </span>
                      </p>
                      <ul className="tab-order__lines">
                        {order.lines.map((line, index) => (
                          <li key={index}>
                            {line.quantity} × {line.name}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
              <dl className="tab-totals">
                <dt>Subtotal</dt>
                <dd>${tab.subtotal}</dd>
                <dt>HST</dt>
                <dd>${tab.tax}</dd>
                <dt>Total</dt>
                <dd className="tab-totals__total">${tab.total}</dd>
              </dl>
              <div className="staff-actions">
                {PAYMENT_METHODS.map((method) => (
                  <button
                    key={method}
                    type="button"
                    className="staff-button staff-button--big"
                    disabled={tab.orders.length === 0 || busy}
                    onClick={() => setClosing(method)}
                  >
                    Close with {PAID_WITH_TEXT[method]}
                  </button>
                ))}
              </div>
            </>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={closing !== null && tab !== null}
        title={`Close ${tableLabel(tab?.station_codename)}'s tab?`}
        confirmLabel={`Close: $${tab?.total ?? ""} by ${closing ? PAID_WITH_TEXT[closing] : ""}`}
        cancelLabel="Keep it open"
        busy={busy}
        onConfirm={() => void close()}
        onCancel={() => setClosing(null)}
      >
        <p>
          ${tab?.total} paid by {closing ? PAID_WITH_TEXT[closing] : ""}. The table's next order starts a new tab.
        </p>
      </ConfirmDialog>
    </section>
  );
}
