/**
 * The menu as an order is priced from it (orders/pricing.ts): the products asked for, with their
 * option groups. What other modules (orders, carts) may read of the menu's tables.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { PrepArea } from "../../contract/menu";
import type { Db } from "../db/database";
import { preparedQuery } from "../db/dialect";
import { referenceData } from "../db/reference-data";

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

// A branch's whole catalog, in two queries; kept in memory until its menu changes (menuChanged).
const catalogProducts = preparedQuery("catalog_products", (db, t) =>
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
    .where(eq(t.products.branchId, sql.placeholder("branchId"))),
);

const catalogOptions = preparedQuery("catalog_options", (db, t) =>
  db
    .select({ group: t.optionGroups, option: t.options })
    .from(t.optionGroups)
    .innerJoin(t.products, eq(t.products.id, t.optionGroups.productId))
    .leftJoin(t.options, eq(t.options.groupId, t.optionGroups.id))
    .where(eq(t.products.branchId, sql.placeholder("branchId")))
    .orderBy(asc(t.optionGroups.position), asc(t.options.position)),
);

async function readCatalog(db: Db, branchId: number): Promise<ReadonlyMap<number, CatalogProduct>> {
  const catalog = new Map<number, CatalogProduct>();
  for (const row of await catalogProducts(db).execute({ branchId })) catalog.set(row.id, { ...row, groups: [] });
  const groups = new Map<number, CatalogGroup>();
  for (const { group, option } of await catalogOptions(db).execute({ branchId })) {
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

/**
 * The branch's products with their option groups, as pricing reads them: reference data
 * (api/db/reference-data.ts), dropped whenever the branch's menu changes, stock counts included
 * (menu-service.ts `menuChanged`). Shared by every caller: read it, never change it.
 */
export const loadCatalog = referenceData<number, ReadonlyMap<number, CatalogProduct>>({
  channel: "menu",
  keyOf: (payload) => {
    const branchId = Number(payload);
    return Number.isInteger(branchId) ? branchId : undefined;
  },
  load: readCatalog,
});
