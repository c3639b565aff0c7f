/**
 * Keeps a submitted order's status current: the table's live stream (shared with the order screen) for
 * instant updates, plus a poll (every 10 s while in view, on reconnect, when the phone wakes or comes
 * back online) because restaurant Wi-Fi and proxies drop streams silently.
 */
import type { Order, PublicOrder } from "../../../contract/schemas";
import type { OrderStatus } from "../../../contract/menu";
import { api, diningTableEventsPath } from "../../shared/api";
import { useServerData, type ServerDataOptions } from "../../shared/use-server-data";
import { useTableStream } from "../visit-ended";

const POLL_EVERY_MS = 10_000;
const FINAL: readonly OrderStatus[] = ["served", "cancelled"];

/** The order's data, by the one way (useServerData). */
export function liveOrderData(
  tableId: string | null,
  onOrder: (order: PublicOrder) => void,
): Omit<ServerDataOptions<string, PublicOrder>, "key"> {
  return {
    stream: tableId ? diningTableEventsPath(tableId) : null,
    load: (id, signal) => api.order(id, { signal }),
    reduce: (_shown, event, id) => (event.type === "order.updated" && event.data.id === id ? event.data : undefined),
    onData: onOrder,
    refreshEveryMs: POLL_EVERY_MS,
  };
}

/**
 * Returns whether the last refresh failed (status shown may be out of date). `tableId` is the table the
 * phone is at (its stream carries the order's updates): not read from the order, whose public answer
 * need not name its table.
 */
export function useLiveOrder(
  order: Pick<Order, "id"> | null,
  tableId: string | null,
  status: OrderStatus | null,
  onOrder: (order: PublicOrder) => void,
): boolean {
  const done = status !== null && FINAL.includes(status);
  // After the visit ended the order is still polled (by its own id), without the table's stream.
  const stream = useTableStream(tableId);
  const { state } = useServerData({ key: order && !done ? order.id : null, ...liveOrderData(tableId, onOrder), stream });
  return !done && state.status !== "loading" && state.error !== null;
}
