/** Orders as stored (a snapshot of names and prices) and as the API returns them. */
import { and, asc, desc, eq, inArray, max, type SQL } from "drizzle-orm";
import type { OrderStatus } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { Order } from "../../contract/schemas";
import type { DbOrTx } from "../db/client";
import { optionGroups, options, orderLines, orders, products } from "../db/schema";
import type { CatalogProduct, PricedLine } from "./pricing";

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    station_id: row.stationId,
    station_codename: row.stationCodename,
    branch_id: row.branchId,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      quantity: line.quantity,
      unit_price: formatCents(line.unitPriceCents),
      options: line.options.map((o) => ({ id: o.id, name: o.name, price: formatCents(o.priceCents) })),
      line_total: formatCents(line.lineTotalCents),
    })),
    subtotal: formatCents(row.subtotalCents),
    tax: formatCents(row.taxCents),
    total: formatCents(row.totalCents),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function withLines(db: DbOrTx, rows: OrderRow[]): Order[] {
  if (rows.length === 0) return [];
  const lines = db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.position))
    .all();
  const byOrder = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId);
    if (list) list.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}

export function findOrder(db: DbOrTx, id: string): Order | undefined {
  const row = db.select().from(orders).where(eq(orders.id, id)).get();
  return row && withLines(db, [row])[0];
}

export interface OrderFilter {
  branchId: number;
  statuses?: OrderStatus[];
  /** Lower-case, as stations are stored. */
  stationId?: string;
  limit: number;
}

export function listOrders(db: DbOrTx, filter: OrderFilter): Order[] {
  const conditions: SQL[] = [eq(orders.branchId, filter.branchId)];
  if (filter.statuses) conditions.push(inArray(orders.status, filter.statuses));
  if (filter.stationId !== undefined) conditions.push(eq(orders.stationId, filter.stationId));
  const rows = db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(filter.limit)
    .all();
  return withLines(db, rows);
}

export interface NewOrder {
  id: string;
  branchId: number;
  stationId: string;
  stationCodename: string;
  lines: PricedLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  createdAt: string;
}

export function insertOrder(db: DbOrTx, order: NewOrder): Order {
  const last = db.select({ number: max(orders.number) }).from(orders).where(eq(orders.branchId, order.branchId)).get();
  db.insert(orders)
    .values({
      id: order.id,
      branchId: order.branchId,
      number: (last?.number ?? 0) + 1,
      stationId: order.stationId,
      stationCodename: order.stationCodename,
      status: "received",
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
    })
    .run();
  db.insert(orderLines)
    .values(
      order.lines.map((line, position) => ({
        orderId: order.id,
        position,
        productId: line.productId,
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
        options: line.options.map((o) => ({ id: o.id, name: o.name, priceCents: o.priceCents })),
      })),
    )
    .run();
  return findOrder(db, order.id)!;
}

export function setOrderStatus(db: DbOrTx, id: string, status: OrderStatus, updatedAt: string): void {
  db.update(orders).set({ status, updatedAt }).where(eq(orders.id, id)).run();
}

/** The products an order refers to, with their option groups: what pricing needs, in two queries. */
export function loadCatalog(db: DbOrTx, productIds: number[]): Map<number, CatalogProduct> {
  const catalog = new Map<number, CatalogProduct>();
  if (productIds.length === 0) return catalog;
  const rows = db.select().from(products).where(inArray(products.id, productIds)).all();
  const optionRows = db
    .select({ group: optionGroups, option: options })
    .from(optionGroups)
    .leftJoin(options, eq(options.groupId, optionGroups.id))
    .where(inArray(optionGroups.productId, productIds))
    .orderBy(asc(optionGroups.position), asc(options.position))
    .all();
  for (const row of rows) {
    catalog.set(row.id, { id: row.id, branchId: row.branchId, name: row.name, priceCents: row.priceCents, available: row.available, groups: [] });
  }
  const groups = new Map<number, CatalogProduct["groups"][number]>();
  for (const { group, option } of optionRows) {
    let entry = groups.get(group.id);
    if (!entry) {
      entry = { name: group.name, exclusive: group.exclusive, required: group.required, options: [] };
      groups.set(group.id, entry);
      catalog.get(group.productId)?.groups.push(entry);
    }
    if (option) entry.options.push({ id: option.id, name: option.name, priceCents: option.priceCents });
  }
  return catalog;
}
