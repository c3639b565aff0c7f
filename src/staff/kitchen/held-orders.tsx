import type { Order } from "../../../contract/schemas";
import { tableLabel } from "../lib/table-label";
import { formatAge } from "./board";
import { formatMoney } from "../../shared/i18n/format";

export interface HeldActions {
  release(order: Order): void;
  turnDown(order: Order): void;
}

interface HeldOrdersProps {
  /** Oldest first, whole (every prep area's lines). */
  orders: Order[];
  now: number;
  busyWith(orderId: string): boolean;
  actions: HeldActions;
}

/**
 * Orders placed past their table's limit (API.md "Trust at the table"): nothing is made until a member
 * of staff releases one into the kitchen's columns or turns it down. Shown on every board, above the
 * columns, only while there are some.
 */
export function HeldOrders({ orders, now, busyWith, actions }: HeldOrdersProps) {
  if (orders.length === 0) return null;
  return (
    <section className="kitchen__held" aria-labelledby="held-orders-title">
      <h2 id="held-orders-title" tabIndex={-1}>
        Waiting for a staff OK <span className="kitchen__count">({orders.length})</span>
      </h2>
      <p className="kitchen__held-hint">
        This table has ordered a lot in a few minutes. Check with the table, then release the order to the kitchen or turn it down.
      </p>
      <ol className="kitchen__held-cards">
        {orders.map((order) => {
          const table = tableLabel(order.station_codename);
          const named = (label: string) => (
            <>
              {label}
              <span className="visually-hidden"> order {order.number}</span>
            </>
          );
          return (
            <li key={order.id} className="held-card" aria-busy={busyWith(order.id) || undefined}>
              <article aria-label={`Held order #${order.number}, ${table}`}>
                <header className="held-card__header">
                  <h3 className="held-card__number">#{order.number}</h3>
                  <p className="held-card__table">{table}</p>
                  <p className="held-card__age">
                    <time dateTime={order.created_at}>{formatAge(order.created_at, now)}</time> · {formatMoney(order.total)}
                  </p>
                </header>
                <ul className="held-card__lines">
                  {order.lines.map((line, index) => (
                    <li key={`${line.product_id}-${index}`}>
                      {line.quantity}× {line.name}
                      {line.options.length > 0 && ` (${line.options.map((option) => option.name).join(", ")})`}
                      {line.note && ` · Note: ${line.note}`}
                    </li>
                  ))}
                </ul>
                <div className="held-card__actions">
                  <button
                    type="button"
                    id={`held-${order.id}-release`}
                    className="staff-button staff-button--primary"
                    disabled={busyWith(order.id)}
                    onClick={() => actions.release(order)}
                  >
                    {named("Release")}
                  </button>
                  <button
                    type="button"
                    className="staff-button staff-button--danger"
                    disabled={busyWith(order.id)}
                    onClick={() => actions.turnDown(order)}
                  >
                    {named("Turn down")}
                  </button>
                </div>
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
