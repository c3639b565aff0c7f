/**
 * The shared table cart (docs/decisions/0010): phones' operations merged under the table's lock, the
 * one submit through the order service, and the hygiene that empties a forgotten cart. Every write is
 * one transaction that records `cart.updated` for the table's stream and announces it after commit.
 */
import { formatCents, totalsFromSubtotal } from "../../contract/money";
import {
  MAX_ORDER_LINES,
  type ApiErrorDetail,
  type CartOperation,
  type CartOperationsAnswer,
  type CartOperationsBody,
  type CartSubmit,
  type Order,
  type OrderCreate,
  type SentLine,
  type TableCart,
} from "../../contract/schemas";
import type { Db } from "../db/database";
import { lockInTransaction } from "../db/dialect";
import { loadCatalog, type CatalogProduct } from "../menu/catalog-queries";
import { recordEvent } from "../events/event-log-service";
import { continueOrBeginVisit, endVisit, visitState } from "../visits/visit-service";
import { ApiHttpError, conflict, NotFoundError, RetryLaterError } from "../lib/errors";
import { findStoredResponse, hashRequest, storeResponse } from "../orders/idempotency-queries";
import { findOrder } from "../orders/order-queries";
import { placeOrder } from "../orders/order-service";
import type { ServiceDeps } from "../service-deps";
import { priceOrder } from "../orders/pricing";
import { branchTimeAt } from "../branches/branch-queries";
import { findDiningTable } from "../dining-tables/dining-table-queries";
import { applyOperations, phoneDisplayName, stampTime, type MergeLine } from "./cart-merge";
import {
  deleteCartLines,
  ensureCart,
  findCart,
  findCartLines,
  findOrderCartLines,
  handledOperationIds,
  hasCartLines,
  insertCartLine,
  insertOperationIds,
  markLinesSubmitted,
  operationLimitReachedBy,
  pruneOperationIds,
  renamePhoneLines,
  updateCart,
  updateCartLine,
  type CartRow,
} from "./cart-repository";

/** A cart nobody has written to for this long is emptied by its next read or write. */
export const CART_IDLE_MS = 3 * 3_600_000;
/** Operation ids are remembered this long (a replay within it is recognised). */
export const CART_OPERATION_RETENTION_MS = 24 * 3_600_000;
/** Operations a table's phones may send together per minute. */
export const CART_OPERATIONS_PER_MINUTE = 300;
export const CART_OPERATION_WINDOW_MS = 60_000;
export const CART_MAX_PHONES = 30;
/** How long a submit may hold the cart frozen before another phone may take over. */
export const CART_SUBMIT_LEASE_MS = 30_000;

const diningTableMissing = () => new NotFoundError("station_not_found");

async function knownDiningTable(db: Db, tableId: string) {
  const diningTable = await findDiningTable(db, tableId);
  if (!diningTable) throw diningTableMissing();
  return diningTable;
}

const isIdle = (cart: CartRow, now: Date) => Date.parse(cart.updatedAt) < now.getTime() - CART_IDLE_MS;
const leaseHeld = (cart: CartRow, now: Date) =>
  cart.submittingVersion !== null && cart.submittingAt !== null && Date.parse(cart.submittingAt) > now.getTime() - CART_SUBMIT_LEASE_MS;

// ---------- the cart as phones see it ----------

const emptyView = (tableId: string, branchId: number, version: number, now: Date): TableCart => ({
  station_id: tableId,
  branch_id: branchId,
  version,
  submitting: false,
  priced_at: now.toISOString(),
  lines: [],
  ...formatTotals(0),
});

function formatTotals(subtotalCents: number) {
  const totals = totalsFromSubtotal(subtotalCents);
  return { subtotal: formatCents(totals.subtotal), tax: formatCents(totals.tax), total: formatCents(totals.total) };
}

/**
 * Prices every open line by the order pricing. A line the menu no longer allows (sold out, gone, its
 * options changed) stays in the cart, marked unavailable, so the diner sees why a submit would fail.
 */
