/**
 * The menu's writes. Each is one transaction that also records the events the live streams send and
 * marks the branch's cached menu stale (menuChanged): the other instances hear it through PostgreSQL
 * NOTIFY, and this instance drops its own copy once the transaction commits.
 */
import type { CategoryKey } from "../../contract/menu";
import type { CsvImportSummary, EditedProduct, Menu, ProductInput, ProductPatch, ProductReorder } from "../../contract/schemas";
import type { Db } from "../db/database";
import { announce } from "../db/announce";
import { recordAudit, type AuditActor } from "../audit/audit-service";
import { lockInTransaction } from "../db/dialect";
import { recordEvent } from "../events/event-log-service";
import type { ServiceDeps } from "../service-deps";
import type { ParsedProduct } from "./menu-csv";
import { badRequest } from "../lib/errors";
import { alreadyListed } from "./menu-csv";
import { applyMenu, productValues, syncGroups } from "./menu-import";
import {
  categoryPositions,
  deleteProductRow,
  findProduct,
  loadMenu,
  nextPosition,
  productIdNamed,
  renumberPositions,
  setProductPosition,
  setProductStock,
  stockLeft,
  takeProductStock,
  type LocatedProduct,
} from "./menu-repository";
import { deleteUnshownImages } from "./photo-repository";
import { keepOptionTranslations, parseProductInput, type CompleteInput } from "./product-input";
import { tablesOf } from "../db/dialect";
import { eq } from "drizzle-orm";

class DryRunRollback extends Error {
  constructor(readonly summary: CsvImportSummary) {
    super("dry run");
  }
}

/** Inside a transaction that changed the product at `now`: open menus get it whole (`product.updated`). */
export async function announceProduct(tx: Db, located: LocatedProduct, now: Date): Promise<void> {
  await recordEvent(
    tx,
    {
      branchId: located.branchId,
      type: "product.updated",
      payload: { ...located.product, branch_id: located.branchId, category: located.category },
    },
    now,
  );
}

/**
 * Inside a transaction that changed the branch's menu: every instance's cached menu and catalog go
 * once it commits (announced on `menu`, once per branch and transaction).
 */
export function menuChanged(tx: Db, branchId: number): Promise<void> {
  return announce(tx, "menu", String(branchId));
}

export interface StockWanted {
  productId: number;
  quantity: number;
}

/**
 * Inside an order's transaction: takes each counted product's stock (a product selling out as its
 * count reaches 0). Returns the products whose stock was short, with how many are left; the caller
 * then refuses the order, and the rollback of its transaction gives back what was taken. Products
 * are taken in id order, so that two orders never wait on each other's rows.
 */
export async function takeStock(tx: Db, wanted: readonly StockWanted[]): Promise<{ productId: number; left: number }[]> {
  const short: { productId: number; left: number }[] = [];
  for (const { productId, quantity } of [...wanted].sort((a, b) => a.productId - b.productId)) {
    if ((await takeProductStock(tx, productId, quantity)) === undefined)
      short.push({ productId, left: (await stockLeft(tx, productId)) ?? 0 });
  }
  return short;
}

/**
 * Inside a transaction that changed these products (their stock): records their product.updated
 * events and marks their branches' menus changed.
 */
export async function announceProducts(tx: Db, productIds: readonly number[], now: Date): Promise<void> {
  const branches = new Set<number>();
  for (const productId of productIds) {
    const found = await findProduct(tx, productId);
    if (!found) continue;
    await announceProduct(tx, found, now);
    if (!branches.has(found.branchId)) await menuChanged(tx, found.branchId);
    branches.add(found.branchId);
  }
}

/**
 * The sold-out toggle and the stock count: a count of 0 sells the product out, a count above 0 puts
 * it back on, null stops counting. Undefined when there is no such product. Audited as `product.updated`.
 */
export async function updateProduct(
  deps: ServiceDeps,
  productId: number,
  patch: ProductPatch,
  actor: AuditActor,
): Promise<LocatedProduct | undefined> {
  return deps.database.transaction(async (tx) => {
    if (!(await setProductStock(tx, productId, patch))) return undefined;
    const found = (await findProduct(tx, productId))!;
    await recordAudit(tx, actor, {
      action: "product.updated",
      target: `product:${productId}`,
      branchId: found.branchId,
      details: { name: found.product.name, ...patch },
    });
    await menuChanged(tx, found.branchId);
    await announceProduct(tx, found, actor.at);
    return found;
  });
}

