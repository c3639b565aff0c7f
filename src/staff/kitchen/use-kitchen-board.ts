import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Order } from "../../../contract/schemas";
import { staffApi, branchEventsPath } from "../lib/staff-api";
import { ApiError, isAbort } from "../../shared/api-client";
import { useLiveEvents } from "../../shared/use-live-events";
import { useSession } from "../auth/session-store";
import { problemOf, type Problem } from "../lib/errors";
import { applyOrder, BOARD_STATUSES, isOpen, replaceBoard, type Board } from "./board";

/** Why a board hears of an order: placed, held for a staff OK, or released into the kitchen's columns. */
export type OrderNews = "new" | "held" | "released";

/**
 * The branch's open and held orders: the list (GET /api/orders) on open and after every (re)connect,
 * kept current by the branch's live stream. `onNewOrder` hears each order created while the board is
 * up (held or not), and each held order released.
 */
export function useKitchenBoard(branchId: number, onNewOrder: (order: Order, news: OrderNews) => void) {
  const [board, setBoard] = useState<Board>({});
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const boardRef = useRef(board);
  const onNewOrderRef = useRef(onNewOrder);
  useLayoutEffect(() => {
    boardRef.current = board;
    onNewOrderRef.current = onNewOrder;
  });
  /** Orders the stream reported while a list request was in flight (see replaceBoard). */
  const collectors = useRef(new Set<Order[]>());
  const fetchGeneration = useRef(0);

  const refresh = useCallback(async () => {
    const generation = ++fetchGeneration.current;
    const seen: Order[] = [];
    collectors.current.add(seen);
    try {
      const orders = await staffApi.openOrders(branchId, BOARD_STATUSES);
      if (generation !== fetchGeneration.current) return; // a newer request will answer
      setBoard(replaceBoard(orders, seen));
      setLoaded(true);
      setProblem(null);
    } catch (error) {
      if (!isAbort(error) && generation === fetchGeneration.current) setProblem(problemOf(error));
    } finally {
      collectors.current.delete(seen);
    }
  }, [branchId]);

  useEffect(() => {
    setBoard({});
    setLoaded(false);
    void refresh();
  }, [refresh]);

  const apply = useCallback((order: Order) => setBoard((current) => applyOrder(current, order)), []);

  const connection = useLiveEvents(branchEventsPath(branchId), {
    onEvent: (event) => {
      if (event === null) return void refresh(); // an unreadable event: read the list instead
      if (event.type !== "order.created" && event.type !== "order.updated") return; // the menu hook applies product updates
      const order = event.data;
      for (const seen of collectors.current) seen.push(order);
      const known = boardRef.current[order.id];
      apply(order);
      if (event.type === "order.created" && !known) {
        if (order.status === "held") onNewOrderRef.current(order, "held");
        else if (isOpen(order.status)) onNewOrderRef.current(order, "new");
      } else if (event.type === "order.updated" && known?.status === "held" && order.status === "received") {
        onNewOrderRef.current(order, "released");
      }
    },
    // Catch up: the stream replays what it can, and the list covers the rest.
    onOpen: () => void refresh(),
    // Refused streams are usually an ended session: find out, and go to sign-in if so.
    onRefused: () => {
      staffApi.currentUser().catch((error) => {
        if (error instanceof ApiError && error.status === 401) useSession.getState().signedOut();
      });
    },
  });

  return { board, loaded, problem, refresh, apply, connection };
}