async function cartView(db: Db, cart: CartRow, now: Date): Promise<TableCart> {
  const open = await findCartLines(db, cart.tableId, true);
  const catalog = await loadCatalog(db, cart.branchId);
  const orderable = new Map<number, CatalogProduct>();
  for (const { productId } of open) {
    const product = catalog.get(productId);
    if (product) orderable.set(productId, { ...product, available: true });
  }
  const { weekday, happyHour } = await branchTimeAt(db, cart.branchId, now);
  const phones = new Map(cart.phones.map((phone) => [phone.phoneId, phoneDisplayName(phone)]));
  let subtotal = 0;
  const view: TableCart = {
    ...emptyView(cart.tableId, cart.branchId, cart.version, now),
    submitting: leaseHeld(cart, now),
    lines: open.map((line) => {
      const priced = priceOrder(
        [{ id: line.productId, quantity: line.quantity, selectedCustomizations: line.options, note: line.note || undefined }],
        cart.branchId,
        orderable,
        weekday,
        happyHour,
      );
      const pricedLine = priced.ok ? priced.lines[0] : undefined;
      if (pricedLine) subtotal += pricedLine.lineTotalCents;
      return {
        line_id: line.lineId,
        phone_id: line.phoneId,
        phone_name: phones.get(line.phoneId) ?? "Phone",
        product_id: line.productId,
        name: pricedLine?.name ?? catalog.get(line.productId)?.name ?? "An item no longer on the menu",
        quantity: line.quantity,
        options: pricedLine?.options.map((o) => ({ id: o.id, name: o.name, price: formatCents(o.priceCents) })) ?? [],
        ...(line.note && { note: line.note }),
        unit_price: formatCents(pricedLine?.unitPriceCents ?? 0),
        line_total: formatCents(pricedLine?.lineTotalCents ?? 0),
        available: pricedLine !== undefined && catalog.get(line.productId)!.available,
        changed_at: stampTime(line.stamp),
      };
    }),
  };
  Object.assign(view, formatTotals(subtotal));
  const lastOrder = cart.lastOrderId ? await findOrder(db, cart.lastOrderId) : undefined;
  if (lastOrder) {
    view.last_order = lastOrder;
    const sent = await sentLines(db, cart.tableId, lastOrder, phones);
    if (sent) view.last_order_lines = sent;
  }
  return view;
}

/**
 * The order's lines with who added each: the order was placed from the cart's lines in their order, one
 * order line each, so the two lists line up. Undefined if they do not (an order placed before cart lines
 * remembered their order): the phones then show the order's lines without their authors.
 */
async function sentLines(db: Db, tableId: string, order: Order, phones: ReadonlyMap<string, string>): Promise<SentLine[] | undefined> {
  const lines = await findOrderCartLines(db, tableId, order.id);
  const matches =
    lines.length === order.lines.length &&
    lines.every((line, i) => line.productId === order.lines[i]!.product_id && line.quantity === order.lines[i]!.quantity);
  if (!matches) return undefined;
  return order.lines.map((orderLine, i) => {
    const line = lines[i]!;
    return { ...orderLine, line_id: line.lineId, phone_id: line.phoneId, phone_name: phones.get(line.phoneId) ?? line.phoneName };
  });
}

async function recordCartUpdated(tx: Db, cart: CartRow, now: Date): Promise<TableCart> {
  const view = await cartView(tx, cart, now);
  await recordEvent(tx, { branchId: cart.branchId, type: "cart.updated", tableId: cart.tableId, payload: view }, now);
  return view;
}

// ---------- emptying ----------

/** Empties the cart in `tx` (the table's lock held): a new session of the table starts from nothing. */
async function emptyCartIn(tx: Db, cart: CartRow, now: Date): Promise<CartRow> {
  await deleteCartLines(tx, cart.tableId);
  await pruneOperationIds(tx, cart.tableId, new Date(now.getTime() - CART_OPERATION_RETENTION_MS).toISOString());
  const changes = {
    phones: [],
    lastOrderId: null,
    submittingVersion: null,
    submittingAt: null,
    version: cart.version + 1,
    updatedAt: now.toISOString(),
  };
  await updateCart(tx, cart.tableId, changes);
  return { ...cart, ...changes };
}

const hasContent = async (db: Db, cart: CartRow) =>
  cart.phones.length > 0 || cart.lastOrderId !== null || (await hasCartLines(db, cart.tableId));

/**
 * Empties the table's cart in the caller's transaction — what closing the table's tab does. Takes the
 * table's lock, so call it before the transaction records its own events (the lock order is key →
 * table → order numbers → event append). Records `cart.updated`; the caller announces after commit.
 * Returns whether there was anything to empty.
 */
