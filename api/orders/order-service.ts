/** Placing and advancing orders: each is one transaction, with its event, so nothing is half-written. */
import { v7 as timeOrderedUuid } from "uuid";
import { canTransition, PREP_AREAS, type PrepArea } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { ApiErrorDetail, Order, OrderCreate, OrderPatch } from "../../contract/schemas";
import type { Db } from "../db/database";
import { lockAllInTransaction, lockInTransaction } from "../db/dialect";
import { recordEvent, recordEvents } from "../events/event-log-service";
import { visitEvents, visitStateOf } from "../visits/visit-service";
import { enqueueOrderTickets } from "../printers/print-job-service";
import { ApiHttpError, badRequest, conflict, notFound, NotFoundError, RetryLaterError } from "../lib/errors";
import { loadCatalog, type CatalogProduct } from "../menu/catalog-queries";
import { announceProducts, takeStock } from "../menu/menu-service";
import type { ServiceDeps } from "../service-deps";
import { findDiningTable } from "../dining-tables/dining-table-queries";
import { branchTimeAt } from "../branches/branch-queries";
import { findStoredResponse, hashRequest, pruneExpiredKeysHourly, storeResponse, type StoredResponse } from "./idempotency-queries";
import { findOrder } from "./order-queries";
import { heldOrdersAt, insertOrder, readOrderContext, setOrderProgress } from "./order-repository";
import { priceOrder } from "./pricing";
import { estimateReadyAt } from "./ready-estimate";

/** The window TABLE_ORDER_LIMIT counts a table's accepted orders in. */
export const TABLE_ORDER_WINDOW_MS = 10 * 60_000;

/** How many of a table's orders may wait for a staff OK at once; one more is 429. */
export const MAX_HELD_PER_TABLE = 10;

/** 429 (with `Retry-After`) for a table past its order limit with MAX_HELD_PER_TABLE orders already held. */
export class TableOrderLimitError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      "rate_limited",
      "This table has sent a lot of orders in the last few minutes, and several are waiting for a server's OK. Please wait a moment, or ask a server for help.",
      retryAfterSeconds,
    );
  }
}

export interface PlacedOrder {
  status: number;
  /** The exact JSON answered the first time: a replay answers byte for byte the same. */
  json: string;
  /** The order placed by this call; absent for a replay. */
  order?: Order;
}

/**
 * What the idempotency key's request hash covers: the order as parsed, a blank note the same as
 * none (a phone that sends "" on a retry of an order sent without one is sending the same order).
 */
function hashedOrder(input: OrderCreate): OrderCreate {
  return { ...input, products: input.products.map(({ note, ...line }) => (note ? { ...line, note } : line)) };
}

/** The counted products an order takes, with how many of each over all its lines. */
function countedStockWanted(lines: readonly { productId: number; quantity: number }[], catalog: ReadonlyMap<number, CatalogProduct>) {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (catalog.get(line.productId)?.stock !== null) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  }
  return [...wanted].map(([productId, quantity]) => ({ productId, quantity }));
}

const unknownTable = () => notFound("unknown_station", "This table's code is not known. Please scan the QR code on your table again.");

/** The answer stored with a key, for a retry of the same order; 422 for a key used for another one. */
function replay(stored: StoredResponse, requestHash: string): PlacedOrder {
  if (stored.requestHash !== requestHash) {
    throw new ApiHttpError(422, "idempotency_key_reused", "This Idempotency-Key was already used for a different order.");
  }
  return { status: stored.statusCode, json: stored.body };
}

/**
 * One transaction: the replay check, the table's limit, pricing, the counted stock, the order, its
 * events and its idempotency record. Two submissions with one key cannot both pass the check, and
 * two from one table cannot both count the table's orders below its limit: on SQLite every write
 * transaction holds the database's write lock; on PostgreSQL the order takes its advisory locks first,
 * in the one order every service uses (key → table → order numbers → counted products' rows → event
 * append), before it reads anything they guard.
 *
 * What an order reads is a budget (tests/api/order-statement-budget.test.ts): the table, the catalog,
 * the branch and its printers come from memory (reference data); everything else it needs of the
 * database is one statement (the order's context); then the order, its lines, its key and its events
 * are one INSERT each. Counted products, a held order, a replay and a branch's printers add their own.
 */
