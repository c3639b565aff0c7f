/**
 * Which branch a staff request is about, so that api/lib/endpoint.ts can refuse a branch that is not
 * the account's (403 `forbidden`) for every staff endpoint alike: the `branch_id` of its query or body,
 * or the branch of the table, order, product, call, printer, check, adjustment or payment its path names (or the branch itself). The latter is one primary-key
 * lookup per request, done here rather than in each module's repository so that no route can forget it
 * (docs/decisions/0023-staff-roles.md); a branch never changes once a row has one.
 */
import { eq } from "drizzle-orm";
import type { MissingCode } from "../../contract/endpoints";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

/** The branch of what a path's id names, or undefined when there is no such row (the route then answers its 404). */
export async function branchOfResource(db: Db, kind: MissingCode, id: unknown): Promise<number | undefined> {
  const t = tablesOf(db);
  const first = (rows: { branchId: number }[]) => rows[0]?.branchId;
  switch (kind) {
    case "station_not_found":
      return first(
        await db
          .select({ branchId: t.diningTables.branchId })
          .from(t.diningTables)
          .where(eq(t.diningTables.id, String(id)))
          .limit(1),
      );
    case "order_not_found":
      return first(
        await db
          .select({ branchId: t.orders.branchId })
          .from(t.orders)
          .where(eq(t.orders.id, String(id)))
          .limit(1),
      );
    case "product_not_found":
      return first(
        await db
          .select({ branchId: t.products.branchId })
          .from(t.products)
          .where(eq(t.products.id, Number(id)))
          .limit(1),
      );
    case "call_not_found":
      return first(
        await db
          .select({ branchId: t.calls.branchId })
          .from(t.calls)
          .where(eq(t.calls.id, String(id)))
          .limit(1),
      );
    case "printer_not_found":
      return first(
        await db
          .select({ branchId: t.printers.branchId })
          .from(t.printers)
          .where(eq(t.printers.id, Number(id)))
          .limit(1),
      );
    case "tab_not_found":
      // A closed tab's row, or (an open check's id is its first order's) that order.
      return (
        first(
          await db
            .select({ branchId: t.tabs.branchId })
            .from(t.tabs)
            .where(eq(t.tabs.id, String(id)))
            .limit(1),
        ) ??
        first(
          await db
            .select({ branchId: t.orders.branchId })
            .from(t.orders)
            .where(eq(t.orders.id, String(id)))
            .limit(1),
        )
      );
    case "adjustment_not_found":
      return first(
        await db
          .select({ branchId: t.tabAdjustments.branchId })
          .from(t.tabAdjustments)
          .where(eq(t.tabAdjustments.id, String(id)))
          .limit(1),
      );
    case "payment_not_found":
      return first(
        await db
          .select({ branchId: t.tabPayments.branchId })
          .from(t.tabPayments)
          .where(eq(t.tabPayments.id, String(id)))
          .limit(1),
      );
    case "unknown_branch":
      // `/branches/:id`: the id is the branch.
      return Number.isInteger(Number(id)) ? Number(id) : undefined;
    case "staff_not_found":
      // An account has several branches: the staff module decides (api/auth/staff-management-service.ts).
      return undefined;
    case "photo_not_found":
      // A photo is public, and may be shown by products of both branches.
      return undefined;
  }
}
