/**
 * Keeps a submitted order's status current: the server's event stream for instant updates, plus a
 * poll (every 10 s, on reconnect, when the phone wakes or comes back online) because restaurant
 * Wi-Fi and proxies drop streams silently.
 */
import { useEffect, useState } from "react";
import type { Order } from "../../../contract/schemas";
import type { OrderStatus } from "../../../contract/menu";
import { API_BASE } from "../../lib/api-client";
import { fetchOrder } from "../ordering-api";

const POLL_EVERY_MS = 10_000;
const FINAL: readonly OrderStatus[] = ["served", "cancelled"];

/** Returns whether the last refresh failed (status shown may be out of date). */
export function useLiveOrder(orderId: string | null, status: OrderStatus | null, onOrder: (order: Order) => void): boolean {
  const [stale, setStale] = useState(false);
  const done = status !== null && FINAL.includes(status);

  useEffect(() => {
    if (!orderId || done) return;
    let active = true;
    const apply = (order: Order) => {
      if (!active) return;
      setStale(false);
      onOrder(order);
    };
    const refresh = () => {
      fetchOrder(orderId).then(apply, () => active && setStale(true));
    };

    const events = typeof EventSource === "function" ? new EventSource(`${API_BASE}/orders/${orderId}/events`) : null;
    events?.addEventListener("order.updated", (event) => {
      try {
        apply(JSON.parse((event as MessageEvent<string>).data) as Order);
      } catch {
        refresh(); // an unreadable event: ask for the order instead
      }
    });
    // (Re)connected: catch up on anything missed while the stream was down.
    events?.addEventListener("open", refresh);

    const onVisible = () => document.visibilityState === "visible" && refresh();
    const timer = setInterval(refresh, POLL_EVERY_MS);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", refresh);
    refresh();
    return () => {
      active = false;
      events?.close();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", refresh);
    };
    // onOrder is a store action (stable); re-subscribing on each render would drop the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, done]);

  return stale && !done;
}