export async function placeOrder(deps: ServiceDeps, input: OrderCreate, idempotencyKey: string | undefined): Promise<PlacedOrder> {
  const { database, config: limits } = deps;
  const now = deps.clock.now();
  const requestHash = hashRequest(hashedOrder(input));
  return database.transaction(async (db): Promise<PlacedOrder> => {
    const diningTable = await findDiningTable(db, input.station_id);
    if (!diningTable) {
      // A retry of an order accepted before its table was removed is still answered.
      if (idempotencyKey) await lockInTransaction(db, "idempotencyKey", idempotencyKey);
      const stored = idempotencyKey && (await findStoredResponse(db, idempotencyKey));
      if (stored) return replay(stored, requestHash);
      throw unknownTable();
    }
    const { id: tableId, branchId } = diningTable;
    await lockAllInTransaction(db, [
      ...(idempotencyKey ? [["idempotencyKey", idempotencyKey] as const] : []),
      ["station", tableId],
      ["branchOrderNumbers", branchId],
    ]);
    const context = await readOrderContext(db, {
      tableId,
      branchId,
      idempotencyKey: idempotencyKey ?? null,
      limit: limits.tableOrderLimit,
      since: new Date(now.getTime() - TABLE_ORDER_WINDOW_MS).toISOString(),
    });
    // Before the limit: a retry of an accepted order is answered even when the table is at its limit.
    if (idempotencyKey && context?.storedRequestHash != null) return replay((await findStoredResponse(db, idempotencyKey))!, requestHash);
    if (!context) throw unknownTable();
    if (branchId !== input.branch_id) {
      throw badRequest("branch_mismatch", "This table belongs to another branch; the order was not placed.");
    }

    // Per table, never per address: every diner in the restaurant shares one Wi-Fi address. Past the
    // limit the order is held for a staff OK rather than refused, so a photographed code cannot lock
    // the table's real diners out; only a pile of held orders is refused.
    let held = false;
    const blocking = context.limitReachedAt;
    if (blocking !== null) {
      if ((await heldOrdersAt(db, branchId, tableId, MAX_HELD_PER_TABLE)) >= MAX_HELD_PER_TABLE) {
        // When the table's orders are accepted again without an OK. Clamped to the window: an
        // instance whose clock runs ahead may have stamped that order "later".
        const waitMs = Math.min(Date.parse(blocking) + TABLE_ORDER_WINDOW_MS - now.getTime(), TABLE_ORDER_WINDOW_MS);
        throw new TableOrderLimitError(Math.max(1, Math.ceil(waitMs / 1000)));
      }
      held = true;
    }

    // Read before this order moves the table's last activity: does it begin a visit?
    const visit = visitStateOf(context, now);
    const catalog = await loadCatalog(db, branchId);
    // Happy hour is decided by the moment the server accepts the order, not when the phone priced its cart.
    const { weekday, happyHour } = await branchTimeAt(db, branchId, now);
    const priced = priceOrder(input.products, input.branch_id, catalog, weekday, happyHour);
    if (!priced.ok) throw new ApiHttpError(priced.status, priced.code, priced.message, priced.details);
    if (priced.totals.subtotal > limits.maxOrderTotalCents) {
      const cap = formatCents(limits.maxOrderTotalCents);
      const subtotal = formatCents(priced.totals.subtotal);
      throw new ApiHttpError(
        422,
        "order_too_large",
        `This order comes to $${subtotal} before tax, more than the $${cap} one order can be. Please ask a server to help with a large order.`,
        [{ path: "products", message: `The subtotal is at most ${cap}.`, max_total: cap, subtotal }],
      );
    }

    // Uncounted products (nearly all) cost nothing here; a counted one is taken by a conditional update.
    // A held order takes its stock when staff release it; one for more than is left now is refused
    // as any order would be.
    const counted = countedStockWanted(priced.lines, catalog);
    const stockWanted = held ? [] : counted;
    const short = held
      ? counted
          .filter((w) => w.quantity > catalog.get(w.productId)!.stock!)
          .map((w) => ({ productId: w.productId, left: catalog.get(w.productId)!.stock! }))
      : stockWanted.length > 0
        ? await takeStock(db, stockWanted)
        : [];
    if (short.length > 0) throw soldOutError(input, catalog, short);

    const order = await insertOrder(db, {
      // Time-ordered (UUIDv7, 74 random bits): each new order lands at the end of every index keyed by
      // order id (orders, their lines, their events) instead of dirtying a random page of each, which
      // the commit then writes out; measured under load, it halved the p99 of placing an order.
      id: timeOrderedUuid(),
      number: (context.lastNumber ?? 0) + 1,
      status: held ? "held" : "received",
      branchId,
      tableId,
      tableCodename: diningTable.codename,
      lines: priced.lines,
      subtotalCents: priced.totals.subtotal,
      taxCents: priced.totals.tax,
      totalCents: priced.totals.total,
      createdAt: now.toISOString(),
      estimatedReadyAt: estimateReadyAt(
        now,
        priced.lines.map((line) => line.prepMinutes),
        context.openAhead,
      ).toISOString(),
    });
    const json = JSON.stringify(order);
    if (idempotencyKey) {
      await storeResponse(db, idempotencyKey, { requestHash, statusCode: 201, body: json }, now);
      await pruneExpiredKeysHourly(database, db, now);
    }
    if (!held) await enqueueOrderTickets(db, order, now);
    await recordEvents(
      db,
      [
        ...visitEvents(diningTable, visit, now),
        { branchId, type: "order.created", orderId: order.id, tableId: order.station_id, payload: order, json },
      ],
      now,
    );
    // Open menus show the new counts ("3 left", sold out).
    await announceProducts(
      db,
      stockWanted.map((w) => w.productId),
      now,
    );
    return { status: 201, json, order };
  });
}

