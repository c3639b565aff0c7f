/**
 * What the sales reports (api/reports) read: a branch's orders placed in [start, end), aggregated in the database.
 * Each query walks the orders_branch_created index over the range only.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { OrderStatus } from "../../contract/menu";
import type { Db } from "../db/database";
import { epochHour, tablesOf } from "../db/dialect";

export interface ReportRange {
  branchId: number;
  /** ISO-8601 UTC instants: from `start` (included) to `end` (excluded). */
  start: string;
  end: string;
}

export interface HourSales {
  /** Whole hours since 1970, UTC. */
  epochHour: number;
  orders: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** What a report does not count: orders turned down, and orders still waiting for a staff OK. */
const NOT_SOLD: OrderStatus[] = ["cancelled", "held"];

const cents = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

function inRange(db: Db, range: ReportRange) {
  const { orders } = tablesOf(db);
  return and(eq(orders.branchId, range.branchId), gte(orders.createdAt, range.start), lt(orders.createdAt, range.end));
}

/** The range's orders, neither cancelled nor held, counted and summed per UTC hour (hours without orders left out). */
export async function salesByHour(db: Db, range: ReportRange): Promise<HourSales[]> {
  const { orders } = tablesOf(db);
  const hour = epochHour(db, orders.createdAt);
  return db
    .select({
      epochHour: hour,
      orders: sql<number>`count(*)`.mapWith(Number),
      subtotalCents: cents(orders.subtotalCents),
      taxCents: cents(orders.taxCents),
      totalCents: cents(orders.totalCents),
    })
    .from(orders)
    .where(and(inRange(db, range), notInArray(orders.status, NOT_SOLD)))
    .groupBy(hour)
    .orderBy(asc(hour));
}

export interface ProductSales {
  productId: number;
  name: string;
  quantity: number;
  totalCents: number;
}

/** The products sold most in the range (by quantity, then by takings), cancelled and held orders left out. */
export async function topProducts(db: Db, range: ReportRange, limit: number): Promise<ProductSales[]> {
  const { orders, orderLines } = tablesOf(db);
  const quantity = sql<number>`sum(${orderLines.quantity})`.mapWith(Number);
  const total = cents(orderLines.lineTotalCents);
  return db
    .select({
      productId: orderLines.productId,
      // Lines keep the name the product had when ordered; a renamed product shows one of its names.
      name: sql<string>`max(${orderLines.name})`,
      quantity,
      totalCents: total,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(inRange(db, range), notInArray(orders.status, NOT_SOLD)))
    .groupBy(orderLines.productId)
    .orderBy(desc(quantity), desc(total), asc(orderLines.productId))
    .limit(limit);
}

export interface ReportOrder {
  number: number;
  createdAt: string;
  table: string;
  status: OrderStatus;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Set once the order's tab is closed. */
  tabId: string | null;
}

/** Every order of the range, cancelled and held ones included (with their status), in the order they were placed. */
export async function ordersInRange(db: Db, range: ReportRange): Promise<ReportOrder[]> {
  const { orders } = tablesOf(db);
  return db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      table: orders.tableCodename,
      status: orders.status,
      subtotalCents: orders.subtotalCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      tabId: orders.tabId,
    })
    .from(orders)
    .where(inRange(db, range))
    .orderBy(asc(orders.createdAt), asc(orders.number));
}

/** How many orders the given tabs billed (neither cancelled nor held). */
export async function billedOrdersOnTabs(db: Db, tabIds: readonly string[]): Promise<number> {
  if (tabIds.length === 0) return 0;
  const { orders } = tablesOf(db);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(inArray(orders.tabId, [...tabIds]), notInArray(orders.status, ["cancelled", "held"])));
  return Number(row?.n ?? 0);
}
