import { useCallback } from "react";
import type { Order } from "../../../contract/schemas";
import { staffApi, branchEventsPath } from "../lib/staff-api";
import { ApiError } from "../../shared/api-client";
import { useServerData, type ServerDataOptions } from "../../shared/use-server-data";
import { useSession } from "../auth/session-store";
import { applyOrder, BOARD_STATUSES, isOpen, replaceBoard, type Board } from "./board";

/** Why a board hears of an order: placed, held for a staff OK, or released into the kitchen's columns. */
export type OrderNews = "new" | "held" | "released";

/** What an order event means to a board that showed `board` before it. */
export function newsOf(board: Board | undefined, type: "order.created" | "order.updated", order: Order): OrderNews | null {
  const known = board?.[order.id];
  if (type === "order.created" && !known) {
    if (order.status === "held") return "held";
    if (isOpen(order.status)) return "new";
  } else if (type === "order.updated" && known?.status === "held" && order.status === "received") {
    return "released";
  }
  return null;
}

/**
 * The branch's open and held orders: the list (GET /api/orders) on open and after every (re)connect,
 * kept current by the branch's live stream. `onNewOrder` hears each order created while the board is
 * up (held or not), and each held order released.
 */
export function useKitchenBoard(branchId: number, onNewOrder: (order: Order, news: OrderNews) => void) {
  const { state, reload, update, connection } = useServerData({ key: branchId, ...kitchenBoardData(branchId, onNewOrder) });
  const apply = useCallback((order: Order) => update((board) => applyOrder(board ?? {}, order)), [update]);

  return {
    state,
    /** What the columns show: nothing until the first answer (or after it failed). */
    board: state.status === "ready" ? state.data : {},
    refresh: reload,
    apply,
    connection,
  };
}

/** The board's data, by the one way (useServerData): what the hook above follows. */
export function kitchenBoardData(
  branchId: number,
  onNewOrder: (order: Order, news: OrderNews) => void,
): Omit<ServerDataOptions<number, Board>, "key"> {
  return {
    stream: branchEventsPath(branchId),
    load: async (id, signal) => replaceBoard(await staffApi.openOrders(id, BOARD_STATUSES, { signal }), []),
    // Product updates are the menu hook's.
    reduce: (board, event) =>
      event.type === "order.created" || event.type === "order.updated" ? applyOrder(board ?? {}, event.data) : undefined,
    onEvent: (event, board) => {
      if (event.type !== "order.created" && event.type !== "order.updated") return;
      const news = newsOf(board, event.type, event.data);
      if (news) onNewOrder(event.data, news);
    },
    // Refused streams are usually an ended session: find out, and go to sign-in if so.
    onRefused: () => {
      staffApi.currentUser().catch((error) => {
        if (error instanceof ApiError && error.status === 401) useSession.getState().signedOut();
      });
    },
  };
}
