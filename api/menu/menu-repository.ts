/** Reads a branch's menu in the API's shape, and the sold-out toggle. */
import { asc, eq, inArray } from "drizzle-orm";
import { CATEGORY_KEYS, type CategoryKey } from "../../contract/menu";
import { formatCents } from "../../contract/money";
import type { CustomizationGroup, Menu, Product } from "../../contract/schemas";
import type { DbOrTx } from "../db/client";
import { branches, optionGroups, options, products } from "../db/schema";

type ProductRow = typeof products.$inferSelect;

export function branchExists(db: DbOrTx, branchId: number): boolean {
  return db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).get() !== undefined;
}

function customizationsFor(db: DbOrTx, productIds: number[]): Map<number, Record<string, CustomizationGroup>> {
  const result = new Map<number, Record<string, CustomizationGroup>>();
  if (productIds.length === 0) return result;
  const groups = db
    .select()
    .from(optionGroups)
    .where(inArray(optionGroups.productId, productIds))
    .orderBy(asc(optionGroups.position), asc(optionGroups.id))
    .all();
  const optionRows = groups.length
    ? db
        .select()
        .from(options)
        .where(
          inArray(
            options.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(options.position), asc(options.id))
        .all()
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
  };
  if (row.weekday !== null) product.weekday = row.weekday;
  return product;
}

export function loadMenu(db: DbOrTx, branchId: number): Menu {
  const rows = db
    .select()
    .from(products)
    .where(eq(products.branchId, branchId))
    .orderBy(asc(products.position), asc(products.id))
    .all();
  const customizations = customizationsFor(
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

export function findProduct(db: DbOrTx, productId: number): LocatedProduct | undefined {
  const row = db.select().from(products).where(eq(products.id, productId)).get();
  if (!row) return undefined;
  return {
    product: toProduct(row, customizationsFor(db, [row.id]).get(row.id)),
    branchId: row.branchId,
    category: row.categoryKey as CategoryKey,
  };
}

export function setProductAvailability(db: DbOrTx, productId: number, available: boolean): boolean {
  return db.update(products).set({ available }).where(eq(products.id, productId)).run().changes > 0;
}
