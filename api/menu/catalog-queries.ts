/**
 * The menu as an order is priced from it (orders/pricing.ts): the products asked for, with their
 * option groups. What other modules (orders, carts) may read of the menu's tables.
 */
import { asc, eq } from "drizzle-orm";
import type { PrepArea } from "../../contract/menu";
import type { Db } from "../db/database";
import { inJsonIdList, preparedQuery } from "../db/dialect";

export interface CatalogOption {
  id: number;
  name: string;
  priceCents: number;
}
export interface CatalogGroup {
  name: string;
  exclusive: boolean;
  required: boolean;
  options: CatalogOption[];
}
/** A product as pricing reads it (orders/pricing.ts): with its option groups, for one order. */
export interface CatalogProduct {
  id: number;
  branchId: number;
  name: string;
  priceCents: number;
  /** The base price in the branch's happy hours; null: priceCents all day. */
  happyHourPriceCents: number | null;
  available: boolean;
  /** A daily special's ISO weekday (in the restaurant's time zone); null for the rest of the menu. */
  weekday: number | null;
  /** null = not counted. */
  stock: number | null;
  prepArea: PrepArea;
  prepMinutes: number;
  groups: CatalogGroup[];
}

// What placing an order reads of the menu, prepared once per connection. Both take their id list as
// one JSON array, so one statement serves any number of lines.
const catalogProducts = preparedQuery("order_catalog_products", (db, t) =>
  db
    .select({
      id: t.products.id,
      branchId: t.products.branchId,
      name: t.products.name,
      priceCents: t.products.priceCents,
      happyHourPriceCents: t.products.happyHourPriceCents,
      available: t.products.available,
      weekday: t.products.weekday,
      stock: t.products.stock,
      prepArea: t.products.prepArea,
      prepMinutes: t.products.prepMinutes,
    })
    .from(t.products)
    .where(inJsonIdList(db, t.products.id, "ids")),
);

const catalogOptions = preparedQuery("order_catalog_options", (db, t) =>
  db
    .select({ group: t.optionGroups, option: t.options })
    .from(t.optionGroups)
    .leftJoin(t.options, eq(t.options.groupId, t.optionGroups.id))
    .where(inJsonIdList(db, t.optionGroups.productId, "ids"))
    .orderBy(asc(t.optionGroups.position), asc(t.options.position)),
);

/** The products an order refers to, with their option groups: what pricing needs, in two queries. */
export async function loadCatalog(db: Db, productIds: number[]): Promise<Map<number, CatalogProduct>> {
  const catalog = new Map<number, CatalogProduct>();
  if (productIds.length === 0) return catalog;
  const ids = JSON.stringify(productIds);
  for (const row of await catalogProducts(db).execute({ ids })) catalog.set(row.id, { ...row, groups: [] });
  const groups = new Map<number, CatalogProduct["groups"][number]>();
  for (const { group, option } of await catalogOptions(db).execute({ ids })) {
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
