/** Orders as stored (a snapshot of names and prices) and as the API returns them. */
import { and, asc, desc, eq, gt, inArray, max, sql, type SQL } from "drizzle-orm";
import type { OrderStatus } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { Order } from "../../contract/schemas";
import type { Db, DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { optionGroups, options, orderLines, orders, products, stations } from "../db/schema";
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

/**
 * What placing an order runs, prepared once. The id lists of the catalog queries travel as one JSON
 * array (json_each), so one statement serves any number of lines.
 */
const statements = preparedFor((db) => {
  const ids = sql.placeholder("ids");
  return {
    station: db
      .select({ id: stations.id, branchId: stations.branchId, codename: stations.codename })
      .from(stations)
      .where(eq(stations.id, sql.placeholder("id")))
      .prepare(),
    // Walks the orders_station_created index backwards from the newest order, reading at most `skip` + 1 entries.
    nthNewestSince: db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(and(eq(orders.stationId, sql.placeholder("stationId")), gt(orders.createdAt, sql.placeholder("since"))))
      .orderBy(desc(orders.createdAt))
      .limit(1)
      .offset(sql.placeholder("skip"))
      .prepare(),
    lastNumber: db
      .select({ number: max(orders.number) })
      .from(orders)
      .where(eq(orders.branchId, sql.placeholder("branchId")))
      .prepare(),
    insertOrder: db
      .insert(orders)
      .values({
        id: sql.placeholder("id"),
        branchId: sql.placeholder("branchId"),
        number: sql.placeholder("number"),
        stationId: sql.placeholder("stationId"),
        stationCodename: sql.placeholder("stationCodename"),
        status: "received",
        subtotalCents: sql.placeholder("subtotalCents"),
        taxCents: sql.placeholder("taxCents"),
        totalCents: sql.placeholder("totalCents"),
        createdAt: sql.placeholder("createdAt"),
        updatedAt: sql.placeholder("createdAt"),
      })
      .prepare(),
    insertLine: db
      .insert(orderLines)
      .values({
        orderId: sql.placeholder("orderId"),
        position: sql.placeholder("position"),
        productId: sql.placeholder("productId"),
        name: sql.placeholder("name"),
        quantity: sql.placeholder("quantity"),
        unitPriceCents: sql.placeholder("unitPriceCents"),
        lineTotalCents: sql.placeholder("lineTotalCents"),
        options: sql.placeholder("options"),
      })
      .prepare(),
    products: db
      .select({ id: products.id, branchId: products.branchId, name: products.name, priceCents: products.priceCents, available: products.available })
      .from(products)
      .where(sql`${products.id} in (select value from json_each(${ids}))`)
      .prepare(),
    optionRows: db
      .select({ group: optionGroups, option: options })
      .from(optionGroups)
      .leftJoin(options, eq(options.groupId, optionGroups.id))
      .where(sql`${optionGroups.productId} in (select value from json_each(${ids}))`)
      .orderBy(asc(optionGroups.position), asc(options.position))
      .prepare(),
  };
});

/** The table an order is placed at; `id` lower-case. */
export function findOrderStation(db: Db, id: string) {
  return statements(db).station.get({ id });
}

/**
 * When the table may order again: undefined while it has fewer than `limit` orders created after
 * `since`; otherwise the creation time of the `limit`-th newest of them — once that one is older than
 * the window, the table is below its limit again.
 */
export function limitReachedBy(db: Db, stationId: string, since: string, limit: number): string | undefined {
  return statements(db).nthNewestSince.get({ stationId, since, skip: limit - 1 })?.createdAt;
}

/**
 * Stores the order and its lines and returns it as the API shows it, built from what was written.
 * Call inside an IMMEDIATE transaction: the next number per branch is read and used under its write lock
 * (and the unique index on (branch, number) would refuse a duplicate anyway).
 */
export function insertOrder(db: Db, order: NewOrder): Order {
  const q = statements(db);
  const number = (q.lastNumber.get({ branchId: order.branchId })?.number ?? 0) + 1;
  const row: OrderRow = {
    id: order.id,
    branchId: order.branchId,
    number,
    stationId: order.stationId,
    stationCodename: order.stationCodename,
    status: "received",
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  };
  q.insertOrder.run(row);
  const lines: LineRow[] = order.lines.map((line, position) => ({
    orderId: order.id,
    position,
    productId: line.productId,
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
    options: line.options.map((o) => ({ id: o.id, name: o.name, priceCents: o.priceCents })),
  }));
  for (const line of lines) q.insertLine.run(line);
  return toOrder(row, lines);
}

export function setOrderStatus(db: DbOrTx, id: string, status: OrderStatus, updatedAt: string): void {
  db.update(orders).set({ status, updatedAt }).where(eq(orders.id, id)).run();
}

/** The products an order refers to, with their option groups: what pricing needs, in two queries. */
export function loadCatalog(db: Db, productIds: number[]): Map<number, CatalogProduct> {
  const catalog = new Map<number, CatalogProduct>();
  if (productIds.length === 0) return catalog;
  const q = statements(db);
  const ids = JSON.stringify(productIds);
  for (const row of q.products.all({ ids })) catalog.set(row.id, { ...row, groups: [] });
  const groups = new Map<number, CatalogProduct["groups"][number]>();
  for (const { group, option } of q.optionRows.all({ ids })) {
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
