/** Reads a branch's menu in the API's shape, and the sold-out toggle. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { CATEGORY_KEYS, type CategoryKey } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { CustomizationGroup, Menu, Product } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { affectedRows, preparedQuery, tablesOf } from "../db/dialect";

type ProductRow = Tables["products"]["$inferSelect"];

const branchById = preparedQuery("branch_by_id", (db, t) =>
  db.select({ id: t.branches.id }).from(t.branches).where(eq(t.branches.id, sql.placeholder("id"))).limit(1),
);

export async function branchExists(db: Db, branchId: number): Promise<boolean> {
  return (await branchById(db).execute({ id: branchId })).length > 0;
}

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
    byGroup.set(group.id, entry);
    const forProduct = result.get(group.productId) ?? {};
    // A group name is the manager's text: defined as an own property, so "__proto__" is a group like
    // any other (an assignment would set the object's prototype and the group would vanish).
    Object.defineProperty(forProduct, group.name, { value: entry, enumerable: true, writable: true, configurable: true });
    result.set(group.productId, forProduct);
  }
  for (const option of optionRows) {
    byGroup.get(option.groupId)?.options.push({ id: option.id, name: option.name, price: formatCents(option.priceCents) });
  }
  return result;
}

function toProduct(row: ProductRow, customizations: Record<string, CustomizationGroup> | undefined): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    description: row.description,
    price: formatCents(row.priceCents),
    available: row.available,
    customizations: customizations ?? {},
    allergens: row.allergens,
    diet: row.diet,
    prep_station: row.prepStation,
    prep_minutes: row.prepMinutes,
    stock: row.stock,
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
  const menu = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, [] as Product[]])) as Menu;
  for (const row of rows) {
    menu[row.categoryKey as CategoryKey]?.push(toProduct(row, customizations.get(row.id)));
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
    product: toProduct(row, (await customizationsFor(db, [row.id])).get(row.id)),
    branchId: row.branchId,
    category: row.categoryKey as CategoryKey,
  };
}

/** Sets what the patch names; a stock count also decides availability unless the patch says otherwise. */
export async function setProductStock(tx: Db, productId: number, patch: { available?: boolean; stock?: number | null }): Promise<boolean> {
  const { products } = tablesOf(tx);
  const countedAvailability = patch.stock === undefined || patch.stock === null ? undefined : patch.stock > 0;
  const available = patch.available ?? countedAvailability;
  return affectedRows(await tx.update(products).set({ available, stock: patch.stock }).where(eq(products.id, productId))) > 0;
}
