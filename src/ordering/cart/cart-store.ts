/**
 * The cart store: zustand, persisted to localStorage so a reload (or a dropped tab) keeps the order.
 * The table's cart is shared by every phone at the table (docs/decisions/0010): `shared` holds the
 * server's cart as last seen and this phone's operations not yet answered, and `cart` is always the
 * view computed from them (shared-cart.ts), so every screen that reads `cart` shows the table's cart.
 * Storage layout:
 *  - `cart`      — the view's lines: { [productId]: CartLine[] } (shown at once on the next visit).
 *  - `cart.meta` — the table the cart is for, the submission in progress, the rounds the table sent
 *                  this visit and the shared state (apart,
 *                  so `cart` stays the plain shape phones already store). Its names are a wire format:
 *                  the table is stored as `station` and `shared.stationId` (`StoredMeta` below).
 */
import { create } from "zustand";
import { randomUuid } from "../../shared/random-uuid";
import { persist, type PersistStorage, type StorageValue } from "zustand/middleware";
import { isUuid } from "../../../contract/ids";
import type { CartOperation, Order, Product, PublicOrder, TableCart } from "../../../contract/schemas";
import {
  applyPriceUpdates,
  cartLines,
  cleanNote,
  formatUnitPrice,
  isCartShape,
  lineKey,
  MAX_QUANTITY,
  type Cart,
  type PriceUpdate,
  type SelectedOption,
} from "./cart-logic";
import {
  cartStamp,
  dropAnswered,
  latestStamp,
  isNewer,
  localView,
  nextStamp,
  ownTwin,
  toCart,
  type PendingDisplay,
  type PendingOp,
  type SharedLine,
} from "./shared-cart";

export const CART_KEY = "cart";
export const CART_META_KEY = "cart.meta";

export interface CartTable {
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
export type Submission = { state: "sending" | "queued"; key: string } | { state: "submitted"; key: string; order: Order };

export interface AddedLine {
  product: Product;
  options: readonly SelectedOption[];
  quantity: number;
  note?: string;
}

/** The table's shared cart as this phone knows it. */
export interface SharedState {
  /** The table these belong to. */
  tableId: string | null;
  /** The server's cart as last heard (tableCart, an operations answer, or a cart.updated event). */
  server: TableCart | null;
  /** This phone's operations the server has not answered yet, in the order the diner made them. */
  pending: PendingOp[];
  /** The latest stamp this phone has seen or made: its next operation is stamped later. */
  seen: string | null;
}

const EMPTY_SHARED: SharedState = { tableId: null, server: null, pending: [], seen: null };

export interface CartState {
  cart: Cart;
  /** This phone's id at every table (the operations' `phone_id`). */
  phoneId: string;
  shared: SharedState;
  table: CartTable | null;
  submission: Submission | null;
  /**
   * The table's orders this visit as this phone saw them (its own submits and the table's last order,
   * from any phone), oldest first: a table orders as many rounds as it likes (fifth round).
   */
  rounds: Order[];
  problem: SubmitProblem | null;
  add(product: Product, options: readonly SelectedOption[], note?: string): void;
  /** Adds whole lines at once (Order again): each at the product's price as given. */
  addLines(lines: readonly AddedLine[]): void;
  removeOne(productId: number, key: string, lineId?: string): void;
  /** One more of a line, as it is (its options and note): the cart's "+". */
  addOne(lineId: string): void;
  /** The diner's name on this phone's lines ("" = back to "Phone N"). */
  setName(name: string): void;
  /** A newer cart from the server (it never replaces a newer one with an older one). */
  receiveCart(cart: TableCart): void;
  /** The server answered these operations: they are done, whatever the result. */
  answered(opIds: readonly string[], cart?: TableCart): void;
  /** Binds the cart to the table the diner is at. Returns true when a cart from another branch was emptied. */
  enterTable(table: CartTable): boolean;
  setSubmission(submission: Submission | null): void;
  /** Shows an order the outbox delivered after the cart that sent it was lost (unreadable storage). */
  adoptOrder(key: string, order: Order): void;
  setProblem(problem: SubmitProblem | null): void;
  /** A newer view of an order (its public answer leaves out the table's key: kept from what the phone has). */
  updateOrder(order: PublicOrder): void;
  applyPrices(updates: readonly PriceUpdate[]): void;
  /** Empties everything (Return home, Order more). Keeps the table unless told otherwise. */
  clear(keepTable?: boolean): void;
}

type Persisted = Pick<CartState, "cart" | "phoneId" | "shared" | "table" | "submission" | "rounds" | "problem">;

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

function readTable(value: unknown): CartTable | null {
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

function readRounds(value: unknown): Order[] {
  return Array.isArray(value) ? value.filter(isStoredOrder) : [];
}

/** `rounds` with `order` in it (a newer view of one it has replaces it), oldest first; over a day old: dropped. */
export function withRound(rounds: readonly Order[], order: Order, now = Date.now()): Order[] {
  const others = rounds.filter((round) => round.id !== order.id);
  const known = rounds.find((round) => round.id === order.id);
  return [...others, known ? { ...known, ...order } : order]
    .filter((round) => !(now - Date.parse(round.created_at) > ORDER_LIFETIME_MS))
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)) || a.number - b.number);
}