export async function emptyCart(tx: Db, tableId: string, now: Date): Promise<boolean> {
  await lockInTransaction(tx, "station", tableId);
  const cart = await findCart(tx, tableId);
  if (!cart || !(await hasContent(tx, cart))) return false;
  await recordCartUpdated(tx, await emptyCartIn(tx, cart, now), now);
  return true;
}

// ---------- reading ----------

/** The table's cart; one left untouched for CART_IDLE_MS is emptied first. */
export async function readCart({ database, clock }: ServiceDeps, tableId: string): Promise<TableCart> {
  const now = clock.now();
  const diningTable = await knownDiningTable(database.db, tableId);
  const cart = await findCart(database.db, diningTable.id);
  if (!cart) return emptyView(diningTable.id, diningTable.branchId, 0, now);
  if (!isIdle(cart, now) || !(await hasContent(database.db, cart))) return cartView(database.db, cart, now);
  const view = await database.transaction(async (tx) => {
    await lockInTransaction(tx, "station", diningTable.id);
    const current = await findCart(tx, diningTable.id);
    if (!current || !isIdle(current, now) || !(await hasContent(tx, current))) return undefined;
    // Read before the emptying writes the cart: the visit may have gone idle with it.
    const visit = await visitState(tx, diningTable.id, now);
    const emptied = await recordCartUpdated(tx, await emptyCartIn(tx, current, now), now);
    if (visit.lapsed) await endVisit(tx, diningTable, "idle", now);
    return emptied;
  });
  return view ?? cartView(database.db, (await findCart(database.db, diningTable.id))!, now);
}

// ---------- operations ----------

/** The phone's clock, normalised so stamps compare as strings, and never later than the server's. */
function normaliseTime(operation: CartOperation, now: Date): CartOperation {
  return { ...operation, at: new Date(Math.min(Date.parse(operation.at), now.getTime())).toISOString() };
}

/**
 * Every `add_line` checked as an order line is (the order pricing), before anything is applied: one bad
 * operation refuses the whole request, with details naming each bad operation.
 */
async function validateAdds(tx: Db, operations: CartOperation[], branchId: number, handled: Set<string>, now: Date): Promise<void> {
  const adds = operations.flatMap((op, index) => (op.type === "add_line" && !handled.has(op.op_id) ? [{ op, index }] : []));
  if (adds.length === 0) return;
  const catalog = await loadCatalog(tx, branchId);
  const { weekday } = await branchTimeAt(tx, branchId, now);
  const priced = priceOrder(
    adds.map(({ op }) => ({ id: op.product_id, quantity: op.quantity, selectedCustomizations: op.options, note: op.note })),
    branchId,
    catalog,
    weekday,
  );
  if (priced.ok) return;
  const details = priced.details.map((detail) => {
    const add = typeof detail.index === "number" ? adds[detail.index] : undefined;
    return add ? { ...detail, index: add.index, op_id: add.op.op_id, message: `Operation ${add.index + 1}: ${detail.message}` } : detail;
  });
  const code = priced.code === "invalid_order" ? "invalid_operation" : priced.code;
  throw new ApiHttpError(priced.status, code, details[0]?.message ?? priced.message, details);
}

async function checkOperationRate(tx: Db, tableId: string, count: number, now: Date): Promise<void> {
  if (count === 0) return;
  const since = new Date(now.getTime() - CART_OPERATION_WINDOW_MS).toISOString();
  const blocking = await operationLimitReachedBy(tx, tableId, since, CART_OPERATIONS_PER_MINUTE - count + 1);
  if (blocking === undefined) return;
  const waitMs = Math.min(Date.parse(blocking) + CART_OPERATION_WINDOW_MS - now.getTime(), CART_OPERATION_WINDOW_MS);
  throw new RetryLaterError(
    429,
    "rate_limited",
    "This table's phones have changed the cart very often in the last minute. Please wait a moment.",
    Math.max(1, Math.ceil(waitMs / 1000)),
  );
}

