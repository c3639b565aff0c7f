import { useState, type RefObject } from "react";
import { Link } from "react-router-dom";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../contract/menu";
import type { Check } from "../../../contract/schemas";
import { formatMoney } from "../../shared/i18n/format";
import type { ServerData } from "../../shared/use-server-data";
import { useWrite } from "../../shared/use-write";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { ProblemMessage } from "../lib/problem-message";
import { staffApi } from "../lib/staff-api";
import { tableLabel } from "../lib/table-label";
import { TabOrders } from "./tab-orders";
import { PAID_WITH_TEXT } from "./tab-time";

interface TabDetailProps {
  tableId: string | null;
  state: ServerData<Check>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Closed: `announcement` says so. */
  onClosed(announcement: string): void;
  /** Refused (closed on another tablet meanwhile, or changed): what is true now should be read again. */
  onCloseFailed(): void;
}

/**
 * One table's tab: its orders, its check's sums, and paying what is left of it by cash, card or other
 * after confirming. Rendered once per table (keyed by it), so a refusal to close one is not shown on another.
 */
export function TabDetail({ tableId, state, headingRef, onClosed, onCloseFailed }: TabDetailProps) {
  const [closing, setClosing] = useState<PaymentMethod | null>(null);
  const { run, busy, problem: closeError } = useWrite();
  const tab = state.status === "ready" ? state.data : null;
  const loadError = state.status === "loading" ? null : state.error;

  const close = async (method: PaymentMethod) => {
    if (!tableId) return;
    await run(
      async () => {
        const closed = await staffApi.closeTab(tableId, method);
        onClosed(
          `${tableLabel(closed.station_codename)}: tab of ${formatMoney(closed.total)} closed, paid by ${PAID_WITH_TEXT[closed.paid_with]}.`,
        );
      },
      {
        problem: (error) => {
          onCloseFailed();
          return error;
        },
      },
    );
    setClosing(null);
  };

  return (
    <div className="tab-detail" hidden={!tableId}>
      <h2 ref={headingRef} tabIndex={-1}>
        {tab ? `${tableLabel(tab.station_codename)}'s tab` : "Tab"}
      </h2>
      <ProblemMessage problem={closeError ?? loadError} />
      {tableId && state.status === "loading" && <p role="status">Loading the tab…</p>}
      {tab && (
        <>
          <TabOrders tab={tab} />
          <div className="staff-actions">
            {tableId && tab.orders.length > 0 && (
              <Link className="staff-button staff-button--big staff-button--primary" to={`/staff/check?station_id=${tableId}`}>
                Open the check: split, tips, discounts
              </Link>
            )}
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
      <ConfirmDialog
        open={closing !== null && tab !== null}
        title={`Close ${tableLabel(tab?.station_codename)}'s tab?`}
        confirmLabel={`Close: ${tab ? formatMoney(tab.balance) : ""} by ${closing ? PAID_WITH_TEXT[closing] : ""}`}
        cancelLabel="Keep it open"
        busy={busy}
        onConfirm={() => closing && void close(closing)}
        onCancel={() => setClosing(null)}
      >
        <p>
          {tab ? formatMoney(tab.balance) : ""} paid by {closing ? PAID_WITH_TEXT[closing] : ""}. The table's next order starts a new tab.
        </p>
      </ConfirmDialog>
    </div>
  );
}
