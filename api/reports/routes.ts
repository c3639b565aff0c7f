import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import { RESTAURANT_TIME_ZONE } from "../../contract/menu";
import { restaurantDayRange } from "../../contract/restaurant-time";
import { findBranch } from "../branches/branch-queries";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { ordersInRange, salesByHour, topProducts, type ReportRange } from "../orders/sales-queries";
import { tabPayments } from "../tabs/tab-payment-queries";
import { ordersCsv, salesReport, TOP_PRODUCTS } from "./sales-report";
import { dayReport, dayReportCsv, printDayReport, setCashCount } from "./day-report-service";

export function reportRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  /** The query's days, whole, in the branch's time zone (branches.time_zone), and that zone. */
  const rangeOf = async (query: { branch_id: number; from: string; to: string }): Promise<ReportRange & { timeZone: string }> => {
    const branchId = knownBranch(query.branch_id);
    const timeZone = (await findBranch(ctx.database.db, branchId))?.time_zone ?? RESTAURANT_TIME_ZONE;
    const { start, end } = restaurantDayRange(query.from, query.to, timeZone);
    return { branchId, start: start.toISOString(), end: end.toISOString(), timeZone };
  };

  serveEndpoint(app, endpoints.salesReport, async ({ c, query }) => {
    const range = await rangeOf(query);
    const { db } = ctx.database;
    const [hours, products] = await Promise.all([salesByHour(db, range), topProducts(db, range, TOP_PRODUCTS)]);
    c.header("Cache-Control", "no-store");
    return salesReport(hours, products, range.timeZone);
  });

  serveEndpoint(app, endpoints.ordersReportCsv, async ({ c, query }) => {
    const range = await rangeOf(query);
    const { db } = ctx.database;
    // Orders first: a tab an order names was committed with it, so the second read finds it. A tab
    // holding an order of the range closed after the order was placed, so after `start` (an hour's
    // margin for instances whose clocks differ).
    const orders = await ordersInRange(db, range);
    const payments = await tabPayments(db, range.branchId, new Date(Date.parse(range.start) - 3_600_000).toISOString());
    const csv = ordersCsv(orders, payments, range.timeZone);
    const name = query.from === query.to ? query.from : `${query.from}_${query.to}`;
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-branch-${range.branchId}-${name}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  serveEndpoint(app, endpoints.dayReport, async ({ c, query }) => {
    c.header("Cache-Control", "no-store");
    return dayReport(ctx, query.branch_id, query.date);
  });

  serveEndpoint(app, endpoints.dayReportCsv, async ({ c, query }) => {
    const { csv, date } = await dayReportCsv(ctx, query.branch_id, query.date);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="day-branch-${query.branch_id}-${date}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  serveEndpoint(app, endpoints.setCashCount, async ({ c, body }) => setCashCount(ctx, c.get("staff")!, body));

  serveEndpoint(app, endpoints.printDayReport, async ({ body }) => printDayReport(ctx, body));

  return app;
}
