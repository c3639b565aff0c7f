import type { Order } from "../../../contract/schemas";
import { tableLabel } from "../lib/table-label";
import { formatAge, NEXT_STEP, type OpenStatus } from "./board";

interface OrderCardProps {
  order: Order & { status: OpenStatus };
  now: number;
  fresh: boolean;
  busy: boolean;
  onAdvance(order: Order): void;
  onCancel(order: Order): void;
}

/** One ticket: number, table, age, what to cook, and the next step as a big button. */
export function OrderCard({ order, now, fresh, busy, onAdvance, onCancel }: OrderCardProps) {
  const next = NEXT_STEP[order.status];
  const headingId = `order-${order.id}`;
  const table = tableLabel(order.station_codename);
  return (
    <li className={`order-card order-card--${order.status}${fresh ? " order-card--fresh" : ""}`} aria-busy={busy || undefined}>
      <article aria-label={`Order #${order.number}, ${table}`}>
        <header className="order-card__header">
          <h3 id={headingId} className="order-card__number">
            #{order.number}
          </h3>
          {fresh && <span className="order-card__badge">New</span>}
          <p className="order-card__table">{table}</p>
          <time className="order-card__age" dateTime={order.created_at} title={new Date(order.created_at).toLocaleString()}>
            {formatAge(order.created_at, now)}
          </time>
        </header>
        <ul className="order-card__lines">
          {order.lines.map((line, index) => (
            <li key={`${line.product_id}-${index}`}>
              <span className="order-card__qty">{line.quantity}×</span> <span className="order-card__item">{line.name}</span>
              {line.options.length > 0 && (
                <ul className="order-card__options">
                  {line.options.map((option) => (
                    <li key={option.id}>{option.name}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <div className="order-card__actions">
          <button
            type="button"
            id={`${headingId}-next`}
            className="staff-button staff-button--primary staff-button--big order-card__next"
            disabled={busy}
            onClick={() => onAdvance(order)}
          >
            {next.label}
            <span className="visually-hidden"> order {order.number}</span>
          </button>
          <button type="button" className="staff-button staff-button--danger" disabled={busy} onClick={() => onCancel(order)}>
            Cancel<span className="visually-hidden"> order {order.number}</span>
          </button>
        </div>
      </article>
    </li>
  );
}
