import type { Order, SentLine } from "../../../contract/schemas";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { productText } from "../../shared/i18n/product-text";
import { cartMessages } from "../cart-messages";
import type { CartLine } from "../cart/cart-logic";
import { useCart } from "../cart/cart-store";
import { OrderProgress } from "../order-status/order-progress";
import { OptionName } from "./cart-lines";
import type { MenuTranslations } from "./menu-translations";

/** The lines of a placed order, in the cart's shape (prices as the server charged them). */
export function sentLines(order: Order): CartLine[] {
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

/** This phone's order, sent: saying so, and its status, live (its lines show in the cart grid). */
export function SubmittedOrder({ order, tableId }: { order: Order; tableId: string | null }) {
  const t = useMessages(cartMessages);
  return (
    <div className="order-submitted">
      <p className="cart-news" role="status">
        {t.submitted}
      </p>
      <OrderProgress order={order} tableId={tableId} />
    </div>
  );
}

/**
 * The table's cart sent (by another phone, or by this one before "Order more"): that order, its lines
 * with who added each, and its status, live; this phone's own cart is the next round.
 */
export function TableOrder({ order, tableId, translationsOf }: { order: Order; tableId: string | null; translationsOf: MenuTranslations }) {
  const lines = useCart((state) => state.shared.server?.last_order_lines);
  const t = useMessages(cartMessages);
  return (
    <div className="order-submitted">
      <p role="status">{t.tableSent}</p>
      <OrderProgress order={order} tableId={tableId} />
      <SentLines order={order} lines={lines} translationsOf={translationsOf} />
    </div>
  );
}

/**
 * The table's rounds this visit other than the one shown above (the sent order, or the table's last):
 * newest first, each with its number, its status, live, and its lines.
 */
export function EarlierRounds({
  rounds,
  tableId,
  translationsOf,
}: {
  rounds: Order[];
  tableId: string | null;
  translationsOf: MenuTranslations;
}) {
  const t = useMessages(cartMessages);
  if (rounds.length === 0) return null;
  return (
    <section className="earlier-rounds" aria-label={t.earlierRounds}>
      <h2>{t.earlierRounds}</h2>
      {[...rounds].reverse().map((order) => (
        <div key={order.id} className="order-submitted earlier-round">
          <OrderProgress order={order} tableId={tableId} />
          <SentLines order={order} lines={undefined} translationsOf={translationsOf} />
        </div>
      ))}
    </section>
  );
}

/** What the table's order sent: each line, and who added it when the server says (last_order_lines). */
function SentLines({ order, lines, translationsOf }: { order: Order; lines: SentLine[] | undefined; translationsOf: MenuTranslations }) {
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
              (
              {line.options.map((option, index) => (
                <span key={option.id}>
                  {index > 0 && ", "}
                  <OptionName name={option.name} id={option.id} translationsOf={translationsOf} />
                </span>
              ))}
              )
            </span>
          )}
          {line.note && <p className="cart-note">{t.note({ note: line.note })}</p>}
          {line.phone_name && <p className="cart-note cart-adder">{t.addedBy({ name: line.phone_name })}</p>}
        </li>
      ))}
    </ul>
  );
}