/**
 * Replaces the branch's menu with an uploaded one, all or nothing. A dry run does every write the
 * real import would, then rolls back: what it reports is exact. Every added or changed product is
 * announced, so open menus update. A real import is audited as `menu.imported`, with what it changed.
 * A product the file keeps (same category and name) keeps its id, so its photo; the photos of the
 * products it drops are deleted with them.
 */
export async function importMenu(
  deps: ServiceDeps,
  branchId: number,
  parsed: ParsedProduct[],
  dryRun: boolean,
  actor: AuditActor,
): Promise<CsvImportSummary> {
  try {
    return await deps.database.transaction(async (tx) => {
      await lockInTransaction(tx, "photos");
      const applied = await applyMenu(tx, branchId, parsed);
      if (applied.changes!.removed.length > 0) await deleteUnshownImages(tx);
      if (dryRun) throw new DryRunRollback({ ...applied, dry_run: true });
      const touched = new Set([...applied.changes!.added, ...applied.changes!.updated]);
      if (touched.size > 0) {
        const menu = await loadMenu(tx, branchId);
        for (const [category, products] of Object.entries(menu)) {
          for (const product of products) {
            if (touched.has(product.name))
              await announceProduct(tx, { product, branchId, category: category as LocatedProduct["category"] }, actor.at);
          }
        }
      }
      await recordAudit(tx, actor, { action: "menu.imported", target: `menu:${branchId}`, branchId, details: { ...applied.changes } });
      await menuChanged(tx, branchId);
      return applied;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    throw error;
  }
}

/** A product as the editor's writes answer it: with its category. */
export const edited = (located: LocatedProduct): EditedProduct => ({ ...located.product, category: located.category });

/** The product in the editor's shape, so a PUT's fields can be laid over it. */
function asInput(located: LocatedProduct): CompleteInput {
  const { product } = located;
  return {
    category: located.category,
    name: product.name,
    description: product.description,
    price: product.price,
    happy_hour_price: product.happy_hour_price ?? null,
    available: product.available,
    weekday: product.weekday ?? null,
    customizations: product.customizations,
    allergens: product.allergens,
    diet: product.diet,
    prep_station: product.prep_station,
    prep_minutes: product.prep_minutes,
    stock: product.stock,
    translations: product.translations ?? {},
  };
}

/** Checks the product by the CSV's rules, and that no other product of its category has its name. */
async function checkedProduct(tx: Db, branchId: number, input: CompleteInput, productId?: number) {
  const parsed = parseProductInput(input);
  if (!parsed.ok)
    throw badRequest("invalid_product", `The product has ${parsed.errors.length} problem(s); nothing was saved.`, parsed.errors);
  const other = await productIdNamed(tx, branchId, parsed.product.category, parsed.product.name);
  if (other !== undefined && other !== productId) {
    const message = `${alreadyListed(parsed.product.name, parsed.product.category)}.`;
    throw badRequest("invalid_product", message, [{ path: "name", column: "product", message }]);
  }
  return parsed.product;
}

const countOnly = { imported: { products: 0, groups: 0, options: 0 }, dry_run: false };

/** Adds a product at the end of the branch's menu. Audited as `product.created`; open menus hear `product.updated`. */
export async function createProduct(deps: ServiceDeps, branchId: number, input: CompleteInput, actor: AuditActor): Promise<EditedProduct> {
  return deps.database.transaction(async (tx) => {
    const product = await checkedProduct(tx, branchId, input);
    const { products } = tablesOf(tx);
    const [inserted] = await tx
      .insert(products)
      .values(productValues(branchId, product, await nextPosition(tx, branchId)))
      .returning({ id: products.id });
    await syncGroups(tx, inserted!.id, product, structuredClone(countOnly));
    await renumberPositions(tx, branchId);
    const found = (await findProduct(tx, inserted!.id))!;
    await recordAudit(tx, actor, {
      action: "product.created",
      target: `product:${found.product.id}`,
      branchId,
      details: { name: found.product.name },
    });
    await menuChanged(tx, branchId);
    await announceProduct(tx, found, actor.at);
    return edited(found);
  });
}

const STOCK_FIELDS = new Set(["available", "stock"]);

/**
 * The editor's save: the fields sent replace the product's, the others keep their values, and the
 * whole is checked as a CSV row would be. A body of only `available`/`stock` is the sold-out switch
 * (updateProduct), whose rules for a count running out differ. Audited as `product.updated` with
 * the fields sent. Undefined when there is no such product.
 */
export async function replaceProduct(
  deps: ServiceDeps,
  productId: number,
  input: ProductInput,
  actor: AuditActor,
): Promise<EditedProduct | undefined> {
  const keys = Object.keys(input).filter((key) => input[key as keyof ProductInput] !== undefined);
  if (keys.length > 0 && keys.every((key) => STOCK_FIELDS.has(key))) {
    if (input.available === true && input.stock === 0) {
      throw badRequest("invalid_product", "a stock of 0 is sold out; it cannot be available", [
        { path: "stock", column: "stock", message: "a stock of 0 is sold out; it cannot be available" },
      ]);
    }
    const located = await updateProduct(deps, productId, input as ProductPatch, actor);
    return located && edited(located);
  }
  return deps.database.transaction(async (tx) => {
    const current = await findProduct(tx, productId);
    if (!current) return undefined;
    const sent = withoutUndefined(input);
    if (sent.customizations) sent.customizations = keepOptionTranslations(sent.customizations, current.product.customizations);
    const product = await checkedProduct(tx, current.branchId, { ...asInput(current), ...sent }, productId);
    const { products } = tablesOf(tx);
    const [row] = await tx.select({ position: products.position }).from(products).where(eq(products.id, productId));
    await tx
      .update(products)
      .set(productValues(current.branchId, product, row!.position))
      .where(eq(products.id, productId));
    await syncGroups(tx, productId, product, structuredClone(countOnly));
    if (product.category !== current.category) await renumberPositions(tx, current.branchId);
    const found = (await findProduct(tx, productId))!;
    await recordAudit(tx, actor, {
      action: "product.updated",
      target: `product:${productId}`,
      branchId: current.branchId,
      details: { name: found.product.name, fields: keys },
    });
    await menuChanged(tx, current.branchId);
    await announceProduct(tx, found, actor.at);
    return edited(found);
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Deletes a product. Past orders keep their lines (each holds its name and price). A table cart's
 * line for it stays, shown as no longer on the menu, as after a CSV import that drops a product.
 * Open menus hear it as `product.updated` switched off, then drop it on their next read. Its photo
 * goes with it. Audited as `product.deleted`. False when there is no such product.
 */
export async function deleteProduct(deps: ServiceDeps, productId: number, actor: AuditActor): Promise<boolean> {
  return deps.database.transaction(async (tx) => {
    await lockInTransaction(tx, "photos");
    const found = await findProduct(tx, productId);
    if (!found || !(await deleteProductRow(tx, productId))) return false;
    if (found.product.photo) await deleteUnshownImages(tx);
    await renumberPositions(tx, found.branchId);
    await recordAudit(tx, actor, {
      action: "product.deleted",
      target: `product:${productId}`,
      branchId: found.branchId,
      details: { name: found.product.name, category: found.category },
    });
    await menuChanged(tx, found.branchId);
    await announceProduct(tx, { ...found, product: { ...found.product, available: false } }, actor.at);
    return true;
  });
}

/**
 * Puts one category's products in the given order, reusing the positions they hold (so the other
 * categories' positions stay). `product_ids` must list each of the category's products once.
 * Audited as `menu.reordered`; answers the branch's menu.
 */
export async function reorderProducts(deps: ServiceDeps, branchId: number, order: ProductReorder, actor: AuditActor): Promise<Menu> {
  return deps.database.transaction(async (tx) => {
    const current = await categoryPositions(tx, branchId, order.category as CategoryKey);
    const ids = new Set(current.map((p) => p.id));
    const wanted = order.product_ids;
    if (wanted.length !== ids.size || new Set(wanted).size !== wanted.length || !wanted.every((id) => ids.has(id))) {
      const message = `product_ids must list each of the ${current.length} product(s) of ${order.category} once.`;
      throw badRequest("invalid_order", message, [{ path: "product_ids", message }]);
    }
    // renumberPositions gives the category the same positions (0, 1, 2… across the branch's menu).
    for (const [index, id] of wanted.entries()) await setProductPosition(tx, id, current[0]!.position + index);
    await renumberPositions(tx, branchId);
    await recordAudit(tx, actor, {
      action: "menu.reordered",
      target: `menu:${branchId}`,
      branchId,
      details: { category: order.category, product_ids: wanted },
    });
    await menuChanged(tx, branchId);
    return loadMenu(tx, branchId);
  });
}
