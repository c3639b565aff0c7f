import type { Check } from "../../../contract/schemas";
import { formatMoney } from "../../shared/i18n/format";
import { CheckTotals } from "../lib/check-totals";
import { timeOf } from "./tab-time";

/** A tab's orders, line by line (cancelled and held ones shown but not counted), and its check's sums. */
export function TabOrders({ tab }: { tab: Check }) {
  return (
    <>
      {tab.orders.length === 0 ? (
        <p>No orders since the tab was last closed.</p>
      ) : (
        <ul className="tab-orders">
          {tab.orders.map((order) => (
            <li key={order.id} className={order.status === "cancelled" ? "tab-order tab-order--cancelled" : "tab-order"}>
              <p className="tab-order__head">
                <span>
                  Order #{order.number} · {timeOf(order.created_at)}
                </span>
                <span>
                  {order.status === "cancelled"
                    ? "cancelled, not counted"
                    : order.status === "held"
                      ? "waiting for a staff OK, not counted"
                      : formatMoney(order.total)}
                </span>
              </p>
              <ul className="tab-order__lines">
                {order.lines.map((line, index) => (
                  <li key={index}>
                    {line.quantity} × {line.name}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <CheckTotals check={tab} />
    </>
  );
}
