/**
 * Keeps a submitted order's status current: the table's live stream (shared with the order screen) for instant updates, plus a poll (every 10 s, on reconnect, when the phone
 * wakes or comes back online) because restaurant Wi-Fi and proxies drop streams silently.
 */
import { useEffect, useRef, useState } from "react";
import type { Order, PublicOrder } from "../../../contract/schemas";
import type { OrderStatus } from "../../../contract/menu";
import { api, stationEventsPath } from "../../shared/api";
import { useLiveEvents } from "../../shared/use-live-events";

const POLL_EVERY_MS = 10_000;
const FINAL: readonly OrderStatus[] = ["served", "cancelled"];

/**
 * Returns whether the last refresh failed (status shown may be out of date). `stationId` is the table the
 * phone is at (its stream carries the order's updates): not read from the order, whose public answer
 * need not name its table.
 */
export function useLiveOrder(
  order: Pick<Order, "id"> | null,
  stationId: string | null,
  status: OrderStatus | null,
  onOrder: (order: PublicOrder) => void,
): boolean {
  const [stale, setStale] = useState(false);
  const done = status !== null && FINAL.includes(status);
  const orderId = order?.id ?? null;
  /** Reads the order now; set while the order is followed. */
  const refreshRef = useRef<(() => void) | null>(null);
  const applyRef = useRef<((order: PublicOrder) => void) | null>(null);

  useEffect(() => {
    if (!orderId || done) return;
    let active = true;
    const apply = (next: PublicOrder | Order) => {
      if (!active) return;
      setStale(false);
      onOrder(next);
    };
    const refresh = () => {
      api.order(orderId).then(apply, () => active && setStale(true));
    };
    refreshRef.current = refresh;
    applyRef.current = apply;

    const onVisible = () => document.visibilityState === "visible" && refresh();
    const timer = setInterval(refresh, POLL_EVERY_MS);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", refresh);
    refresh();
    return () => {
      active = false;
      refreshRef.current = null;
      applyRef.current = null;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", refresh);
    };
    // onOrder is a store action (stable); re-subscribing on each render would restart the poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, done]);

  useLiveEvents(order && stationId && !done ? stationEventsPath(stationId) : null, {
    onEvent: (event) => {
      if (event === null)
        refreshRef.current?.(); // an unreadable event: ask for the order instead
      else if (event.type === "order.updated" && event.data.id === orderId) applyRef.current?.(event.data);
    },
    // (Re)connected: catch up on anything missed while the stream was down.
    onOpen: () => refreshRef.current?.(),
  });

  return stale && !done;
}
