/**
 * The submitted order's number and where it is, kept live (use-live-order.ts): sent (the server has
 * it) → the kitchen has it (a board has shown it) → preparing → ready → served, with the time it
 * should be ready around while it is being made.
 */
import type { Order } from "../../../contract/schemas";
import { useCart } from "../cart/cart-store";
import { useLiveOrder } from "./use-live-order";

type Step = "sent" | "seen" | "preparing" | "ready" | "served";

const STEPS: { step: Step; label: string; text: string }[] = [
  { step: "sent", label: "Sent", text: "The restaurant has your order; it will be on the kitchen's screen in a moment." },
  { step: "seen", label: "In the kitchen", text: "The kitchen has your order." },
  { step: "preparing", label: "Preparing", text: "Your food is being prepared." },
  { step: "ready", label: "Ready", text: "Your order is ready." },
  { step: "served", label: "Served", text: "Enjoy your meal!" },
];

export function stepOf(order: Pick<Order, "status" | "seen_at">): Step | "cancelled" {
  if (order.status === "received") return order.seen_at ? "seen" : "sent";
  return order.status;
}

/** "7:42 PM" in the phone's own language and clock; null without a usable estimate. */
export function readyAround(order: Pick<Order, "status" | "estimated_ready_at">, locale?: string): string | null {
  if ((order.status !== "received" && order.status !== "preparing") || !order.estimated_ready_at) return null;
  const at = new Date(order.estimated_ready_at);
  if (Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(at);
}

export function OrderProgress({ order }: { order: Order }) {
  const updateOrder = useCart((state) => state.updateOrder);
  const stale = useLiveOrder(order, order.status, updateOrder);
  const step = stepOf(order);
  const cancelled = step === "cancelled";
  const current = STEPS.findIndex((candidate) => candidate.step === step);
  const around = readyAround(order);

  return (
    <section className="order-progress" aria-labelledby="order-number">
      <h2 id="order-number">Order #{order.number}</h2>
      <p className="order-progress-status" aria-live="polite" data-status={order.status} data-step={step}>
        Status: <strong>{cancelled ? "Cancelled" : STEPS[current]?.label}</strong>
        {" — "}
        {cancelled ? "This order was cancelled. Please ask your server." : STEPS[current]?.text}
      </p>
      {around && <p className="order-progress-eta">Ready around {around}</p>}
      {!cancelled && (
        <ol className="order-steps">
          {STEPS.map((candidate, index) => (
            <li
              key={candidate.step}
              className={index <= current ? "is-done" : undefined}
              aria-current={index === current ? "step" : undefined}
            >
              {candidate.label}
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
