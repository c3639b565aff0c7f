/**
 * The kitchen board's state, kept pure so it can be tested without a browser.
 * Orders arrive from two places that can race: the list (GET /api/orders) and the live stream.
 * Statuses only move forward (received → preparing → ready → served | cancelled), so when two
 * copies of one order disagree, the further-along one is the newer one.
 */
import type { OrderStatus } from "../../../contract/menu";
import type { Order, OrderPatch } from "../../../contract/schemas";

export const OPEN_STATUSES = ["received", "preparing", "ready"] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

const RANK: Record<OrderStatus, number> = { received: 0, preparing: 1, ready: 2, served: 3, cancelled: 3 };

export type Board = Record<string, Order>;

export function isOpen(status: OrderStatus): status is OpenStatus {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Applies one order's latest known state: added, moved, or gone once served / cancelled. */
export function applyOrder(board: Board, order: Order): Board {
  const current = board[order.id];
  if (current && RANK[current.status] > RANK[order.status]) return board; // a stale copy
  if (!isOpen(order.status)) {
    if (!current) return board;
    const { [order.id]: _gone, ...rest } = board;
    return rest;
  }
  return { ...board, [order.id]: order };
}

/**
 * The list is the truth as of when it was requested; anything the stream said while the request was
 * in flight may be newer, so it is applied on top.
 */
export function replaceBoard(fetched: Order[], seenWhileFetching: Iterable<Order>): Board {
  let board: Board = {};
  for (const order of fetched) if (isOpen(order.status)) board[order.id] = order;
  for (const order of seenWhileFetching) board = applyOrder(board, order);
  return board;
}

/** Oldest first: the kitchen works through orders in the order they came in. */
export function column(board: Board, status: OpenStatus): Order[] {
  return Object.values(board)
    .filter((order) => order.status === status)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.number - b.number);
}

export const NEXT_STEP: Record<OpenStatus, { status: NonNullable<OrderPatch["status"]>; label: string }> = {
  received: { status: "preparing", label: "Start preparing" },
  preparing: { status: "ready", label: "Mark ready" },
  ready: { status: "served", label: "Served" },
};

export const COLUMN_TITLES: Record<OpenStatus, string> = {
  received: "Received",
  preparing: "Preparing",
  ready: "Ready",
};

/** "just now", "3 min ago", "1 h 5 min ago". */
export function formatAge(createdAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(createdAt)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h ago` : `${hours} h ${rest} min ago`;
}
