import type { Order } from "../../../contract/schemas";
import { column, COLUMN_TITLES, OPEN_STATUSES, type Board } from "./board";
import { OrderCard } from "./order-card";

interface OrderColumnsProps {
  board: Board;
  now: number;
  fresh: Record<string, boolean>;
  busy: Record<string, boolean>;
  onAdvance(order: Order): void;
  onCancel(order: Order): void;
}

/** Received · Preparing · Ready, oldest first in each. */
export function OrderColumns({ board, now, fresh, busy, onAdvance, onCancel }: OrderColumnsProps) {
  return (
    <div className="kitchen__columns">
      {OPEN_STATUSES.map((status) => {
        const orders = column(board, status);
        return (
          <section key={status} className={`kitchen__column kitchen__column--${status}`} aria-labelledby={`column-${status}`}>
            <h2 id={`column-${status}`} tabIndex={-1}>
              {COLUMN_TITLES[status]} <span className="kitchen__count">({orders.length})</span>
            </h2>
            {orders.length === 0 ? (
              <p className="kitchen__empty">No orders.</p>
            ) : (
              <ol className="kitchen__cards">
                {orders.map((order) => (
                  <OrderCard
                    key={order.id}
                    order={order as Order & { status: typeof status }}
                    now={now}
                    fresh={Boolean(fresh[order.id])}
                    busy={Boolean(busy[order.id])}
                    onAdvance={onAdvance}
                    onCancel={onCancel}
                  />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}
