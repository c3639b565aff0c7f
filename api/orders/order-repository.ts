/** Orders as stored (a snapshot of names and prices): the orders module's own queries and writes. */
import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { OrderStatus, PrepArea } from "../../contract/menu";
import type { Order } from "../../contract/schemas";
import type { Db } from "../db/database";
import { constant, preparedQuery, tablesOf } from "../db/dialect";
import { visitStateColumns, type VisitStateColumns } from "../visits/visit-service";
import { AWAITING_KITCHEN } from "./kitchen-order-queries";
import { toOrder, withLines, type LineRow, type OrderRow } from "./order-queries";
import { MAX_ORDERS_AHEAD } from "./ready-estimate";
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
  number: number;
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

/** What placing an order reads of the database about its table and branch, before it writes anything. */
export interface OrderContext extends VisitStateColumns {
  /** The request hash stored with the order's Idempotency-Key: the key was used before. */
  storedRequestHash: string | null;
  /** When the table may order again without a staff OK (see `limitReachedBy`); null while it is below its limit. */
  limitReachedAt: string | null;
  /** The branch's open orders ahead of this one, counted up to MAX_ORDERS_AHEAD. */
  openAhead: number;
  /** The branch's last order number (null before its first order). */
  lastNumber: number | null;
}

// Everything in one statement, each part one lookup in an index (a statement is what an order pays for,
// more than the rows it reads): the key in idempotency_keys' primary key; the table's limit walks
// orders_station_created backwards from the newest order, reading at most `skip` + 1 accepted entries
// (orders held for a staff OK, which have a cap of their own, and held ones turned down are passed over;
// released ones count from their placement); the queue reads orders_branch_status alone, never more
// than MAX_ORDERS_AHEAD entries; the last number reads orders_branch_number; the visit's parts are the
// visits module's. The row exists when the table does.
// The code's constants (statuses, the cap) are written into the statement (`constant`), and only what
// varies per order is bound.
const orderContext = preparedQuery("order_context", (db, t) => {
  const { orders, idempotencyKeys, diningTables } = t;
  const tableId = sql.placeholder("tableId");
  const branchId = sql.placeholder("branchId");
  const accepted = and(
    sql`${orders.status} <> ${constant("held")}`,
    or(sql`${orders.status} <> ${constant("cancelled")}`, isNull(orders.heldUntil)),
  );
  const nthNewestSince = sql`select ${orders.createdAt} from ${orders}
    where ${and(eq(orders.tableId, tableId), gt(orders.createdAt, sql.placeholder("since")), accepted)}
    order by ${orders.createdAt} desc limit 1 offset ${sql.placeholder("skip")}`;
  // Only the index's own columns: counting reads orders_branch_status, not each order's row.
  const openOrders = sql`select 1 from ${orders}
    where ${orders.branchId} = ${branchId} and ${orders.status} in (${sql.join(AWAITING_KITCHEN.map(constant), sql`, `)})
    limit ${constant(MAX_ORDERS_AHEAD)}`;
  return db
    .select({
      storedRequestHash: sql<
        string | null
      >`(select ${idempotencyKeys.requestHash} from ${idempotencyKeys} where ${idempotencyKeys.key} = ${sql.placeholder("key")})`,
      limitReachedAt: sql<string | null>`(${nthNewestSince})`.mapWith(orders.createdAt),
      openAhead: sql<number>`(select count(*) from (${openOrders}) as open_orders)`.mapWith(Number),
      lastNumber: sql<number | null>`(select max(${orders.number}) from ${orders} where ${orders.branchId} = ${branchId})`.mapWith(Number),
      ...visitStateColumns(t, tableId),
    })
    .from(diningTables)
    .where(eq(diningTables.id, tableId));
});

export interface OrderContextQuery {
  tableId: string;
  branchId: number;
  /** null: the order came without one. */
  idempotencyKey: string | null;
  /** The table's order limit (0: none) and the start of the window it counts accepted orders in. */
  limit: number;
  since: string;
}

/**
 * Reads the order's context in one statement. Call it inside the order's transaction once the locks
 * that guard these decisions are held (on PostgreSQL the statement sees what was committed when it
 * began). undefined: the table is gone.
 */
export async function readOrderContext(tx: Db, query: OrderContextQuery): Promise<OrderContext | undefined> {
  const [row] = await orderContext(tx).execute({
    tableId: query.tableId,
    branchId: query.branchId,
    key: query.idempotencyKey,
    since: query.since,
    skip: Math.max(query.limit - 1, 0),
  });
  return row && { ...row, limitReachedAt: query.limit > 0 ? row.limitReachedAt : null };
}

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

const LINE_COLUMNS = [
  "orderId",
  "position",
  "productId",
  "name",
  "quantity",
  "unitPriceCents",
  "lineTotalCents",
  "options",
  "note",
  "prepArea",
] as const satisfies readonly (keyof LineRow)[];

// An order's lines in one INSERT, prepared once per connection and number of lines.
const insertLineRows = new Map<number, ReturnType<typeof linesInsert>>();

function linesInsert(count: number) {
  return preparedQuery(`insert_order_lines_${count}`, (db, t) =>
    db
      .insert(t.orderLines)
      .values(
        Array.from({ length: count }, (_, i) =>
          Object.fromEntries(LINE_COLUMNS.map((column) => [column, sql.placeholder(`${column}${i}`)])),
        ) as [],
      ),
  );
}

async function insertLines(tx: Db, lines: readonly LineRow[]): Promise<void> {
  let insert = insertLineRows.get(lines.length);
  if (!insert) insertLineRows.set(lines.length, (insert = linesInsert(lines.length)));
  const values: Record<string, unknown> = {};
  lines.forEach((line, i) => {
    for (const column of LINE_COLUMNS) values[`${column}${i}`] = line[column];
  });
  await insert(tx).execute(values);
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
 * Stores the order and its lines (two statements) and returns it as the API shows it, built from what
 * was written. `number` is the branch's next one, read under its lock (the order's context): the unique
 * index on (branch, number) would refuse a duplicate anyway.
 */
export async function insertOrder(tx: Db, order: NewOrder): Promise<Order> {
  const row: OrderRow = {
    id: order.id,
    branchId: order.branchId,
    number: order.number,
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
  await insertLines(tx, lines);
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
