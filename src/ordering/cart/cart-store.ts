/**
 * The cart store: zustand, persisted to localStorage so a reload (or a dropped tab) keeps the order.
 * Storage layout:
 *  - `cart`      — the lines: { [productId]: CartLine[] }.
 *  - `cart.meta` — the table the cart is for, and the submission in progress (apart, so `cart` stays
 *                  the plain shape phones already store).
 */
import { create } from "zustand";
import { persist, type PersistStorage, type StorageValue } from "zustand/middleware";
import type { Order, Product } from "../../../contract/schemas";
import {
  addToCart,
  applyPriceUpdates,
  isCartShape,
  removeOne,
  type Cart,
  type PriceUpdate,
  type SelectedOption,
} from "./cart-logic";

export const CART_KEY = "cart";
export const CART_META_KEY = "cart.meta";

export interface CartStation {
  id: string;
  branchId: number;
  codename?: string;
}

/** A problem from the last submission, shown on the cart page until the diner acts. */
export interface SubmitProblem {
  status: number;
  code: string;
  message: string;
  details: unknown[];
}

/**
 * sending   — in the outbox, a request is (or is about to be) in flight;
 * queued    — in the outbox, the network failed: retried automatically;
 * submitted — the server answered 2xx; `order` is its answer, kept current by the live status.
 */
export type Submission =
  | { state: "sending" | "queued"; key: string }
  | { state: "submitted"; key: string; order: Order };

export interface AddedLine {
  product: Product;
  options: readonly SelectedOption[];
  quantity: number;
  note?: string;
}

export interface CartState {
  cart: Cart;
  station: CartStation | null;
  submission: Submission | null;
  problem: SubmitProblem | null;
  add(product: Product, options: readonly SelectedOption[], note?: string): void;
  /** Adds whole lines at once (Order again): each at the product's price as given. */
  addLines(lines: readonly AddedLine[]): void;
  removeOne(productId: number, key: string): void;
  /** Binds the cart to the table the diner is at. Returns true when a cart from another branch was emptied. */
  enterStation(station: CartStation): boolean;
  setSubmission(submission: Submission | null): void;
  /** Shows an order the outbox delivered after the cart that sent it was lost (unreadable storage). */
  adoptOrder(key: string, order: Order): void;
  setProblem(problem: SubmitProblem | null): void;
  updateOrder(order: Order): void;
  applyPrices(updates: readonly PriceUpdate[]): void;
  /** Empties everything (Return home, Order more). Keeps the table unless told otherwise. */
  clear(keepStation?: boolean): void;
}

type Persisted = Pick<CartState, "cart" | "station" | "submission" | "problem">;

function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const SUBMISSION_STATES: readonly string[] = ["sending", "queued", "submitted"];

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

function readStation(value: unknown): CartStation | null {
  if (!isRecord(value) || typeof value.id !== "string" || value.id === "" || !Number.isInteger(value.branchId)) return null;
  return { id: value.id, branchId: value.branchId as number, ...(typeof value.codename === "string" ? { codename: value.codename } : {}) };
}

/** Enough of an order for the status screen: what it reads (number, status, totals, time) is there. */
function isStoredOrder(value: unknown): value is Order {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    typeof value.number === "number" &&
    typeof value.status === "string" &&
    typeof value.created_at === "string" &&
    ["subtotal", "tax", "total"].every((field) => typeof value[field] === "string")
  );
}

function readSubmission(value: unknown): Submission | null {
  if (!isRecord(value) || typeof value.key !== "string" || value.key === "" || !SUBMISSION_STATES.includes(value.state as string)) return null;
  if (value.state !== "submitted") return { state: value.state as "sending" | "queued", key: value.key };
  return isStoredOrder(value.order) ? { state: "submitted", key: value.key, order: value.order } : null;
}

function readProblem(value: unknown): SubmitProblem | null {
  if (!isRecord(value) || typeof value.code !== "string" || typeof value.message !== "string") return null;
  return {
    status: typeof value.status === "number" ? value.status : 0,
    code: value.code,
    message: value.message,
    details: Array.isArray(value.details) ? value.details : [],
  };
}

