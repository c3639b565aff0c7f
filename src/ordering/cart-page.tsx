/**
 * The Cart view, /order/cart: the lines with their options, Remove 1 (one unit, not the
 * whole product), Subtotal / HST / Total, and Submit Order through the outbox. After
 * submission: the order's number and its status, live.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { totalsFromSubtotal, HST_RATE_PERCENT } from "../../contract/money";
import { formatMoney } from "../shared/i18n/format";
import { useLanguage, useMessages } from "../shared/i18n/i18n";
import { englishTextLang } from "../shared/i18n/language";
import { productText } from "../shared/i18n/product-text";
import type { Order, Product, SentLine } from "../../contract/schemas";
import { focusIsLost } from "../shared/focus";
import { useTableStream } from "./visit-ended";
import { VisitEndedNotice } from "./visit-ended-notice";
import { useMenu } from "../shared/use-menu";
import { cartLines, cents, lineKey, lineTotalCents, subtotalCents, type CartLine } from "./cart/cart-logic";
import { isLocked, tableOrder as tableOrderOf, useCart } from "./cart/cart-store";
import { useSharedCart } from "./cart/cart-sync";
import type { SharedLine } from "./cart/shared-cart";
import { retryNow, startOutbox, submitCart } from "./outbox/order-submission";
import { OrderProblem } from "./order-status/order-problem";
import { OrderProgress } from "./order-status/order-progress";
import { CallButtons } from "./service/call-buttons";
import { cartMessages } from "./cart-messages";
import "./ordering.css";
import { useDocumentTitle } from "../shared/use-document-title";

/** The lines of a placed order, in the cart's shape (prices as the server charged them). */
function sentLines(order: Order): CartLine[] {
  return order.lines.map((line) => ({
    id: line.product_id,
    name: line.name,
    description: "",
    quantity: line.quantity,
    price: line.unit_price,
    customizedPrice: line.unit_price,
    selectedCustomizations: Object.fromEntries(line.options.map((option) => [option.id, { ...option, group: "" }])),
    ...(line.note ? { note: line.note } : {}),
  }));
}

function menuPath(stationId: string | undefined): string {
  return stationId ? `/order?station_id=${encodeURIComponent(stationId)}` : "/order";
}

