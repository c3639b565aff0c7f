/**
 * The submitted order's number and where it is, kept live (use-live-order.ts): sent (the server has
 * it) → the kitchen has it (a board has shown it) → preparing → ready → served, with the time it
 * should be ready around while it is being made. An order held past the table's limit waits for a
 * server's OK first ("Waiting for a server to confirm your order"), then follows the same steps.
 */
import { useId } from "react";
import type { Order } from "../../../contract/schemas";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { LOCALE_TAGS } from "../../shared/i18n/language";
import { useCart } from "../cart/cart-store";
import { orderStatusMessages } from "../cart-messages";
import { useVisitEnded } from "../visit-ended";
import { useLiveOrder } from "./use-live-order";

type Step = "sent" | "seen" | "preparing" | "ready" | "served";

/** In order; each step's label is its key in the messages, its sentence the key plus "Text". */
const STEPS: readonly Step[] = ["sent", "seen", "preparing", "ready", "served"];

export function stepOf(order: Pick<Order, "status" | "seen_at">): Step | "cancelled" | "held" {
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

/** `tableId`: the table the phone is at, whose live stream carries the order's changes. */
export function OrderProgress({ order, tableId }: { order: Order; tableId: string | null }) {
  const updateOrder = useCart((state) => state.updateOrder);
  const stale = useLiveOrder(order, tableId, order.status, updateOrder);
  const visitEnded = useVisitEnded(tableId);
  const step = stepOf(order);
  const cancelled = step === "cancelled";
  const held = step === "held";
  const current = STEPS.findIndex((candidate) => candidate === step);
  const code = useLanguage();
  const t = useMessages(orderStatusMessages);
  const around = readyAround(order, LOCALE_TAGS[code]);
  const headingId = useId();
  const shown = cancelled || held ? step : STEPS[current];

  return (
    <section className="order-progress" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.orderNumber({ number: order.number })}</h2>
      <p className="order-progress-status" aria-live="polite" data-status={order.status} data-step={step}>
        {t.status} <strong>{shown && t[shown]}</strong>
        {" — "}
        {shown && t[`${shown}Text`]}
      </p>
      {around && <p className="order-progress-eta">{t.readyAround({ time: around })}</p>}
      {!cancelled && !held && (
        <ol className="order-steps">
          {STEPS.map((candidate, index) => (
            <li key={candidate} className={index <= current ? "is-done" : undefined} aria-current={index === current ? "step" : undefined}>
              {t[candidate]}
            </li>
          ))}
        </ol>
      )}
      {visitEnded && (
        <p className="order-progress-visit-ended" role="status">
          {t.visitEnded}
        </p>
      )}
      {stale && (
        <p className="order-progress-stale" role="status">
          {t.stale}
        </p>
      )}
    </section>
  );
}