/** 409 sold_out for every line of a product whose stock ran short while the order was being placed. */
function soldOutError(
  input: OrderCreate,
  catalog: ReadonlyMap<number, CatalogProduct>,
  short: readonly { productId: number; left: number }[],
): ApiHttpError {
  const details: ApiErrorDetail[] = [];
  input.products.forEach((line, index) => {
    const found = short.find((s) => s.productId === line.id);
    if (!found) return;
    const name = catalog.get(line.id)?.name ?? `Product ${line.id}`;
    const message = found.left === 0 ? `${name} is sold out.` : `Only ${found.left} ${name} left.`;
    details.push({ index, product_id: line.id, name, left: found.left, message });
  });
  return new ApiHttpError(409, "sold_out", `Sold out: ${[...new Set(details.map((d) => d.name))].join(", ")}.`, details);
}

/**
 * A staff change to an order: a new status, or a prep station's bump or its recall. Releasing a held
 * order (held → received) takes its counted stock in the same transaction, with the rule placing an
 * order has (409 sold_out when stock ran out meanwhile), and starts its kitchen clocks: the ready
 * estimate and the unseen-order alarm count from the release.
 */
export async function updateOrder(deps: ServiceDeps, id: string, patch: OrderPatch): Promise<Order> {
  const now = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    // Two boards bumping one order at once must not each write their own station over the other's.
    await lockInTransaction(tx, "order", id);
    const order = await findOrder(tx, id);
    if (!order) throw new NotFoundError("order_not_found");
    const next = patch.status ? nextStatus(order, patch.status) : patch.bumped ? bump(order, patch.bumped) : recall(order, patch.recalled!);
    if (!next) return order;
    const updated: Order = { ...order, ...next, updated_at: now.toISOString() };
    const released = order.status === "held" && updated.status === "received";
    const decided = order.status === "held"; // released or turned down
    if (released) {
      const stockWanted = await releasedStockWanted(tx, order);
      const short = stockWanted.length > 0 ? await takeStock(tx, stockWanted) : [];
      if (short.length > 0) throw releaseSoldOutError(order, short);
      await announceProducts(
        tx,
        stockWanted.map((w) => w.productId),
        now,
      );
      // The wait it was given when placed, from now.
      if (order.estimated_ready_at) {
        updated.estimated_ready_at = new Date(
          Date.parse(order.estimated_ready_at) + now.getTime() - Date.parse(order.created_at),
        ).toISOString();
      }
    }
    await setOrderProgress(tx, id, {
      status: updated.status,
      bumped: updated.bumped,
      updatedAt: updated.updated_at!,
      // The unseen-order alarm counts from the release, as from a placement (api/kitchen); a held
      // order turned down does not count against its table's limit.
      ...(decided && { heldUntil: updated.updated_at! }),
      ...(released && updated.estimated_ready_at && { estimatedReadyAt: updated.estimated_ready_at }),
    });
    if (released) await enqueueOrderTickets(tx, updated, now);
    await recordEvent(
      tx,
      {
        branchId: updated.branch_id,
        type: "order.updated",
        orderId: id,
        tableId: updated.station_id,
        payload: updated,
      },
      now,
    );
    return updated;
  });
}