/** A phone's operations, applied once each under the table's lock (docs/decisions/0010). */
export async function applyCartOperations(
  { database, clock }: ServiceDeps,
  tableId: string,
  body: CartOperationsBody,
): Promise<CartOperationsAnswer> {
  const now = clock.now();
  const operations = body.operations.map((op) => normaliseTime(op, now));
  return database.transaction(async (tx) => {
    const diningTable = await knownDiningTable(tx, tableId);
    await lockInTransaction(tx, "station", diningTable.id);
    // Read before this change moves the table's last activity: does it begin a visit?
    const visit = await visitState(tx, diningTable.id, now);
    let cart = await ensureCart(tx, diningTable.id, diningTable.branchId, now);
    let emptied = false;
    if (isIdle(cart, now) && (await hasContent(tx, cart))) {
      cart = await emptyCartIn(tx, cart, now);
      emptied = true;
    }
    if (leaseHeld(cart, now)) {
      throw new RetryLaterError(
        409,
        "cart_submitting",
        "The table's order is being sent right now. Your change will follow in a moment.",
        1,
      );
    }

    const handled = await handledOperationIds(
      tx,
      operations.map((op) => op.op_id),
    );
    const fresh = new Set(operations.filter((op) => !handled.has(op.op_id)).map((op) => op.op_id));
    await checkOperationRate(tx, diningTable.id, fresh.size, now);
    await validateAdds(tx, operations, diningTable.branchId, handled, now);

    const before = await findCartLines(tx, diningTable.id);
    const outcome = applyOperations(
      { lines: new Map(before.map((line) => [line.lineId, line])), phones: cart.phones },
      body.phone_id,
      operations,
      (opId) => handled.has(opId),
      { maxLines: MAX_ORDER_LINES, maxPhones: CART_MAX_PHONES },
    );
    await insertOperationIds(tx, diningTable.id, [...fresh], now);

    const names = new Map(outcome.state.phones.map((phone) => [phone.phoneId, phoneDisplayName(phone)]));
    const existing = new Set(before.map((line) => line.lineId));
    for (const lineId of outcome.changedLines) {
      const line = outcome.state.lines.get(lineId)!;
      if (existing.has(lineId)) await updateCartLine(tx, diningTable.id, line, now);
      else await insertCartLine(tx, diningTable.id, line, names.get(line.phoneId)!, now);
    }
    if (outcome.phonesChanged) {
      const previous = new Map(cart.phones.map((phone) => [phone.phoneId, phoneDisplayName(phone)]));
      for (const phone of outcome.state.phones) {
        if (previous.has(phone.phoneId) && previous.get(phone.phoneId) !== names.get(phone.phoneId)) {
          await renamePhoneLines(tx, diningTable.id, phone, names.get(phone.phoneId)!);
        }
      }
    }

    const changed = emptied || outcome.applied > 0;
    const changes = {
      ...(outcome.phonesChanged && { phones: [...outcome.state.phones] }),
      ...(changed && { version: cart.version + 1, updatedAt: now.toISOString() }),
    };
    if (Object.keys(changes).length > 0) await updateCart(tx, diningTable.id, changes);
    cart = { ...cart, ...changes };
    if (changed) await continueOrBeginVisit(tx, diningTable, visit, now);
    const view = changed ? await recordCartUpdated(tx, cart, now) : await cartView(tx, cart, now);
    return { cart: view, results: outcome.results };
  });
}

// ---------- the one submit ----------

export interface SubmittedCart {
  status: number;
  /** The order's JSON exactly as first answered, so a replay answers byte for byte the same. */
  json: string;
  replayed: boolean;
}

const submitKey = (tableId: string, key: string) => `table-cart submit ${tableId} ${key}`;
// The space keeps it out of reach of any client's Idempotency-Key (visible characters only).
const orderKey = (tableId: string, version: number) => `table-cart order ${tableId} ${version}`;

type Claim = { replay: SubmittedCart } | { lines: MergeLine[]; branchId: number; tableId: string };

/**
 * Sends the table's cart as one order: claim (freeze the cart at the phone's version), place it through
 * `placeOrder` (which runs its own transaction), finish (the lines become the sent round). Two phones
 * submitting one version reach `placeOrder` with one key, so the kitchen gets one order; the first to
 * finish answers 201, the other 409 `cart_already_submitted`. See docs/decisions/0010.
 */