/**
 * Splits the state over the two keys so `cart` keeps its plain shape. Whatever is stored is read
 * field by field: an unreadable part (hand-edited, half-written, from another version) falls back to
 * its empty default instead of breaking the page. An order on its way lives on in the outbox, which
 * carries its own copy of the order and its key.
 */
const cartStorage: PersistStorage<Persisted> = {
  getItem() {
    const cart = readJson(CART_KEY);
    const meta = readJson(CART_META_KEY);
    const fields = isRecord(meta) ? meta : {};
    return {
      state: {
        cart: isCartShape(cart) ? cart : {},
        station: readStation(fields.station),
        submission: readSubmission(fields.submission),
        problem: readProblem(fields.problem),
      },
      // One layout so far; an unknown version number must not make zustand drop the whole cart.
      version: 1,
    };
  },
  setItem(_name, { state, version }: StorageValue<Persisted>) {
    try {
      localStorage.setItem(CART_KEY, JSON.stringify(state.cart));
      const { station, submission, problem } = state;
      localStorage.setItem(CART_META_KEY, JSON.stringify({ station, submission, problem, version }));
    } catch {
      // Storage full or disabled (private mode): the cart still works for this visit.
    }
  },
  removeItem() {
    try {
      localStorage.removeItem(CART_KEY);
      localStorage.removeItem(CART_META_KEY);
    } catch {
      // Nothing stored to remove.
    }
  },
};

export const useCart = create<CartState>()(
  persist(
    (set, get) => ({
      cart: {},
      station: null,
      submission: null,
      problem: null,
      add: (product, options, note) => set({ cart: addToCart(get().cart, product, options, note), problem: null }),
      addLines: (lines) =>
        set({
          cart: lines.reduce((cart, line) => addToCart(cart, line.product, line.options, line.note, line.quantity), get().cart),
          problem: null,
        }),
      removeOne: (productId, key) => set({ cart: removeOne(get().cart, productId, key), problem: null }),
      enterStation(station) {
        const { station: current, cart, submission } = get();
        const otherBranch = current !== null && current.branchId !== station.branchId;
        const hadItems = Object.keys(cart).length > 0;
        if (otherBranch) {
          set({ cart: {}, submission: null, problem: null, station });
          return hadItems;
        }
        // Last visit's order is over (served, cancelled, or from another day): start a fresh cart.
        if (submission?.state === "submitted" && isOver(submission.order)) {
          set({ cart: {}, submission: null, problem: null, station });
          return false;
        }
        // A locked cart stays with the table it was sent from (its outbox entry carries that table).
        if (get().submission === null) set(current?.id === station.id ? { station } : { station, problem: null });
        return false;
      },
      setSubmission: (submission) => set({ submission }),
      adoptOrder: (key, order) =>
        set({
          submission: { state: "submitted", key, order },
          station: get().station ?? { id: order.station_id, branchId: order.branch_id },
          problem: null,
        }),
      setProblem: (problem) => set({ problem }),
      updateOrder(order) {
        const submission = get().submission;
        if (submission?.state === "submitted" && submission.order.id === order.id) {
          set({ submission: { ...submission, order } });
        }
      },
      applyPrices: (updates) => set({ cart: applyPriceUpdates(get().cart, updates), problem: null }),
      clear: (keepStation = true) =>
        set({ cart: {}, submission: null, problem: null, station: keepStation ? get().station : null }),
    }),
    {
      name: CART_KEY,
      version: 1,
      storage: cartStorage,
      partialize: ({ cart, station, submission, problem }) => ({ cart, station, submission, problem }),
    },
  ),
);

const ORDER_LIFETIME_MS = 12 * 3_600_000;

/** An order the diner no longer needs to follow. */
export function isOver(order: Pick<Order, "status" | "created_at">, now = Date.now()): boolean {
  if (order.status === "served" || order.status === "cancelled") return true;
  const created = Date.parse(order.created_at);
  return Number.isFinite(created) && now - created > ORDER_LIFETIME_MS;
}

/** True once the order left the cart (sending, queued or submitted): the cart is locked. */
export function isLocked(state: Pick<CartState, "submission">): boolean {
  return state.submission !== null;
}

// Another tab changed the cart (two tabs on one phone): pick it up rather than overwrite it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === CART_KEY || event.key === CART_META_KEY) void useCart.persist.rehydrate();
  });
}
