/**
 * The orders this phone placed, per table, for "Order again": what each line was (product, options,
 * note, quantity), not its prices — an earlier order is repriced at today's menu when it is repeated.
 * A few per table, for a few weeks: enough for a regular's usual, small enough for localStorage.
 */
import type { Order } from "../../../contract/schemas";
import { HISTORY_KEY } from "./has-past-orders";

export interface PastLine {
  product_id: number;
  name: string;
  quantity: number;
  /** The chosen option ids. */
  options: number[];
  note?: string;
}

export interface PastOrder {
  id: string;
  number: number;
  created_at: string;
  lines: PastLine[];
}

export const MAX_ORDERS_PER_TABLE = 5;
export const HISTORY_DAYS = 60;

type History = Record<string, PastOrder[]>;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

function isPastLine(value: unknown): value is PastLine {
  return (
    isRecord(value) &&
    Number.isInteger(value.product_id) &&
    typeof value.name === "string" &&
    Number.isInteger(value.quantity) &&
    (value.quantity as number) >= 1 &&
    Array.isArray(value.options) &&
    value.options.every((id) => Number.isInteger(id)) &&
    (value.note === undefined || typeof value.note === "string")
  );
}

function isPastOrder(value: unknown): value is PastOrder {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    typeof value.number === "number" &&
    typeof value.created_at === "string" &&
    Array.isArray(value.lines) &&
    value.lines.every(isPastLine)
  );
}

/** What is stored, read order by order: an unreadable one is dropped, the rest kept. */
export function readHistory(value: unknown): History {
  if (!isRecord(value)) return {};
  const history: History = {};
  for (const [table, orders] of Object.entries(value)) {
    if (Array.isArray(orders)) history[table] = orders.filter(isPastOrder);
  }
  return history;
}

/** The history with `order` added first for its table (once), trimmed to the newest few and the last weeks. */
export function withOrder(history: History, order: Order, now = Date.now()): History {
  const table = order.station_id.toLowerCase();
  const past: PastOrder = {
    id: order.id,
    number: order.number,
    created_at: order.created_at,
    lines: order.lines.map((line) => ({
      product_id: line.product_id,
      name: line.name,
      quantity: line.quantity,
      options: line.options.map((option) => option.id),
      ...(line.note ? { note: line.note } : {}),
    })),
  };
  const oldest = now - HISTORY_DAYS * 86_400_000;
  const next: History = {};
  for (const [key, orders] of Object.entries({
    ...history,
    [table]: [past, ...(history[table] ?? []).filter((o) => o.id !== order.id)],
  })) {
    const kept = orders.filter((o) => !(Date.parse(o.created_at) < oldest)).slice(0, MAX_ORDERS_PER_TABLE);
    if (kept.length > 0) next[key] = kept;
  }
  return next;
}

function load(): History {
  try {
    return readHistory(JSON.parse(localStorage.getItem(HISTORY_KEY) ?? "null"));
  } catch {
    return {};
  }
}

/** Keeps an order the server placed for this phone. */
export function rememberOrder(order: Order): void {
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(withOrder(load(), order)));
  } catch {
    // Storage full or disabled: "Order again" just won't offer this one.
  }
}

/** This table's earlier orders from this phone, newest first. */
export function pastOrders(tableId: string): PastOrder[] {
  return load()[tableId.toLowerCase()] ?? [];
}
