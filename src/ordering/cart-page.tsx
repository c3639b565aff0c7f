/**
 * The Cart view, /order/cart: the lines with their options, Remove 1 (one unit, not the whole
 * product), Subtotal / HST / Total, and Submit Order through the outbox. After submission: the
 * order's number and its status, live. Its parts are in cart-page/ (a chunk of their own, with this).
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { useMessages } from "../shared/i18n/i18n";
import { useDocumentTitle } from "../shared/use-document-title";
import { cartMessages } from "./cart-messages";
import { CartLines } from "./cart-page/cart-lines";
import { useCartTotals } from "./cart-page/cart-totals";
import { useMenuTranslations } from "./cart-page/menu-translations";
import { PhoneName } from "./cart-page/phone-name";
import { EarlierRounds, sentLines, SubmittedOrder, TableOrder } from "./cart-page/sent-order";
import { SubmissionNews, useFocusOnNews } from "./cart-page/submission-news";
import { cartLines } from "./cart/cart-logic";
import { isLocked, tableOrder as tableOrderOf, useCart } from "./cart/cart-store";
import { useSharedCart } from "./cart/cart-sync";
import { startOutbox, submitCart } from "./outbox/order-submission";
import { EmailReceipt } from "./receipt/email-receipt";
import { useVisitEnded } from "./visit-ended";
import { VisitEndedNotice } from "./visit-ended-notice";
import "./ordering.css";

function menuPath(tableId: string | undefined): string {
  return tableId ? `/order?station_id=${encodeURIComponent(tableId)}` : "/order";
}

export default function CartPage() {
  const cart = useCart((state) => state.cart);
  const table = useCart((state) => state.table);
  const submission = useCart((state) => state.submission);
  const problem = useCart((state) => state.problem);
  const clear = useCart((state) => state.clear);
  const locked = useCart(isLocked);
  const sentByTable = useCart(tableOrderOf);
  const rounds = useCart((state) => state.rounds);
  useSharedCart(table?.id ?? null);
  const translationsOf = useMenuTranslations(table);
  const visitEnded = useVisitEnded(table?.id ?? null);
  const t = useMessages(cartMessages);
  const pageRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useDocumentTitle(t.documentTitle);
  useFocusOnNews(pageRef);

  useEffect(() => {
    startOutbox();
  }, []);

  // When happy hour ends with the cart open, its prices are re-read (menu/happy-hour-watch.ts).
  const tableId = table?.id;
  const branchId = table?.branchId;
  useEffect(() => {
    if (tableId && branchId) void import("./menu/happy-hour-watch").then((module) => module.watchHappyHour(branchId, tableId));
  }, [tableId, branchId]);

  const submitted = submission?.state === "submitted" ? submission.order : null;
  // A sent order shows what was sent (locked, as the spec has it) until the diner adds the next round or returns to the menu.
  const lines = submitted ? sentLines(submitted) : cartLines(cart);
  const tableOrder = submitted ? null : sentByTable;
  const shownAbove = submitted?.id ?? tableOrder?.id;
  const earlier = rounds.filter((round) => round.id !== shownAbove);
  const totals = useCartTotals(submitted);
  // New prices need the diner's yes ("Accept new prices and submit"); resending the old ones would only be refused again.
  const awaitingPriceConfirmation = problem?.code === "price_changed";

  return (
    <div className="cart-page" ref={pageRef}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t.heading}
      </h1>
      {table && <VisitEndedNotice tableId={table.id} />}

      {submitted && <SubmittedOrder order={submitted} tableId={table?.id ?? null} />}
      {tableOrder && <TableOrder order={tableOrder} tableId={table?.id ?? null} translationsOf={translationsOf} />}
      <SubmissionNews />

      <CartLines lines={lines} locked={locked} translationsOf={translationsOf} totals={totals} focusWhenEmpty={headingRef} />

      <div className="cart-actions">
        {submitted ? (
          <>
            {/* The table's home is its menu (nothing on the diner's screens leaves the table); the next round starts there. */}
            <Link className="button-primary" to={menuPath(table?.id)} onClick={() => clear(true)}>
              {t.returnHome}
            </Link>
          </>
        ) : (
          <>
            <Link className="button-secondary" to={menuPath(table?.id)}>
              {t.backToMenu}
            </Link>
            {!locked && lines.length > 0 && !awaitingPriceConfirmation && (
              <button type="button" className="button-primary" disabled={!table} onClick={() => void submitCart()}>
                {t.submit}
              </button>
            )}
          </>
        )}
      </div>
      {!table && lines.length > 0 && !locked && <p className="order-notice">{t.scanToSend}</p>}
      {table && !locked && <PhoneName />}
      <EarlierRounds rounds={earlier} tableId={table?.id ?? null} translationsOf={translationsOf} />
      {/* Once the table has ordered, and while its visit lasts: the check by e-mail. */}
      {table && !visitEnded && (submitted || tableOrder || rounds.length > 0) && <EmailReceipt tableId={table.id} />}
    </div>
  );
}
