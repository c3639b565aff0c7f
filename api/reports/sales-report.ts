/** The sales report and the orders CSV, shaped from what orders/sales-queries.ts reads. */
import { stringify } from "csv-stringify/sync";
import { RESTAURANT_TIME_ZONE, type PaymentMethod } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import { restaurantClock, restaurantDateTime } from "../../contract/restaurant-time";
import type { SalesReport } from "../../contract/schemas";
import { escapeFormula } from "../lib/spreadsheet-cell";
import type { HourSales, ProductSales, ReportOrder } from "../orders/sales-queries";

export const TOP_PRODUCTS = 10;
const HOUR_MS = 3_600_000;

/**
 * Totals, and the orders per hour of the branch's day (0–23, local time in `timeZone`). Toronto's
 * offset is a whole number of hours, so each UTC hour falls within one local hour; on the fall-back
 * night the two 01:00 hours add up in hour 1, and on the spring-forward night hour 2 stays empty. (A
 * zone with a half-hour offset would count each UTC hour in the local hour it starts in.)
 */
export function salesReport(hours: HourSales[], products: ProductSales[], timeZone = RESTAURANT_TIME_ZONE): SalesReport {
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, totalCents: 0 }));
  const sums = { orders: 0, subtotal: 0, tax: 0, total: 0 };
  for (const sales of hours) {
    const bucket = byHour[restaurantClock(sales.epochHour * HOUR_MS, timeZone).hour]!;
    bucket.orders += sales.orders;
    bucket.totalCents += sales.totalCents;
    sums.orders += sales.orders;
    sums.subtotal += sales.subtotalCents;
    sums.tax += sales.taxCents;
    sums.total += sales.totalCents;
  }
  return {
    orders: sums.orders,
    subtotal: formatCents(sums.subtotal),
    tax: formatCents(sums.tax),
    total: formatCents(sums.total),
    by_hour: byHour.map(({ hour, orders, totalCents }) => ({ hour, orders, total: formatCents(totalCents) })),
    top_products: products.map((p) => ({ product_id: p.productId, name: p.name, quantity: p.quantity, total: formatCents(p.totalCents) })),
  };
}

export const ORDERS_CSV_COLUMNS = ["number", "created_at", "table", "status", "subtotal", "tax", "total", "paid_with"] as const;

/** One row per order; times in the branch's local time (`timeZone`), money as "13.99". */
export function ordersCsv(orders: ReportOrder[], payments: ReadonlyMap<string, PaymentMethod>, timeZone = RESTAURANT_TIME_ZONE): string {
  return stringify(
    orders.map((order) => [
      order.number,
      restaurantDateTime(Date.parse(order.createdAt), timeZone),
      escapeFormula(order.table),
      order.status,
      formatCents(order.subtotalCents),
      formatCents(order.taxCents),
      formatCents(order.totalCents),
      (order.tabId && payments.get(order.tabId)) ?? "",
    ]),
    { header: true, columns: [...ORDERS_CSV_COLUMNS], record_delimiter: "\r\n" },
  );
}
