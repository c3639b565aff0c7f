/**
 * Orders as the API returns them, read by id: what other modules (the kitchen, the carts, the live
 * streams) may ask of the orders' tables. The orders' writes are in order-repository.ts.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { formatCents } from "../../contract/money";
import type { Order } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";

export type OrderRow = Tables["orders"]["$inferSelect"];
export type LineRow = Tables["orderLines"]["$inferSelect"];

export function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    station_id: row.tableId,
    station_codename: row.tableCodename,
    branch_id: row.branchId,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      quantity: line.quantity,
      unit_price: formatCents(line.unitPriceCents),
      options: line.options.map((o) => ({ id: o.id, name: o.name, price: formatCents(o.priceCents) })),
      line_total: formatCents(line.lineTotalCents),
      ...(line.note !== "" && { note: line.note }),
      prep_station: line.prepArea,
    })),
    subtotal: formatCents(row.subtotalCents),
    tax: formatCents(row.taxCents),
    total: formatCents(row.totalCents),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    seen_at: row.seenAt,
    bumped: row.bumped,
    estimated_ready_at: row.estimatedReadyAt,
  };
}

/** Orders as the API shows them, each with its lines. */
export async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const { orderLines } = tablesOf(db);
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.position));
  const byOrder = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId);
    if (list) list.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}

export async function findOrder(db: Db, id: string): Promise<Order | undefined> {
  const { orders } = tablesOf(db);
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row && (await withLines(db, [row]))[0];
}

export async function orderExists(db: Db, id: string): Promise<boolean> {
  const { orders } = tablesOf(db);
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1)).length > 0;
}

/** Orders by id, with their lines, in no particular order. */
export async function findOrders(db: Db, ids: readonly string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const { orders } = tablesOf(db);
  return withLines(
    db,
    await db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids])),
  );
}
