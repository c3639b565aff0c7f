/** The shared table cart's queries: `carts`, `cart_lines`, `cart_operations` (docs/decisions/0010). */
import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";
import type { CartPhone } from "../db/schema";
import type { MergeLine } from "./cart-merge";

export type CartRow = Tables["carts"]["$inferSelect"];
type CartLineRow = Tables["cartLines"]["$inferSelect"];
type CartChanges = Partial<Omit<CartRow, "tableId" | "branchId">>;

export async function findCart(db: Db, tableId: string): Promise<CartRow | undefined> {
  const { carts } = tablesOf(db);
  const [row] = await db.select().from(carts).where(eq(carts.tableId, tableId)).limit(1);
  return row;
}

/** The table's cart row, made by its first write. */
export async function ensureCart(tx: Db, tableId: string, branchId: number, now: Date): Promise<CartRow> {
  const { carts } = tablesOf(tx);
  await tx.insert(carts).values({ tableId, branchId, version: 0, updatedAt: now.toISOString(), phones: [] }).onConflictDoNothing();
  return (await findCart(tx, tableId))!;
}

export async function updateCart(tx: Db, tableId: string, changes: CartChanges): Promise<void> {
  const { carts } = tablesOf(tx);
  await tx.update(carts).set(changes).where(eq(carts.tableId, tableId));
}

const toMergeLine = (row: CartLineRow): MergeLine => ({
  lineId: row.lineId,
  phoneId: row.phoneId,
  productId: row.productId,
  quantity: row.quantity,
  options: row.options,
  note: row.note,
  status: row.status,
  stamp: row.stamp,
  addedAt: row.addedAt,
});

/** Every line of the table's cart, tombstones included. */
export async function findCartLines(db: Db, tableId: string, onlyOpen = false): Promise<MergeLine[]> {
  const { cartLines } = tablesOf(db);
  const where = onlyOpen ? and(eq(cartLines.tableId, tableId), eq(cartLines.status, "open")) : eq(cartLines.tableId, tableId);
  const rows = await db.select().from(cartLines).where(where).orderBy(asc(cartLines.addedAt), asc(cartLines.lineId));
  return rows.map(toMergeLine);
}

/** The lines an order sent, in the order they were sent (the order's own line order), with who added each. */
export async function findOrderCartLines(db: Db, tableId: string, orderId: string): Promise<(MergeLine & { phoneName: string })[]> {
  const { cartLines } = tablesOf(db);
  const rows = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.tableId, tableId), eq(cartLines.orderId, orderId)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.lineId));
  return rows.map((row) => ({ ...toMergeLine(row), phoneName: row.phoneName }));
}

export async function hasCartLines(db: Db, tableId: string): Promise<boolean> {
  const { cartLines } = tablesOf(db);
  const [row] = await db.select({ lineId: cartLines.lineId }).from(cartLines).where(eq(cartLines.tableId, tableId)).limit(1);
  return row !== undefined;
}

export async function insertCartLine(tx: Db, tableId: string, line: MergeLine, phoneName: string, now: Date): Promise<void> {
  const { cartLines } = tablesOf(tx);
  await tx.insert(cartLines).values({ tableId, ...line, phoneName, updatedAt: now.toISOString() });
}

export async function updateCartLine(tx: Db, tableId: string, line: MergeLine, now: Date): Promise<void> {
  const { cartLines } = tablesOf(tx);
  await tx
    .update(cartLines)
    .set({ quantity: line.quantity, status: line.status, stamp: line.stamp, updatedAt: now.toISOString() })
    .where(and(eq(cartLines.tableId, tableId), eq(cartLines.lineId, line.lineId)));
}

/** A phone's lines take its new name. */
export async function renamePhoneLines(tx: Db, tableId: string, phone: CartPhone, phoneName: string): Promise<void> {
  const { cartLines } = tablesOf(tx);
  await tx
    .update(cartLines)
    .set({ phoneName })
    .where(and(eq(cartLines.tableId, tableId), eq(cartLines.phoneId, phone.phoneId)));
}

/** The submitted lines become tombstones (a late change to one of them is a no-op) that remember their order. */
export async function markLinesSubmitted(tx: Db, tableId: string, lineIds: string[], orderId: string, now: Date): Promise<void> {
  if (lineIds.length === 0) return;
  const { cartLines } = tablesOf(tx);
  await tx
    .update(cartLines)
    .set({ status: "submitted", orderId, updatedAt: now.toISOString() })
    .where(and(eq(cartLines.tableId, tableId), eq(cartLines.status, "open"), inArray(cartLines.lineId, lineIds)));
}

export async function deleteCartLines(tx: Db, tableId: string): Promise<void> {
  const { cartLines } = tablesOf(tx);
  await tx.delete(cartLines).where(eq(cartLines.tableId, tableId));
}

/** Which of these operation ids were handled before (at any table: an id is the phone's, made once). */
export async function handledOperationIds(db: Db, opIds: string[]): Promise<Set<string>> {
  if (opIds.length === 0) return new Set();
  const { cartOperations } = tablesOf(db);
  const rows = await db.select({ opId: cartOperations.opId }).from(cartOperations).where(inArray(cartOperations.opId, opIds));
  return new Set(rows.map((row) => row.opId));
}

export async function insertOperationIds(tx: Db, tableId: string, opIds: string[], now: Date): Promise<void> {
  if (opIds.length === 0) return;
  const { cartOperations } = tablesOf(tx);
  const appliedAt = now.toISOString();
  await tx
    .insert(cartOperations)
    .values(opIds.map((opId) => ({ opId, tableId, appliedAt })))
    .onConflictDoNothing();
}

/**
 * The time of the table's `limit`-th newest operation since `since`, when there are that many: the
 * operation whose age decides when the table may send again. Undefined while under the limit.
 */
export async function operationLimitReachedBy(tx: Db, tableId: string, since: string, limit: number): Promise<string | undefined> {
  const { cartOperations } = tablesOf(tx);
  const [row] = await tx
    .select({ appliedAt: cartOperations.appliedAt })
    .from(cartOperations)
    .where(and(eq(cartOperations.tableId, tableId), gte(cartOperations.appliedAt, since)))
    .orderBy(desc(cartOperations.appliedAt))
    .limit(1)
    .offset(limit - 1);
  return row?.appliedAt;
}

export async function pruneOperationIds(tx: Db, tableId: string, before: string): Promise<void> {
  const { cartOperations } = tablesOf(tx);
  await tx.delete(cartOperations).where(and(eq(cartOperations.tableId, tableId), lt(cartOperations.appliedAt, before)));
}
