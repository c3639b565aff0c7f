/** Reads a branch's menu in the API's shape, and the sold-out toggle. */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { CATEGORY_KEYS, type CategoryKey } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { CustomizationGroup, Menu, MenuOption, Photo, Product } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { affectedRows, tablesOf } from "../db/dialect";
import { photosOf } from "./photo-repository";

type ProductRow = Tables["products"]["$inferSelect"];

async function customizationsFor(db: Db, productIds: number[]): Promise<Map<number, Record<string, CustomizationGroup>>> {
  const { optionGroups, options } = tablesOf(db);
  const result = new Map<number, Record<string, CustomizationGroup>>();
  if (productIds.length === 0) return result;
  const groups = await db
    .select()
    .from(optionGroups)
    .where(inArray(optionGroups.productId, productIds))
    .orderBy(asc(optionGroups.position), asc(optionGroups.id));
  const optionRows = groups.length
    ? await db
        .select()
        .from(options)
        .where(
          inArray(
            options.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(options.position), asc(options.id))
    : [];
  const byGroup = new Map<number, CustomizationGroup>();
  for (const group of groups) {
    const entry: CustomizationGroup = { exclusive: group.exclusive, required: group.required, options: [] };
    if (Object.keys(group.translations).length > 0) entry.translations = group.translations;
    byGroup.set(group.id, entry);
    const forProduct = result.get(group.productId) ?? {};
    // A group name is the manager's text: defined as an own property, so "__proto__" is a group like
    // any other (an assignment would set the object's prototype and the group would vanish).
    Object.defineProperty(forProduct, group.name, { value: entry, enumerable: true, writable: true, configurable: true });
    result.set(group.productId, forProduct);
  }
  for (const option of optionRows) {
    const entry: MenuOption = { id: option.id, name: option.name, price: formatCents(option.priceCents) };
    if (Object.keys(option.translations).length > 0) entry.translations = option.translations;
    byGroup.get(option.groupId)?.options.push(entry);
  }
  return result;
}

function toProduct(row: ProductRow, customizations: Record<string, CustomizationGroup> | undefined, photo: Photo | undefined): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    description: row.description,
    price: formatCents(row.priceCents),
    happy_hour_price: row.happyHourPriceCents === null ? null : formatCents(row.happyHourPriceCents),
    available: row.available,
    customizations: customizations ?? {},
    allergens: row.allergens,
    diet: row.diet,
    prep_station: row.prepArea,
    prep_minutes: row.prepMinutes,
    stock: row.stock,
    photo: photo ?? null,
  };
  if (row.weekday !== null) product.weekday = row.weekday;
  if (Object.keys(row.translations).length > 0) product.translations = row.translations;
  return product;
}

export async function loadMenu(db: Db, branchId: number): Promise<Menu> {
  const { products } = tablesOf(db);
  const rows = await db.select().from(products).where(eq(products.branchId, branchId)).orderBy(asc(products.position), asc(products.id));
  const customizations = await customizationsFor(
    db,
    rows.map((r) => r.id),
  );
  const photos = await photosOf(db, rows);
  const menu = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, [] as Product[]])) as Menu;
  for (const row of rows) {
    menu[row.categoryKey as CategoryKey]?.push(toProduct(row, customizations.get(row.id), photos.get(row.id)));
  }
  return menu;
}

export interface LocatedProduct {
  product: Product;
  branchId: number;
  category: CategoryKey;
}

export async function findProduct(db: Db, productId: number): Promise<LocatedProduct | undefined> {
  const { products } = tablesOf(db);
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!row) return undefined;
  return {
    product: toProduct(row, (await customizationsFor(db, [row.id])).get(row.id), (await photosOf(db, [row])).get(row.id)),
    branchId: row.branchId,
    category: row.categoryKey as CategoryKey,
  };
}

/**
 * Sets what the patch names. A stock count decides availability (0 sells out, more puts the product
 * back on) unless the patch says otherwise; putting back on a product whose count ran out stops
 * counting it, or it would be on the menu with none left. Undefined when there is no such product.
 */