export async function submitTableCart(
  deps: ServiceDeps,
  tableId: string,
  body: CartSubmit,
  idempotencyKey: string | undefined,
): Promise<SubmittedCart> {
  const { database } = deps;
  const now = deps.clock.now();
  const requestHash = hashRequest({ version: body.version });
  const replayOf = async (tx: Db, key: string): Promise<SubmittedCart | undefined> => {
    await lockInTransaction(tx, "idempotencyKey", key);
    const stored = await findStoredResponse(tx, key);
    if (!stored) return undefined;
    if (stored.requestHash !== requestHash) {
      throw new ApiHttpError(422, "idempotency_key_reused", "This Idempotency-Key was already used to submit another version of the cart.");
    }
    return { status: stored.statusCode, json: stored.body, replayed: true };
  };
  const alreadySubmitted = (cart: CartRow) =>
    conflict("cart_already_submitted", "Another phone at the table has just sent this order.", [
      { order_id: cart.lastOrderId ?? "", message: "The table's order was sent from another phone." },
    ]);

  const claim = await database.transaction(async (tx): Promise<Claim> => {
    const diningTable = await knownDiningTable(tx, tableId);
    const key = idempotencyKey && submitKey(diningTable.id, idempotencyKey);
    const replay = key && (await replayOf(tx, key));
    if (replay) return { replay };
    await lockInTransaction(tx, "station", diningTable.id);
    const cart = await findCart(tx, diningTable.id);
    if (cart && cart.submittedVersion === body.version && cart.lastOrderId) throw alreadySubmitted(cart);
    if ((cart?.version ?? 0) !== body.version) {
      throw conflict("cart_changed", "The table's cart has changed since this phone last saw it. Please check it and send again.", [
        { path: "version", version: cart?.version ?? 0, message: `The cart is at version ${cart?.version ?? 0}.` },
      ]);
    }
    const lines = cart && !isIdle(cart, now) ? await findCartLines(tx, diningTable.id, true) : [];
    if (!cart || lines.length === 0) throw conflict("cart_empty", "The table's cart is empty.");
    if (!(leaseHeld(cart, now) && cart.submittingVersion === body.version)) {
      await updateCart(tx, diningTable.id, { submittingVersion: body.version, submittingAt: now.toISOString() });
    }
    return { lines, branchId: diningTable.branchId, tableId: diningTable.id };
  });
  if ("replay" in claim) return claim.replay;

  const order: OrderCreate = {
    station_id: claim.tableId,
    branch_id: claim.branchId,
    products: claim.lines.map((line) => ({
      id: line.productId,
      quantity: line.quantity,
      selectedCustomizations: line.options,
      ...(line.note && { note: line.note }),
    })),
  };
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  try {
    placed = await placeOrder(deps, order, orderKey(claim.tableId, body.version));
  } catch (error) {
    await database.transaction(async (tx) => {
      await lockInTransaction(tx, "station", claim.tableId);
      const cart = await findCart(tx, claim.tableId);
      if (cart?.submittingVersion === body.version) await updateCart(tx, claim.tableId, { submittingVersion: null, submittingAt: null });
    });
    throw withLineIds(error, claim.lines);
  }
  const orderId = (JSON.parse(placed.json) as { id: string }).id;

  return database.transaction(async (tx): Promise<SubmittedCart> => {
    const key = idempotencyKey && submitKey(claim.tableId, idempotencyKey);
    const replay = key && (await replayOf(tx, key));
    if (replay) return replay;
    await lockInTransaction(tx, "station", claim.tableId);
    const cart = (await findCart(tx, claim.tableId))!;
    if (cart.submittedVersion === body.version) throw alreadySubmitted(cart);
    await markLinesSubmitted(
      tx,
      claim.tableId,
      claim.lines.map((line) => line.lineId),
      orderId,
      now,
    );
    const changes = {
      submittedVersion: body.version,
      lastOrderId: orderId,
      submittingVersion: null,
      submittingAt: null,
      version: cart.version + 1,
      updatedAt: now.toISOString(),
    };
    await updateCart(tx, claim.tableId, changes);
    if (key) await storeResponse(tx, key, { requestHash, statusCode: placed.status, body: placed.json }, now);
    await recordCartUpdated(tx, { ...cart, ...changes }, now);
    return { status: placed.status, json: placed.json, replayed: false };
  });
}

/** The order's refusal, its details naming the cart's lines (`line_id`) as well as their index. */
function withLineIds(error: unknown, lines: MergeLine[]): unknown {
  if (!(error instanceof ApiHttpError) || !error.details || error instanceof RetryLaterError) return error;
  const details: ApiErrorDetail[] = error.details.map((detail) => {
    const line = typeof detail.index === "number" ? lines[detail.index] : undefined;
    return line ? { ...detail, line_id: line.lineId } : detail;
  });
  return new ApiHttpError(error.status, error.code, error.message, details);
}
