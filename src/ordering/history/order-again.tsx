/**
 * "Your earlier orders at this table": this phone's orders from this table, each with "Order again",
 * which fills the cart at today's prices and says what it had to leave out. Its own chunk: most
 * visits have no earlier order, and the menu must not wait for it.
 */
import { useState } from "react";
import { Link } from "react-router-dom";
import { WEEKDAY_NAMES } from "../../../contract/menu";
import type { Menu } from "../../../contract/schemas";
import { useCart } from "../cart/cart-store";
import { pastOrders, type PastOrder } from "./order-history";
import { reorder, type LeftOut, type Reorder } from "./reorder";

const SHOWN = 3;

function leftOutText({ name, reason, weekday }: LeftOut): string {
  switch (reason) {
    case "sold_out":
      return `${name} (sold out)`;
    case "not_today":
      return `${name} (only on ${weekday ? `${WEEKDAY_NAMES[weekday - 1]}s` : "its day"})`;
    case "gone":
      return `${name} (no longer on the menu)`;
    case "changed":
      return `${name} (its choices changed — add it from the menu)`;
  }
}

function whenText(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(date);
}

function summary(order: PastOrder): string {
  return order.lines.map((line) => `${line.quantity}× ${line.name}`).join(", ");
}

export default function OrderAgain({ stationId, menu, today }: { stationId: string; menu: Menu; today: number }) {
  const [orders] = useState(() => pastOrders(stationId).slice(0, SHOWN));
  const [result, setResult] = useState<{ number: number; outcome: Reorder } | null>(null);
  const addLines = useCart((state) => state.addLines);

  if (orders.length === 0) return null;

  const again = (order: PastOrder) => {
    const outcome = reorder(order, menu, today, useCart.getState().cart);
    if (outcome.lines.length > 0) addLines(outcome.lines);
    setResult({ number: order.number, outcome });
  };

  const added = result?.outcome.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  return (
    <section className="order-again" aria-labelledby="order-again-title">
      <h2 id="order-again-title">Your earlier orders at this table</h2>
      <ul>
        {orders.map((order) => (
          <li key={order.id}>
            <span className="order-again-summary">
              <strong>Order #{order.number}</strong> <span className="order-again-when">{whenText(order.created_at)}</span>
              <span className="order-again-lines">{summary(order)}</span>
            </span>
            <button type="button" className="button-secondary" aria-label={`Order again: order #${order.number}`} onClick={() => again(order)}>
              Order again
            </button>
          </li>
        ))}
      </ul>
      <div role="status" className="order-again-result">
        {result && (
          <>
            <p>
              {added > 0
                ? `Added ${added === 1 ? "1 item" : `${added} items`} from order #${result.number} to your cart at today's prices.`
                : `Nothing from order #${result.number} can be ordered right now.`}{" "}
              {added > 0 && <Link to="/order/cart">View cart</Link>}
            </p>
            {result.outcome.fewer.length > 0 && (
              <p>Only a few left: {result.outcome.fewer.map((line) => `${line.quantity}× ${line.name}`).join(", ")}.</p>
            )}
            {result.outcome.leftOut.length > 0 && <p>Left out: {result.outcome.leftOut.map(leftOutText).join(", ")}.</p>}
          </>
        )}
      </div>
    </section>
  );
}
