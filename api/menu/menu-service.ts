/**
 * The menu's writes. Each is one transaction that also records the events the live streams send and
 * marks the branch's cached menu stale (menuChanged): the other instances hear it through PostgreSQL
 * NOTIFY, and this instance drops its own copy once the transaction commits.
 */
import type { CsvImportSummary, ProductPatch } from "../../contract/schemas";
import type { Db } from "../db/database";
import { afterCommit } from "../db/after-commit";
import { recordAudit, type AuditActor } from "../audit/audit-service";
import { notifyOnCommit } from "../db/dialect";
import { recordEvent } from "../events/event-log-service";
import type { ServiceDeps } from "../service-deps";
import type { ParsedProduct } from "./menu-csv";
import { applyMenu } from "./menu-import";
import { findProduct, loadMenu, setProductStock, stockLeft, takeProductStock, type LocatedProduct } from "./menu-repository";

class DryRunRollback extends Error {
  constructor(readonly summary: CsvImportSummary) {
    super("dry run");
  }
}

async function announceProduct(tx: Db, located: LocatedProduct): Promise<void> {
  await recordEvent(tx, {
    branchId: located.branchId,
    type: "product.updated",
    payload: { ...located.product, branch_id: located.branchId, category: located.category },
  });
}

/**
 * Inside a transaction that changed the branch's menu: every instance's cached copy goes once it
 * commits (the others through NOTIFY, this one after the commit, once per branch and transaction).
 */
async function menuChanged(tx: Db, { menuCache }: Pick<ServiceDeps, "menuCache">, branchId: number): Promise<void> {
  await notifyOnCommit(tx, "menu", String(branchId));
  afterCommit(tx, () => menuCache.invalidate(branchId), `menu of branch ${branchId}`);
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
export async function announceProducts(tx: Db, deps: Pick<ServiceDeps, "menuCache">, productIds: readonly number[]): Promise<void> {
  const branches = new Set<number>();
  for (const productId of productIds) {
    const found = await findProduct(tx, productId);
    if (!found) continue;
    await announceProduct(tx, found);
    if (!branches.has(found.branchId)) await menuChanged(tx, deps, found.branchId);
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
    await menuChanged(tx, deps, found.branchId);
    await announceProduct(tx, found);
    return found;
  });
}

/**
 * Replaces the branch's menu with an uploaded one, all or nothing. A dry run does every write the
 * real import would, then rolls back: what it reports is exact. Every added or changed product is
 * announced, so open menus update. A real import is audited as `menu.imported`, with what it changed.
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
      const applied = await applyMenu(tx, branchId, parsed);
      if (dryRun) throw new DryRunRollback({ ...applied, dry_run: true });
      const touched = new Set([...applied.changes!.added, ...applied.changes!.updated]);
      if (touched.size > 0) {
        const menu = await loadMenu(tx, branchId);
        for (const [category, products] of Object.entries(menu)) {
          for (const product of products) {
            if (touched.has(product.name))
              await announceProduct(tx, { product, branchId, category: category as LocatedProduct["category"] });
          }
        }
      }
      await recordAudit(tx, actor, { action: "menu.imported", target: `menu:${branchId}`, branchId, details: { ...applied.changes } });
      await menuChanged(tx, deps, branchId);
      return applied;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    throw error;
  }
}
