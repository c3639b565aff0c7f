import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Order } from "../../../contract/schemas";
import { staffApi, branchEventsPath } from "../lib/staff-api";
import { useLiveEvents } from "../../shared/use-live-events";

/** The kitchen status is read this often; `order.unseen` events fill in between. */
const POLL_MS = 15_000;

/** Once a board has shown the order, or it has moved on, the alarm for it is over. */
const alarmOver = (order: Order) => order.seen_at !== null || (order.status !== "received" && order.status !== "preparing");

/**
 * The branch's orders no kitchen board has shown within the alert time, and whether any board is
 * online: the kitchen status on open and every 15 s, and the branch stream's `order.unseen` between
 * (`onAlarm` hears each) and `order.updated` (which ends an order's alarm once a board shows it).
 */
export function useKitchenAlerts(branchId: number, onAlarm: () => void) {
  const [unseen, setUnseen] = useState<Record<string, Order>>({});
  /** null until the first answer: no banner before anything is known. */
  const [boardsOnline, setBoardsOnline] = useState<number | null>(null);
  const onAlarmRef = useRef(onAlarm);
  const boardsOnlineRef = useRef(boardsOnline);
  useLayoutEffect(() => {
    onAlarmRef.current = onAlarm;
    boardsOnlineRef.current = boardsOnline;
  });

  const refresh = useCallback(async () => {
    try {
      const status = await staffApi.kitchenStatus(branchId);
      setUnseen(Object.fromEntries(status.unseen_orders.map((order) => [order.id, order])));
      setBoardsOnline(status.boards.length);
    } catch {
      // Offline for a moment, or signed out: what is shown stays until the next read answers.
    }
  }, [branchId]);

  useEffect(() => {
    setUnseen({});
    setBoardsOnline(null);
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  useLiveEvents(branchEventsPath(branchId), {
    onEvent: (event) => {
      if (event === null) return void refresh();
      if (event.type === "order.unseen" && !alarmOver(event.data)) {
        setUnseen((current) => ({ ...current, [event.data.id]: event.data }));
        onAlarmRef.current();
      } else if (event.type === "order.updated" && alarmOver(event.data)) {
        // An order seen while no board was online: one has come on since the last read.
        if (event.data.seen_at !== null && boardsOnlineRef.current === 0) void refresh();
        const id = event.data.id;
        setUnseen((current) => {
          if (!(id in current)) return current;
          const { [id]: _over, ...rest } = current;
          return rest;
        });
      }
    },
  });

  const orders = Object.values(unseen).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.number - b.number);
  return { unseen: orders, noBoardOnline: boardsOnline === 0 };
}