/** The counted products a held order takes when released (a product deleted since is not counted). */
async function releasedStockWanted(tx: Db, order: Order) {
  const catalog = await loadCatalog(tx, order.branch_id);
  const counted = order.lines.filter((line) => catalog.has(line.product_id));
  return countedStockWanted(
    counted.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    catalog,
  );
}

/** 409 sold_out for a release: every line of a product whose stock ran out while the order was held. */
function releaseSoldOutError(order: Order, short: readonly { productId: number; left: number }[]): ApiHttpError {
  const details: ApiErrorDetail[] = [];
  order.lines.forEach((line, index) => {
    const found = short.find((s) => s.productId === line.product_id);
    if (!found) return;
    const message = found.left === 0 ? `${line.name} is sold out.` : `Only ${found.left} ${line.name} left.`;
    details.push({ index, product_id: line.product_id, name: line.name, left: found.left, message });
  });
  return new ApiHttpError(
    409,
    "sold_out",
    `Sold out: ${[...new Set(details.map((d) => d.name))].join(", ")}. Turn the order down, or change the stock first.`,
    details,
  );
}

type OrderChange = Pick<Order, "status" | "bumped">;

function refuseTransition(order: Order, status: Order["status"]): never {
  throw conflict("invalid_transition", `An order that is ${order.status} cannot become ${status}.`, [
    { path: "status", message: `current status: ${order.status}`, current: order.status },
  ]);
}

/** undefined: nothing to change (already so). */
function nextStatus(order: Order, status: Order["status"]): OrderChange | undefined {
  if (order.status === status) return undefined;
  if (!canTransition(order.status, status)) refuseTransition(order, status);
  return { status, bumped: order.bumped };
}

function prepAreasOf(order: Order): PrepArea[] {
  return PREP_AREAS.filter((area) => order.lines.some((line) => line.prep_station === area));
}

function checkPrepArea(order: Order, area: PrepArea, field: "bumped" | "recalled"): void {
  if (!prepAreasOf(order).includes(area)) {
    throw conflict("not_at_station", `Order #${order.number} has nothing for the ${area}.`, [
      { path: field, message: `the order's stations: ${prepAreasOf(order).join(", ")}` },
    ]);
  }
  if (order.status === "held" || order.status === "served" || order.status === "cancelled") {
    const why = order.status === "held" ? "waiting for a staff OK" : order.status;
    throw conflict("invalid_transition", `Order #${order.number} is ${why}; its bumps cannot change.`, [
      { path: field, message: `current status: ${order.status}`, current: order.status },
    ]);
  }
}

/** The station's part is done: the order is being prepared at least, and ready once every station has bumped it. */
function bump(order: Order, area: PrepArea): OrderChange | undefined {
  checkPrepArea(order, area, "bumped");
  if (order.bumped.includes(area)) return undefined;
  const bumped = PREP_AREAS.filter((s) => s === area || order.bumped.includes(s));
  const allDone = prepAreasOf(order).every((s) => bumped.includes(s));
  return { bumped, status: allDone ? "ready" : order.status === "received" ? "preparing" : order.status };
}

/** Undoes the station's bump: an order that was ready is being prepared again. */
function recall(order: Order, area: PrepArea): OrderChange | undefined {
  checkPrepArea(order, area, "recalled");
  if (!order.bumped.includes(area)) return undefined;
  return { bumped: order.bumped.filter((s) => s !== area), status: order.status === "ready" ? "preparing" : order.status };
}