export default function CartPage() {
  const cart = useCart((state) => state.cart);
  const station = useCart((state) => state.station);
  const submission = useCart((state) => state.submission);
  const problem = useCart((state) => state.problem);
  const removeOne = useCart((state) => state.removeOne);
  const clear = useCart((state) => state.clear);
  const locked = useCart(isLocked);
  const server = useCart((state) => state.shared.server);
  const hasPending = useCart((state) => state.shared.pending.some((op) => op.type !== "set_name"));
  useSharedCart(station?.id ?? null);
  // Lines another phone added arrive from the server with the English name only: their words in
  // this phone's language come from the menu (cached by the order screen, kept live by the same stream).
  const tableStream = useTableStream(station?.id ?? null);
  const { state: menu } = useMenu(station?.branchId ?? null, { stream: tableStream });
  const translationsOf = useMemo(() => {
    const byId = new Map<number, Product["translations"]>();
    if (menu.status === "ready") for (const product of Object.values(menu.data).flat()) byId.set(product.id, product.translations);
    return byId;
  }, [menu]);
  const code = useLanguage();
  const t = useMessages(cartMessages);
  const money = (amount: number) => formatMoney(amount, code);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  /** Remove 1; when that empties the line its button goes too, so focus moves to the next line's (not to the page's top). */
  const removeAt = (productId: number, key: string, index: number, lineId?: string) => {
    removeOne(productId, key, lineId);
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const buttons = tableRef.current?.querySelectorAll<HTMLButtonElement>("button.cart-remove") ?? [];
      (buttons[Math.min(index, buttons.length - 1)] ?? headingRef.current)?.focus();
    });
  };

  useDocumentTitle(t.documentTitle);

  useEffect(() => {
    startOutbox();
  }, []);

  // When happy hour ends with the cart open, its prices are re-read (menu/happy-hour-watch.ts).
  const stationId = station?.id;
  const branchId = station?.branchId;
  useEffect(() => {
    if (stationId && branchId) void import("./menu/happy-hour-watch").then((module) => module.watchHappyHour(branchId, stationId));
  }, [stationId, branchId]);

  // Submitting removes the Submit button the diner pressed (and "Sending…" gives way to the result): focus
  // goes to what the page now says (sent, waiting for the network, or why not), not to the page's body.
  const pageRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const news = `${submission?.state ?? ""} ${problem?.code ?? ""}`;
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!focusIsLost()) return;
    const status = pageRef.current?.querySelector<HTMLElement>(".cart-news");
    if (!status) return;
    status.tabIndex = -1;
    status.focus();
  }, [news]);

  const submittedOrder = submission?.state === "submitted" ? submission.order : null;
  // A sent order shows what was sent; the table's next round shows after "Order more".
  const lines = submittedOrder ? sentLines(submittedOrder) : cartLines(cart);
  // New prices need the diner's yes ("Accept new prices and submit"); resending the old ones would only be refused again.
  const awaitingPriceConfirmation = problem?.code === "price_changed";
  const submitted = submission?.state === "submitted" ? submission.order : null;
  // The table's cart was sent (by another phone, or by this one before "Order more"): this phone shows
  // that order, its lines with who added each, and its status, live; its own cart is the next round.
  const sentByTable = useCart(tableOrderOf);
  const tableOrder = submitted ? null : sentByTable;
  // The server's figures are the truth: a placed order's, else the table's cart's once nothing of this phone's is on its way.
  const totals = submitted
    ? { subtotal: cents(submitted.subtotal), tax: cents(submitted.tax), total: cents(submitted.total) }
    : server && !hasPending && server.station_id === station?.id
      ? { subtotal: cents(server.subtotal), tax: cents(server.tax), total: cents(server.total) }
      : totalsFromSubtotal(subtotalCents(cart));

  return (
    <div className="cart-page" ref={pageRef}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t.heading}
      </h1>
      {station && <VisitEndedNotice stationId={station.id} />}

      {submitted && (
        <div className="order-submitted">
          <p className="cart-news" role="status">
            {t.submitted}
          </p>
          <OrderProgress order={submitted} stationId={station?.id ?? null} />
        </div>
      )}
      {tableOrder && (
        <div className="order-submitted">
          <p role="status">{t.tableSent}</p>
          <OrderProgress order={tableOrder} stationId={station?.id ?? null} />
          <SentLines order={tableOrder} lines={server?.last_order_lines} translationsOf={translationsOf} />
        </div>
      )}
      {submission?.state === "sending" && (
        <p className="order-notice cart-news" role="status">
          {t.sending}
        </p>
      )}
      {submission?.state === "queued" && (
        <div className="order-notice order-waiting cart-news" role="status">
          <p>
            <strong>{t.waiting}</strong> {t.waitingDetail}
          </p>
          <button type="button" className="button-secondary" onClick={() => void retryNow()}>
            {t.tryNow}
          </button>
        </div>
      )}
      {problem && (
        <div className="cart-news">
          <OrderProblem problem={problem} />
        </div>
      )}

      {lines.length === 0 ? (
        <p className="cart-empty">{t.empty}</p>
      ) : (
        <table className="cart-table" ref={tableRef}>
          <caption className="visually-hidden">{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.quantity}</th>
              <th scope="col">{t.item}</th>
              <th scope="col" className="cart-price">
                {t.price}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const key = lineKey(line);
              const options = Object.values(line.selectedCustomizations);
              const shared = line as Partial<SharedLine>;
              const name = productText({ ...line, translations: line.translations ?? translationsOf.get(line.id) }, code).name;
              return (
                <tr key={shared.lineId ?? `${line.id}:${key}`}>
                  <td className="cart-qty">{line.quantity}</td>
                  <td>
                    <span className="cart-item-name">{name}</span>
                    {options.length > 0 && (
                      <ul className="cart-options">
                        {options.map((option) => (
                          <li key={option.id}>
                            <span lang={englishTextLang(code)}>{option.name}</span>
                            {cents(option.price) > 0 && ` (+${money(cents(option.price))})`}
                          </li>
                        ))}
                      </ul>
                    )}
                    {line.note && <p className="cart-note">{t.note({ note: line.note })}</p>}
                    {shared.lineId && <p className="cart-note cart-adder">{t.addedBy({ name: shared.phoneName || t.you })}</p>}
                    {shared.unavailable && <p className="cart-note">{t.unavailable}</p>}
                    {!locked && (
                      <button
                        type="button"
                        className="button-link cart-remove"
                        aria-label={t.removeOneOf({ name })}
                        onClick={() => removeAt(line.id, key, index, shared.lineId)}
                      >
                        {t.removeOne}
                      </button>
                    )}
                  </td>
                  <td className="cart-price">{money(lineTotalCents(line))}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t.subtotal}
              </th>
              <td className="cart-price">{money(totals.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {t.tax({ rate: HST_RATE_PERCENT })}
              </th>
              <td className="cart-price">{money(totals.tax)}</td>
            </tr>
            <tr className="cart-total">
              <th scope="row" colSpan={2}>
                {t.total}
              </th>
              <td className="cart-price">{money(totals.total)}</td>
            </tr>
          </tfoot>
        </table>
      )}

      <div className="cart-actions">
        {submitted ? (
          <>
            <Link className="button-primary" to="/" onClick={() => clear(false)}>
              {t.returnHome}
            </Link>
            <Link className="button-secondary" to={menuPath(station?.id)} onClick={() => clear(true)}>
              {t.orderMore}
            </Link>
          </>
        ) : (
          <>
            <Link className="button-secondary" to={menuPath(station?.id)}>
              {t.backToMenu}
            </Link>
            {!locked && lines.length > 0 && !awaitingPriceConfirmation && (
              <button type="button" className="button-primary" disabled={!station} onClick={() => void submitCart()}>
                {t.submit}
              </button>
            )}
          </>
        )}
      </div>
      {!station && lines.length > 0 && !locked && <p className="order-notice">{t.scanToSend}</p>}
      {station && !locked && <PhoneName />}
      {station && <CallButtons stationId={station.id} />}
    </div>
  );
}

