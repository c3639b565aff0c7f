import type { Order } from "../../../contract/schemas";
import { RELOAD, useServerData } from "../../shared/use-server-data";
import { staffApi, branchEventsPath } from "../lib/staff-api";

/** The kitchen status is read this often; `order.unseen` events fill in between. */
const POLL_MS = 15_000;

/** Once a board has shown the order, or it has moved on, the alarm for it is over. */
const alarmOver = (order: Order) => order.seen_at !== null || (order.status !== "received" && order.status !== "preparing");

interface KitchenAlerts {
  unseen: Record<string, Order>;
  boardsOnline: number;
}

/**
 * The branch's orders no kitchen board has shown within the alert time, and whether any board is
 * online, by the one way (useServerData): the kitchen status on open and every 15 s, and the branch
 * stream's `order.unseen` between (`onAlarm` hears each) and `order.updated` (which ends an order's
 * alarm once a board shows it). Nothing until the first answer: no banner before anything is known.
 */
export function useKitchenAlerts(branchId: number, onAlarm: () => void) {
  const { state } = useServerData<number, KitchenAlerts>({
    key: branchId,
    stream: branchEventsPath(branchId),
    load: async (id, signal) => {
      const status = await staffApi.kitchenStatus(id, { signal });
      return { unseen: Object.fromEntries(status.unseen_orders.map((order) => [order.id, order])), boardsOnline: status.boards.length };
    },
    onEvent: (event) => {
      if (event.type === "order.unseen" && !alarmOver(event.data)) onAlarm();
    },
    reduce: (alerts, event) => {
      if (event.type === "order.unseen" && !alarmOver(event.data)) {
        return alerts ? { ...alerts, unseen: { ...alerts.unseen, [event.data.id]: event.data } } : RELOAD;
      }
      if (event.type !== "order.updated" || !alarmOver(event.data) || !alerts) return undefined;
      // An order seen while no board was online: one has come on since the last read.
      if (event.data.seen_at !== null && alerts.boardsOnline === 0) return RELOAD;
      if (!(event.data.id in alerts.unseen)) return undefined;
      const { [event.data.id]: _over, ...unseen } = alerts.unseen;
      return { ...alerts, unseen };
    },
    refreshEveryMs: POLL_MS,
  });

  const alerts = state.status === "ready" ? state.data : null;
  const orders = Object.values(alerts?.unseen ?? {}).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.number - b.number);
  return { unseen: orders, noBoardOnline: alerts?.boardsOnline === 0 };
}
