import type { PrepArea } from "../../../contract/menu";
import { column, COLUMN_TITLES, OPEN_STATUSES, type Board } from "./board";
import { OrderCard, type CardActions } from "./order-card";

interface OrderColumnsProps {
  board: Board;
  prepArea: PrepArea;
  now: number;
  fresh: Record<string, boolean>;
  busyWith(orderId: string): boolean;
  actions: CardActions;
}

/** Received · Preparing · Ready (or bumped here, waiting for the other prep area), oldest first in each. */
export function OrderColumns({ board, prepArea, now, fresh, busyWith, actions }: OrderColumnsProps) {
  return (
    <div className="kitchen__columns">
      {OPEN_STATUSES.map((status) => {
        const orders = column(board, status, prepArea);
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
                    order={order}
                    column={status}
                    now={now}
                    fresh={Boolean(fresh[order.id])}
                    busy={busyWith(order.id)}
                    actions={actions}
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
