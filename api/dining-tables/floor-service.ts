/**
 * The floor plan (API.md "The floor"): a branch's tables where they stand, each with its state now
 * (floor-state.ts). Six reads for any number of tables — the open tabs' orders with their lines, the
 * open checks' adjustments and payments (their sums are the check's, tabs/check-service.ts), the open
 * calls, the carts with lines, the last visits' ends —, the tables themselves from memory.
 */
import type { Floor, FloorTable } from "../../contract/schemas";
import { openCartsOfTables } from "../carts/cart-queries";
import { openCallsOfTables } from "../calls/call-queries";
import type { Db } from "../db/database";
import { openTabOrders } from "../orders/tab-order-queries";
import { openCheckSums } from "../tabs/check-service";
import type { ServiceDeps } from "../service-deps";
import { lastVisitEnds, VISIT_IDLE_MS } from "../visits/visit-service";
import { diningTablesOfBranch, findDiningTable, toDiningTable, type DiningTableRow } from "./dining-table-queries";
import { floorStateOf } from "./floor-state";

function groupBy<T extends { tableId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.tableId);
    if (group) group.push(row);
    else groups.set(row.tableId, [row]);
  }
  return groups;
}

/** `rows` as the floor plan lists them, their states as of `now`. */
export async function floorTablesOf(db: Db, rows: readonly DiningTableRow[], now: Date): Promise<FloorTable[]> {
  const ids = rows.map((row) => row.id);
  const openOrders = await openTabOrders(db, ids);
  const [orders, checks, calls, carts, visitEnds] = [
    groupBy(openOrders),
    await openCheckSums(db, openOrders),
    groupBy(await openCallsOfTables(db, ids)),
    new Map((await openCartsOfTables(db, ids)).map((cart) => [cart.tableId, cart])),
    await lastVisitEnds(db, ids),
  ];
  return rows.map((row) => ({
    ...toDiningTable(row),
    state: floorStateOf(
      {
        tableCreatedAt: row.createdAt,
        orders: orders.get(row.id) ?? [],
        check: checks.get(row.id) ?? null,
        calls: calls.get(row.id) ?? [],
        cart: carts.get(row.id) ?? null,
        lastVisitEndedAt: visitEnds.get(row.id) ?? null,
      },
      { now, visitIdleMs: VISIT_IDLE_MS },
    ),
  }));
}

/** The branch's floor plan: every table, placed or not, with its state now. */
export async function readFloor({ database: { db }, clock }: ServiceDeps, branchId: number): Promise<Floor> {
  return { tables: await floorTablesOf(db, await diningTablesOfBranch(db, branchId), clock.now()) };
}

/** The tables of `ids` that exist, as the floor plan lists them (the live `table.updated`, floor-watch.ts). */
export async function floorTablesByIds(db: Db, ids: readonly string[], now: Date): Promise<FloorTable[]> {
  const rows = (await Promise.all(ids.map((id) => findDiningTable(db, id)))).filter((row) => row !== undefined);
  return floorTablesOf(db, rows, now);
}
