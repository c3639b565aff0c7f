/**
 * The kitchen board's state, kept pure so it can be tested without a browser.
 * Orders arrive from two places that can race: the list (GET /api/orders) and the live stream.
 * When two copies of one order disagree, the one changed later (`updated_at`) is the newer one; a
 * copy without that time counts as older when its status is behind (statuses only move forward,
 * but for a recalled bump, which moves the time on).
 *
 * Each prep area's board shows only the orders with lines for it, and only those lines, in its
 * prep columns; orders held past their table's limit wait apart, whole, on every board, for a staff
 * OK (released, they join the columns).
 */
import type { OrderStatus, PrepArea } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";

export const OPEN_STATUSES = ["received", "preparing", "ready"] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** What a board lists: the held orders waiting for a staff OK, and the open ones. */
export const BOARD_STATUSES = ["held", ...OPEN_STATUSES] as const;

const RANK: Record<OrderStatus, number> = { held: -1, received: 0, preparing: 1, ready: 2, served: 3, cancelled: 3 };

export type Board = Record<string, Order>;

export function isOpen(status: OrderStatus): status is OpenStatus {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** On the board: open, or held for a staff OK. */
export function isOnBoard(status: OrderStatus): boolean {
  return status === "held" || isOpen(status);
}

function isStale(copy: Order, current: Order): boolean {
  if (copy.updated_at && current.updated_at) return copy.updated_at < current.updated_at;
  return RANK[current.status] > RANK[copy.status];
}

/** Applies one order's latest known state: added, moved, or gone once served / cancelled. */
export function applyOrder(board: Board, order: Order): Board {
  const current = board[order.id];
  if (current && isStale(order, current)) return board;
  if (!isOnBoard(order.status)) {
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
  for (const order of fetched) if (isOnBoard(order.status)) board[order.id] = order;
  for (const order of seenWhileFetching) board = applyOrder(board, order);
  return board;
}

/** The order as the prep area's board shows it, with only the prep area's lines; undefined when it has none. */
export function atPrepArea(order: Order, prepArea: PrepArea): Order | undefined {
  const lines = order.lines.filter((line) => line.prep_station === prepArea);
  return lines.length === 0 ? undefined : { ...order, lines };
}

/** Once a prep area has bumped an order it waits under Ready on that prep area's board, for the other prep area or to be served. */
export function columnAt(order: Order & { status: OpenStatus }, prepArea: PrepArea): OpenStatus {
  return order.bumped.includes(prepArea) ? "ready" : order.status;
}

const oldestFirst = (a: Order, b: Order) => a.created_at.localeCompare(b.created_at) || a.number - b.number;

/** The orders waiting for a staff OK, whole (every board shows every line), oldest first. */
export function heldOrders(board: Board): Order[] {
  return Object.values(board)
    .filter((order) => order.status === "held")
    .sort(oldestFirst);
}

/** The released orders with lines for the prep area (only those lines): what its prep columns and its "seen" cover. */
export function openAtPrepArea(board: Board, prepArea: PrepArea): (Order & { status: OpenStatus })[] {
  return Object.values(board)
    .filter((order): order is Order & { status: OpenStatus } => isOpen(order.status))
    .map((order) => atPrepArea(order, prepArea) as (Order & { status: OpenStatus }) | undefined)
    .filter((order) => order !== undefined);
}

/** A column of the prep area's board, oldest first: the kitchen works through orders in the order they came in. */
export function column(board: Board, status: OpenStatus, prepArea: PrepArea): (Order & { status: OpenStatus })[] {
  return Object.values(board)
    .filter((order) => isOpen(order.status))
    .map((order) => atPrepArea(order, prepArea) as (Order & { status: OpenStatus }) | undefined)
    .filter((order) => order !== undefined && columnAt(order, prepArea) === status)
    .map((order) => order!)
    .sort(oldestFirst);
}

export const COLUMN_TITLES: Record<OpenStatus, string> = {
  received: "Received",
  preparing: "Preparing",
  ready: "Ready",
};

/** How long an order has waited, in three steps a glance can read: under 5 minutes, under 10, longer. */
export type AgeTone = "fresh" | "waiting" | "late";
export function ageTone(createdAt: string, now: number): AgeTone {
  const minutes = (now - Date.parse(createdAt)) / 60_000;
  return minutes >= 10 ? "late" : minutes >= 5 ? "waiting" : "fresh";
}

/** "just now", "3 min ago", "1 h 5 min ago". */
export function formatAge(createdAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(createdAt)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h ago` : `${hours} h ${rest} min ago`;
}
