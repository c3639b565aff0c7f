/** The submitted order's number and its status, kept live (use-live-order.ts). */
import type { Order } from "../../../contract/schemas";
import type { OrderStatus } from "../../../contract/menu";
import { useCart } from "../cart/cart-store";
import { useLiveOrder } from "./use-live-order";

const STEPS: { status: OrderStatus; label: string; text: string }[] = [
  { status: "received", label: "Received", text: "The kitchen has your order." },
  { status: "preparing", label: "Preparing", text: "Your food is being prepared." },
  { status: "ready", label: "Ready", text: "Your order is ready." },
  { status: "served", label: "Served", text: "Enjoy your meal!" },
];

export function OrderProgress({ order }: { order: Order }) {
  const updateOrder = useCart((state) => state.updateOrder);
  const stale = useLiveOrder(order, order.status, updateOrder);
  const cancelled = order.status === "cancelled";
  const current = STEPS.findIndex((step) => step.status === order.status);

  return (
    <section className="order-progress" aria-labelledby="order-number">
      <h2 id="order-number">Order #{order.number}</h2>
      <p className="order-progress-status" aria-live="polite" data-status={order.status}>
        Status: <strong>{cancelled ? "Cancelled" : STEPS[current]?.label}</strong>
        {" — "}
        {cancelled ? "This order was cancelled. Please ask your server." : STEPS[current]?.text}
      </p>
      {!cancelled && (
        <ol className="order-steps">
          {STEPS.map((step, index) => (
            <li
              key={step.status}
              className={index <= current ? "is-done" : undefined}
              aria-current={index === current ? "step" : undefined}
            >
              {step.label}
            </li>
          ))}
        </ol>
      )}
      {stale && (
        <p className="order-progress-stale" role="status">
          Can't reach the restaurant right now — the status may be out of date. Retrying…
        </p>
      )}
    </section>
  );
}