/** What the table's order sent: each line, and who added it when the server says (last_order_lines). */
function SentLines({
  order,
  lines,
  translationsOf,
}: {
  order: Order;
  lines: SentLine[] | undefined;
  translationsOf: ReadonlyMap<number, Product["translations"]>;
}) {
  const code = useLanguage();
  const t = useMessages(cartMessages);
  const shown: (Order["lines"][number] & Partial<SentLine>)[] = lines ?? order.lines;
  return (
    <ul className="sent-lines" aria-label={t.sentCaption}>
      {shown.map((line, index) => (
        <li key={line.line_id ?? index}>
          <span className="sent-line-name">
            {line.quantity} ×{" "}
            {productText({ name: line.name, description: "", translations: translationsOf.get(line.product_id) }, code).name}
          </span>
          {line.options.length > 0 && (
            <span className="cart-note">
              {" "}
              (<span lang={englishTextLang(code)}>{line.options.map((option) => option.name).join(", ")}</span>)
            </span>
          )}
          {line.note && <p className="cart-note">{t.note({ note: line.note })}</p>}
          {line.phone_name && <p className="cart-note cart-adder">{t.addedBy({ name: line.phone_name })}</p>}
        </li>
      ))}
    </ul>
  );
}

/** The name shown on this phone's lines for everyone at the table (blank: "Phone 2"). */
function PhoneName() {
  const setName = useCart((state) => state.setName);
  const t = useMessages(cartMessages);
  // The name this phone last gave (queued, or as the server shows it on this phone's lines).
  const [name, setDraft] = useState(() => {
    const { shared, phoneId } = useCart.getState();
    const queued = shared.pending.filter((op) => op.type === "set_name").pop();
    if (queued?.type === "set_name") return queued.name;
    const own = shared.server?.lines.find((line) => line.phone_id === phoneId)?.phone_name ?? "";
    return /^Phone \d+$/.test(own) ? "" : own;
  });
  return (
    <form
      className="phone-name"
      onSubmit={(event) => {
        event.preventDefault();
        setName(name);
      }}
    >
      <label>
        {t.yourName}
        <input value={name} maxLength={24} autoComplete="given-name" onChange={(event) => setDraft(event.target.value)} />
      </label>
      <button type="submit" className="button-secondary">
        {t.saveName}
      </button>
    </form>
  );
}
