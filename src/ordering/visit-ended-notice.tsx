/** The end of a table's visit as the phone shows it (order screen, cart, order status). */
import { useMessages } from "../shared/i18n/i18n";
import { forgetRounds } from "./cart/cart-store";
import { orderPageMessages } from "./messages";
import { startNewVisit, useVisitEnded } from "./visit-ended";

/**
 * Staff closed the table's tab (or it sat idle for hours): the visit is over and the phone no longer
 * follows the table. It joins the next visit only when the diner asks (API.md "Trust at the table").
 */
export function VisitEndedNotice({ tableId }: { tableId: string }) {
  const ended = useVisitEnded(tableId);
  const t = useMessages(orderPageMessages);
  if (!ended) return null;
  return (
    <div className="order-notice visit-ended" role="status">
      <p>{t.visitEnded}</p>
      <button
        type="button"
        className="button-primary"
        onClick={() => {
          forgetRounds();
          startNewVisit(tableId);
        }}
      >
        {t.startNewVisit}
      </button>
    </div>
  );
}
