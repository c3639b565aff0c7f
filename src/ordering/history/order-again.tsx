/**
 * "Your earlier orders at this table": this phone's orders from this table, each with "Order again",
 * which fills the cart at today's prices and says what it had to leave out. Its own chunk: most
 * visits have no earlier order, and the menu must not wait for it.
 */
import { useState } from "react";
import { Link } from "react-router-dom";
import { CATEGORY_KEYS } from "../../../contract/menu";
import type { Menu } from "../../../contract/schemas";
import { formatList, formatWeekday } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { LOCALE_TAGS, type Language } from "../../shared/i18n/language";
import { productText } from "../../shared/i18n/product-text";
import { useCart } from "../cart/cart-store";
import { orderStatusMessages } from "../cart-messages";
import { orderAgainMessages } from "./messages";
import { pastOrders, type PastOrder } from "./order-history";
import { reorder, type LeftOut, type Reorder } from "./reorder";

const SHOWN = 3;

type Words = ReturnType<typeof orderAgainMessages.get>;
/** A dish's name in the diner's language: from today's menu, else as the order had it. */
type NameOf = (name: string) => string;

function leftOutText({ name, reason, weekday }: LeftOut, t: Words, nameOf: NameOf, code: Language): string {
  const shown = nameOf(name);
  switch (reason) {
    case "sold_out":
      return t.soldOut({ name: shown });
    case "not_today":
      return weekday ? t.notToday({ name: shown, day: formatWeekday(weekday, code) }) : t.notTodayUnknown({ name: shown });
    case "gone":
      return t.gone({ name: shown });
    case "changed":
      return t.changed({ name: shown });
  }
}

function whenText(createdAt: string, code: Language): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(LOCALE_TAGS[code], {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}

function quantities(lines: readonly { name: string; quantity: number }[], nameOf: NameOf, code: Language): string {
  return formatList(
    lines.map((line) => `${line.quantity}× ${nameOf(line.name)}`),
    code,
  );
}

export default function OrderAgain({ tableId, menu, today }: { tableId: string; menu: Menu; today: number }) {
  const [orders] = useState(() => pastOrders(tableId).slice(0, SHOWN));
  const [result, setResult] = useState<{ number: number; outcome: Reorder } | null>(null);
  const addLines = useCart((state) => state.addLines);
  const code = useLanguage();
  const t = useMessages(orderAgainMessages);
  const status = useMessages(orderStatusMessages);
  // Orders and their left-out lines name dishes in English, as the menu's `name` has them.
  const products = new Map(CATEGORY_KEYS.flatMap((key) => menu[key] ?? []).map((product) => [product.name, product]));
  const nameOf: NameOf = (name) => {
    const product = products.get(name);
    return product ? productText(product, code).name : name;
  };

  if (orders.length === 0) return null;

  const again = (order: PastOrder) => {
    const outcome = reorder(order, menu, today, useCart.getState().cart);
    if (outcome.lines.length > 0) addLines(outcome.lines);
    setResult({ number: order.number, outcome });
  };

  const added = result?.outcome.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  return (
    <section className="order-again" aria-labelledby="order-again-title">
      <h2 id="order-again-title">{t.heading}</h2>
      <ul>
        {orders.map((order) => (
          <li key={order.id}>
            <span className="order-again-summary">
              <strong>{status.orderNumber({ number: order.number })}</strong>{" "}
              <span className="order-again-when">{whenText(order.created_at, code)}</span>
              <span className="order-again-lines">{quantities(order.lines, nameOf, code)}</span>
            </span>
            <button
              type="button"
              className="button-secondary"
              aria-label={t.againLabel({ number: order.number })}
              onClick={() => again(order)}
            >
              {t.again}
            </button>
          </li>
        ))}
      </ul>
      <div role="status" className="order-again-result">
        {result && (
          <>
            <p>
              {added > 0 ? t.added({ number: result.number })(added) : t.nothing({ number: result.number })}{" "}
              {added > 0 && <Link to="/order/cart">{t.viewCart}</Link>}
            </p>
            {result.outcome.fewer.length > 0 && <p>{t.fewLeft({ lines: quantities(result.outcome.fewer, nameOf, code) })}</p>}
            {result.outcome.leftOut.length > 0 && (
              <p>
                {t.leftOut({
                  items: formatList(
                    result.outcome.leftOut.map((item) => leftOutText(item, t, nameOf, code)),
                    code,
                  ),
                })}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
