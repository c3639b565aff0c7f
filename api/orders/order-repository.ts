/** Orders as stored (a snapshot of names and prices): the orders module's own queries and writes. */
import { and, desc, eq, gt, inArray, isNull, max, ne, or, sql, type SQL } from "drizzle-orm";
import type { OrderStatus, PrepArea } from "../../contract/menu";
import type { Order } from "../../contract/schemas";
import type { Db } from "../db/database";
import { preparedQuery, tablesOf } from "../db/dialect";
import { toOrder, withLines, type LineRow, type OrderRow } from "./order-queries";
import type { PricedLine } from "./pricing";

export interface OrderFilter {
  branchId: number;
  statuses?: OrderStatus[];
  /** Lower-case, as stations are stored. */
  tableId?: string;
  limit: number;
}

export async function listOrders(db: Db, filter: OrderFilter): Promise<Order[]> {
  const { orders } = tablesOf(db);
  const conditions: SQL[] = [eq(orders.branchId, filter.branchId)];
  if (filter.statuses) conditions.push(inArray(orders.status, filter.statuses));
  if (filter.tableId !== undefined) conditions.push(eq(orders.tableId, filter.tableId));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(filter.limit);
  return withLines(db, rows);
}

export interface NewOrder {
  id: string;
  /** `held` past the table's limit: waiting for a staff OK. */
  status: "received" | "held";
  branchId: number;
  tableId: string;
  tableCodename: string;
  lines: PricedLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  createdAt: string;
  estimatedReadyAt: string;
}

// What placing an order runs, prepared once per connection. The catalog queries take their id list
// as one JSON array, so one statement serves any number of lines.
// Walks the orders_station_created index backwards from the newest order, reading at most `skip` + 1
// accepted entries: orders held for a staff OK (they have a cap of their own), and held ones staff
// turned down, are passed over; released ones count from their placement, as any order.
const nthNewestSince = preparedQuery("order_nth_newest_since", (db, t) =>
  db
    .select({ createdAt: t.orders.createdAt })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.tableId, sql.placeholder("tableId")),
        gt(t.orders.createdAt, sql.placeholder("since")),
        ne(t.orders.status, "held"),
        or(ne(t.orders.status, "cancelled"), isNull(t.orders.heldUntil)),
      ),
    )
    .orderBy(desc(t.orders.createdAt))
    .limit(1)
    .offset(sql.placeholder("skip")),
);

const lastNumber = preparedQuery("order_last_number", (db, t) =>
  db
    .select({ number: max(t.orders.number) })
    .from(t.orders)
    .where(eq(t.orders.branchId, sql.placeholder("branchId"))),
);

const insertOrderRow = preparedQuery("insert_order", (db, t) =>
  db.insert(t.orders).values({
    id: sql.placeholder("id"),
    branchId: sql.placeholder("branchId"),
    number: sql.placeholder("number"),
    tableId: sql.placeholder("tableId"),
    tableCodename: sql.placeholder("tableCodename"),
    status: sql.placeholder("status"),
    subtotalCents: sql.placeholder("subtotalCents"),
    taxCents: sql.placeholder("taxCents"),
    totalCents: sql.placeholder("totalCents"),
    createdAt: sql.placeholder("createdAt"),
    updatedAt: sql.placeholder("createdAt"),
    estimatedReadyAt: sql.placeholder("estimatedReadyAt"),
  }),
);

const insertLineRow = preparedQuery("insert_order_line", (db, t) =>
  db.insert(t.orderLines).values({
    orderId: sql.placeholder("orderId"),
    position: sql.placeholder("position"),
    productId: sql.placeholder("productId"),
    name: sql.placeholder("name"),
    quantity: sql.placeholder("quantity"),
    unitPriceCents: sql.placeholder("unitPriceCents"),
    lineTotalCents: sql.placeholder("lineTotalCents"),
    options: sql.placeholder("options"),
    note: sql.placeholder("note"),
    prepArea: sql.placeholder("prepArea"),
  }),
);

// The branch's open orders, read through the orders_branch_status index and never more than `cap` of them.
const openOrders = preparedQuery("order_open_ahead", (db, t) =>
  db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(and(eq(t.orders.branchId, sql.placeholder("branchId")), inArray(t.orders.status, ["received", "preparing"])))
    .limit(sql.placeholder("cap")),
);

/** How many orders the branch's kitchen has open (received or preparing), counted up to `cap`. */
export async function openOrdersAhead(db: Db, branchId: number, cap: number): Promise<number> {
  return (await openOrders(db).execute({ branchId, cap })).length;
}

// The branch's held orders through the orders_branch_status index (a few at most), then the table's.
const heldAt = preparedQuery("order_held_at_table", (db, t) =>
  db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.branchId, sql.placeholder("branchId")),
        eq(t.orders.status, "held"),
        eq(t.orders.tableId, sql.placeholder("tableId")),
      ),
    )
    .limit(sql.placeholder("cap")),
);

/** How many of the table's orders wait for a staff OK now, counted up to `cap`. */
export async function heldOrdersAt(db: Db, branchId: number, tableId: string, cap: number): Promise<number> {
  return (await heldAt(db).execute({ branchId, tableId, cap })).length;
}

/**
 * When the table may order again without a staff OK: undefined while it has fewer than `limit` accepted orders created after
 * `since`; otherwise the creation time of the `limit`-th newest of them — once that one is older than
 * the window, the table is below its limit again.
 */
export async function limitReachedBy(db: Db, tableId: string, since: string, limit: number): Promise<string | undefined> {
  const [row] = await nthNewestSince(db).execute({ tableId, since, skip: limit - 1 });
  return row?.createdAt;
}

/**
 * Stores the order and its lines and returns it as the API shows it, built from what was written.
 * Call inside an IMMEDIATE transaction: the next number per branch is read and used under its write lock
 * (and the unique index on (branch, number) would refuse a duplicate anyway).
 */
export async function insertOrder(tx: Db, order: NewOrder): Promise<Order> {
  const [last] = await lastNumber(tx).execute({ branchId: order.branchId });
  const number = (last?.number ?? 0) + 1;
  const row: OrderRow = {
    id: order.id,
    branchId: order.branchId,
    number,
    tableId: order.tableId,
    tableCodename: order.tableCodename,
    status: order.status,
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
    seenAt: null,
    unseenAlertedAt: null,
    heldUntil: null,
    bumped: [],
    estimatedReadyAt: order.estimatedReadyAt,
    tabId: null,
  };
  await insertOrderRow(tx).execute(row);
  const lines: LineRow[] = order.lines.map((line, position) => ({
    orderId: order.id,
    position,
    productId: line.productId,
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
    options: line.options.map((o) => ({ id: o.id, name: o.name, priceCents: o.priceCents })),
    note: line.note,
    prepArea: line.prepArea,
  }));
  for (const line of lines) await insertLineRow(tx).execute(line);
  return toOrder(row, lines);
}

/** A staff change: the status, and the prep stations that have bumped the order (a bump can make it ready). */
export async function setOrderProgress(
  tx: Db,
  id: string,
  change: { status: OrderStatus; bumped: PrepArea[]; updatedAt: string; estimatedReadyAt?: string; heldUntil?: string },
): Promise<void> {
  const { orders } = tablesOf(tx);
  await tx.update(orders).set(change).where(eq(orders.id, id));
}