function readSubmission(value: unknown): Submission | null {
  if (!isRecord(value) || typeof value.key !== "string" || value.key === "" || !SUBMISSION_STATES.includes(value.state as string))
    return null;
  if (value.state !== "submitted") return { state: value.state as "sending" | "queued", key: value.key };
  return isStoredOrder(value.order) ? { state: "submitted", key: value.key, order: value.order } : null;
}

/** `shared` as stored: the table's id is `stationId` there (`StoredMeta`). */
function readShared(value: unknown): SharedState {
  if (!isRecord(value) || !Array.isArray(value.pending)) return EMPTY_SHARED;
  const server =
    isRecord(value.server) && Array.isArray(value.server.lines) && typeof value.server.version === "number"
      ? (value.server as unknown as TableCart)
      : null;
  return {
    tableId: typeof value.stationId === "string" ? value.stationId : null,
    server,
    pending: value.pending.filter(
      (op) => isRecord(op) && typeof op.op_id === "string" && typeof op.at === "string" && typeof op.type === "string",
    ) as PendingOp[],
    seen: typeof value.seen === "string" ? value.seen : null,
  };
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
 * `cart.meta` as phones store it. The stored layout keeps the wire's word: what the code calls `table`
 * and `shared.tableId` is stored, and read back, as `station` and `shared.stationId` — the names phones
 * in the restaurant already hold when a new version is deployed mid-service. Renaming them here would
 * lose the table on the next reload (and `enterTable` would add the server's lines again as a legacy
 * cart). `cartStorage` is the one place that maps the two (with `readShared` for reading).
 */
interface StoredMeta {
  station: CartTable | null;
  submission: Submission | null;
  rounds: Order[];
  problem: SubmitProblem | null;
  phoneId: string;
  shared: Omit<SharedState, "tableId"> & { stationId: string | null };
  /** The persist middleware's (always 1 so far); not read back. */
  version: number | undefined;
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
        phoneId: typeof fields.phoneId === "string" && isUuid(fields.phoneId) ? fields.phoneId : randomUuid(),
        shared: readShared(fields.shared),
        table: readTable(fields.station),
        submission: readSubmission(fields.submission),
        rounds: readRounds(fields.rounds),
        problem: readProblem(fields.problem),
      },
      // One layout so far; an unknown version number must not make zustand drop the whole cart.
      version: 1,
    };
  },
  setItem(_name, { state, version }: StorageValue<Persisted>) {
    try {
      localStorage.setItem(CART_KEY, JSON.stringify(state.cart));
      const { table, submission, rounds, problem, phoneId, shared } = state;
      const { tableId, ...rest } = shared;
      const meta: StoredMeta = { station: table, submission, rounds, problem, phoneId, shared: { stationId: tableId, ...rest }, version };
      localStorage.setItem(CART_META_KEY, JSON.stringify(meta));
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

/** The view of `shared`, in the cart's shape. */
function viewOf(shared: SharedState, phoneId: string): Cart {
  return toCart(localView(shared.server, shared.pending, phoneId));
}

/** The shared cart's lines as this phone shows them. */
export function sharedLines(state: Pick<CartState, "cart">): SharedLine[] {
  return cartLines(state.cart).filter((line): line is SharedLine => typeof (line as Partial<SharedLine>).lineId === "string");
}

type Draft = (CartOperation extends infer Op ? (Op extends CartOperation ? Omit<Op, "op_id" | "at"> : never) : never) & {
  display?: PendingDisplay;
};

export const useCart = create<CartState>()(
  persist(
    (set, get) => {
      /** Applies the diner's actions at once and queues them for the server (cart-sync.ts sends them). */
      const queue = (drafts: readonly Draft[]) => {
        const { shared, phoneId, submission } = get();
        if (drafts.length === 0 || !shared.tableId) return;
        // The sent order's locked view gives way: what the diner adds now is the table's next round.
        if (submission?.state === "submitted") set({ submission: null });
        let seen = shared.seen;
        const ops = drafts.map((draft) => {
          const at = nextStamp(Date.now(), seen);
          seen = at;
          return { ...draft, op_id: randomUuid(), at } as PendingOp;
        });
        const next = { ...shared, pending: [...shared.pending, ...ops], seen };
        set({ shared: next, cart: viewOf(next, phoneId), problem: null });
        queued?.();
      };
      const addDrafts = (lines: readonly AddedLine[]): Draft[] => {
        const view = localView(get().shared.server, get().shared.pending, get().phoneId);
        const drafts: Draft[] = [];
        for (const { product, options, note, quantity } of lines) {
          const selectedCustomizations: Record<string, SelectedOption> = {};
          for (const option of options) selectedCustomizations[option.id] = option;
          const cleaned = cleanNote(note);
          const count = Math.max(1, Math.min(MAX_QUANTITY, Math.floor(quantity)));
          const twin = ownTwin(view, get().phoneId, { id: product.id, selectedCustomizations, ...(cleaned ? { note: cleaned } : {}) });
          if (twin) {
            twin.quantity = Math.min(MAX_QUANTITY, twin.quantity + count);
            drafts.push({ type: "set_quantity", line_id: twin.lineId, quantity: twin.quantity });
            continue;
          }
          const lineId = randomUuid();
          view.push({
            ...({} as SharedLine),
            id: product.id,
            selectedCustomizations,
            ...(cleaned ? { note: cleaned } : {}),
            lineId,
            phoneId: get().phoneId,
            quantity: count,
          });
          drafts.push({
            type: "add_line",
            line_id: lineId,
            product_id: product.id,
            quantity: count,
            options: options.map((option) => option.id).sort((a, b) => a - b),
            ...(cleaned ? { note: cleaned } : {}),
            display: {
              name: product.name,
              description: product.description,
              price: product.price,
              customizedPrice: formatUnitPrice(product.price, options),
              options: [...options],
            },
          });
        }
        return drafts;
      };
      return {
        cart: {},
        phoneId: randomUuid(),
        shared: EMPTY_SHARED,
        table: null,
        submission: null,
        rounds: [],
        problem: null,
        add: (product, options, note) => queue(addDrafts([{ product, options, quantity: 1, ...(note ? { note } : {}) }])),
        addLines: (lines) => queue(addDrafts(lines)),
        removeOne(productId, key, lineId) {
          const line = sharedLines(get()).find((candidate) =>
            lineId ? candidate.lineId === lineId : candidate.id === productId && lineKey(candidate) === key,
          );
          if (!line) return;
          queue([
            line.quantity > 1
              ? { type: "set_quantity", line_id: line.lineId, quantity: line.quantity - 1 }
              : { type: "remove_line", line_id: line.lineId },
          ]);
        },
        addOne(lineId) {
          const line = sharedLines(get()).find((candidate) => candidate.lineId === lineId);
          if (!line || line.quantity >= MAX_QUANTITY) return;
          queue([{ type: "set_quantity", line_id: line.lineId, quantity: line.quantity + 1 }]);
        },
        setName: (name) => queue([{ type: "set_name", name: name.trim().slice(0, 24) }]),
        receiveCart(cart) {
          const { shared, phoneId } = get();
          if (cart.station_id !== shared.tableId || (shared.server && isNewer(shared.server, cart))) return;
          const next = { ...shared, server: cart, seen: latestStamp(shared.seen, cartStamp(cart)) };
          const order = cart.last_order;
          set({ shared: next, cart: viewOf(next, phoneId), ...(order ? { rounds: withRound(get().rounds, order) } : {}) });
          // Another phone sent the table's next round: this phone's sent view gives way to it, as when it adds itself.
          const { submission } = get();
          if (
            order &&
            submission?.state === "submitted" &&
            submission.order.id !== order.id &&
            order.created_at > submission.order.created_at
          ) {
            set({ submission: null });
          }
        },
        answered(opIds, cart) {
          const { shared, phoneId } = get();
          const next = {
            ...shared,
            pending: dropAnswered(
              shared.pending,
              opIds.map((op_id) => ({ op_id })),
            ),
          };
          set({ shared: next, cart: viewOf(next, phoneId) });
          if (cart) get().receiveCart(cart);
        },
        enterTable(table) {
          const { table: current, submission, shared, phoneId } = get();
          const otherBranch = current !== null && current.branchId !== table.branchId;
          const hadItems = Object.keys(get().cart).length > 0;
          if (shared.tableId !== table.id) {
            // Another table's cart is that table's (it stays on its server); this phone joins this table's.
            // A cart kept by an older version of the app (lines without ids) is added to the table's.
            const legacy = shared.tableId === null && !otherBranch ? cartLines(get().cart) : [];
            const next: SharedState = { ...EMPTY_SHARED, tableId: table.id, seen: shared.seen };
            set({ shared: next, cart: viewOf(next, phoneId), rounds: [] });
            if (legacy.length > 0 && submission === null) {
              queue(
                addDrafts(
                  legacy.map((line) => ({
                    product: { id: line.id, name: line.name, description: line.description, price: line.price } as Product,
                    options: Object.values(line.selectedCustomizations),
                    quantity: line.quantity,
                    ...(line.note ? { note: line.note } : {}),
                  })),
                ),
              );
            }
          }
          if (otherBranch) {
            set({ submission: null, problem: null, table });
            return hadItems;
          }
          // Last visit's order is over (served, cancelled, or from another day): start afresh.
          if (submission?.state === "submitted" && isOver(submission.order)) {
            set({ submission: null, problem: null, table });
            return false;
          }
          // A locked cart stays with the table it was sent from (its outbox entry carries that table).
          if (get().submission === null) set(current?.id === table.id ? { table } : { table, problem: null });
          return false;
        },
        setSubmission: (submission) =>
          set(submission?.state === "submitted" ? { submission, rounds: withRound(get().rounds, submission.order) } : { submission }),
        adoptOrder: (key, order) =>
          set({
            submission: { state: "submitted", key, order },
            rounds: withRound(get().rounds, order),
            table: get().table ?? { id: order.station_id, branchId: order.branch_id },
            problem: null,
          }),
        setProblem: (problem) => set({ problem }),
        updateOrder(order) {
          const { submission, shared, rounds } = get();
          const round = rounds.find((candidate) => candidate.id === order.id);
          if (round) set({ rounds: withRound(rounds, { ...round, ...order }) });
          if (submission?.state === "submitted" && submission.order.id === order.id) {
            set({ submission: { ...submission, order: { ...submission.order, ...order } } });
          }
          // The table's order, sent from this phone or another: every phone follows its status.
          if (shared.server?.last_order?.id === order.id) {
            set({ shared: { ...shared, server: { ...shared.server, last_order: { ...shared.server.last_order, ...order } } } });
          }
        },
        applyPrices: (updates) => set({ cart: applyPriceUpdates(get().cart, updates), problem: null }),
        // The table's lines stay (they are the table's, on the server); this phone's order screen starts afresh.
        clear: (keepTable = true) =>
          set(
            keepTable
              ? { submission: null, problem: null }
              : {
                  submission: null,
                  problem: null,
                  table: null,
                  rounds: [],
                  shared: { ...EMPTY_SHARED, seen: get().shared.seen },
                  cart: {},
                },
          ),
      };
    },
    {
      name: CART_KEY,
      version: 1,
      storage: cartStorage,
      partialize: ({ cart, phoneId, shared, table, submission, rounds, problem }) => ({
        cart,
        phoneId,
        shared,
        table,
        submission,
        rounds,
        problem,
      }),
    },
  ),
);

/** Called after the diner queued an operation (cart-sync.ts sends the queue); kept apart so this store loads no network code. */
let queued: (() => void) | null = null;
export function onQueued(listener: () => void): void {
  queued = listener;
}

const ORDER_LIFETIME_MS = 12 * 3_600_000;

/** An order the diner no longer needs to follow. */
export function isOver(order: Pick<Order, "status" | "created_at">, now = Date.now()): boolean {
  if (order.status === "served" || order.status === "cancelled") return true;
  const created = Date.parse(order.created_at);
  return Number.isFinite(created) && now - created > ORDER_LIFETIME_MS;
}

/**
 * The order the table's last submit made (from any phone at the table) while it is still worth
 * following; null once it is over, the cart was emptied, or for another table's cart.
 */
export function tableOrder(state: Pick<CartState, "shared">): Order | null {
  const { server, tableId } = state.shared;
  const order = server?.station_id === tableId ? server?.last_order : undefined;
  return order && !isOver(order) ? order : null;
}

/** True once the order left the cart (sending, queued or submitted): the cart page shows it locked. */
export function isLocked(state: Pick<CartState, "submission">): boolean {
  return state.submission !== null;
}

/** True while this phone's order is on its way (sending, or queued for the network): the next round waits for it. */
export function isSending(state: Pick<CartState, "submission">): boolean {
  return state.submission !== null && state.submission.state !== "submitted";
}

/** The visit ended: its rounds are history, the next party starts with none. */
export function forgetRounds(): void {
  useCart.setState({ rounds: [] });
}

// Another tab changed the cart (two tabs on one phone): pick it up rather than overwrite it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === CART_KEY || event.key === CART_META_KEY) void useCart.persist.rehydrate();
  });
}