export async function setProductStock(tx: Db, productId: number, patch: { available?: boolean; stock?: number | null }): Promise<boolean> {
  const { products } = tablesOf(tx);
  let { available, stock } = patch;
  if (stock !== undefined && stock !== null) available = stock > 0 && (available ?? true);
  if (available === true && stock === undefined) {
    const [current] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).limit(1);
    if (current?.stock === 0) stock = null;
  }
  return affectedRows(await tx.update(products).set({ available, stock }).where(eq(products.id, productId))) > 0;
}

/**
 * Takes `quantity` of a counted product, if that many are left and it is on: one conditional update,
 * so two orders for the last ones cannot both get them (PostgreSQL re-checks the condition on the row
 * a concurrent order has just changed; SQLite runs one write at a time). At 0 it sells out. Answers
 * the count left after, or undefined when it could not be taken.
 */
export async function takeProductStock(tx: Db, productId: number, quantity: number): Promise<number | undefined> {
  const { products } = tablesOf(tx);
  const [taken] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity), eq(products.available, true)))
    .returning({ stock: products.stock });
  if (!taken) return undefined;
  if (taken.stock === 0) await tx.update(products).set({ available: false }).where(eq(products.id, productId));
  return taken.stock!;
}

/** How many of a product are left to order: its count, or 0 when it is switched off; undefined when not counted. */
export async function stockLeft(db: Db, productId: number): Promise<number | undefined> {
  const { products } = tablesOf(db);
  const [row] = await db
    .select({ stock: products.stock, available: products.available })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!row || row.stock === null) return undefined;
  return row.available ? row.stock : 0;
}

/** The id of the branch's product of that name in that category, if there is one. */
export async function productIdNamed(db: Db, branchId: number, category: CategoryKey, name: string): Promise<number | undefined> {
  const { products } = tablesOf(db);
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.branchId, branchId), eq(products.categoryKey, category), eq(products.name, name)))
    .limit(1);
  return row?.id;
}

/** A new product goes last on the branch's menu (the menu is ordered by position, then category). */
export async function nextPosition(db: Db, branchId: number): Promise<number> {
  const { products } = tablesOf(db);
  const [row] = await db
    .select({ last: sql<number | null>`max(${products.position})` })
    .from(products)
    .where(eq(products.branchId, branchId));
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** A category's products of a branch, in menu order: id and position. */
export async function categoryPositions(db: Db, branchId: number, category: CategoryKey): Promise<{ id: number; position: number }[]> {
  const { products } = tablesOf(db);
  return db
    .select({ id: products.id, position: products.position })
    .from(products)
    .where(and(eq(products.branchId, branchId), eq(products.categoryKey, category)))
    .orderBy(asc(products.position), asc(products.id));
}

export async function setProductPosition(tx: Db, productId: number, position: number): Promise<void> {
  const { products } = tablesOf(tx);
  await tx.update(products).set({ position }).where(eq(products.id, productId));
}

/** Its option groups and options go with it; order lines hold their own name and price, so past orders keep them. */
export async function deleteProductRow(tx: Db, productId: number): Promise<boolean> {
  const { products } = tablesOf(tx);
  return affectedRows(await tx.delete(products).where(eq(products.id, productId))) > 0;
}

/**
 * Numbers the branch's products 0, 1, 2… in menu order (category, then position): the order an
 * export writes them and an import numbers them, so an export of an edited menu imports unchanged.
 */
export async function renumberPositions(tx: Db, branchId: number): Promise<void> {
  const { products } = tablesOf(tx);
  const rows = await tx
    .select({ id: products.id, position: products.position, category: products.categoryKey })
    .from(products)
    .where(eq(products.branchId, branchId))
    .orderBy(asc(products.position), asc(products.id));
  const ordered = CATEGORY_KEYS.flatMap((category) => rows.filter((row) => row.category === category));
  for (const [position, row] of ordered.entries()) {
    if (row.position !== position) await tx.update(products).set({ position }).where(eq(products.id, row.id));
  }
}
