/**
 * Replaces a branch's menu with an uploaded one, all or nothing. Items are matched by category and
 * name (groups by name, options by name), so an unchanged item keeps its id: carts, QR menus and
 * kitchen screens that hold ids keep working after a re-import.
 */
import { and, eq } from "drizzle-orm";
import type { CsvImportSummary } from "../../contract/schemas";
import type { Db, Tx } from "../db/client";
import { optionGroups, options, products } from "../db/schema";
import type { ParsedProduct } from "./menu-csv";

class DryRunRollback extends Error {}

export function importMenu(db: Db, branchId: number, parsed: ParsedProduct[], dryRun: boolean): CsvImportSummary {
  const summary: CsvImportSummary = {
    imported: { products: parsed.length, groups: 0, options: 0 },
    dry_run: dryRun,
    changes: { added: [], updated: [], removed: [] },
  };
  try {
    db.transaction((tx) => {
      applyMenu(tx, branchId, parsed, summary);
      // A dry run does every write the real import would, then rolls back: what it reports is exact.
      if (dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return summary;
}

function applyMenu(tx: Tx, branchId: number, parsed: ParsedProduct[], summary: CsvImportSummary): void {
  const changes = summary.changes!;
  const existing = tx.select().from(products).where(eq(products.branchId, branchId)).all();
  const byKey = new Map(existing.map((p) => [`${p.categoryKey}\u0000${p.name}`, p]));
  const kept = new Set<number>();
  const moved = movedProducts(existing, parsed);

  parsed.forEach((item, position) => {
    const values = {
      branchId,
      categoryKey: item.category,
      name: item.name,
      description: item.description,
      priceCents: item.priceCents,
      available: item.available,
      weekday: item.weekday,
      position,
    };
    const current = byKey.get(`${item.category}\u0000${item.name}`);
    let productId: number;
    if (current) {
      productId = current.id;
      const changed =
        current.description !== item.description ||
        current.priceCents !== item.priceCents ||
        current.available !== item.available ||
        current.weekday !== item.weekday ||
        moved.has(`${item.category}\u0000${item.name}`);
      tx.update(products).set(values).where(eq(products.id, productId)).run();
      const groupsChanged = syncGroups(tx, productId, item, summary);
      if (changed || groupsChanged) changes.updated.push(item.name);
    } else {
      productId = tx.insert(products).values(values).returning({ id: products.id }).get().id;
      syncGroups(tx, productId, item, summary);
      changes.added.push(item.name);
    }
    kept.add(productId);
  });

  for (const old of existing) {
    if (kept.has(old.id)) continue;
    tx.delete(products).where(eq(products.id, old.id)).run();
    changes.removed.push(old.name);
  }
}

/**
 * The products that moved: adding or removing an item shifts every later position number, and
 * moving one item shifts the items it passes, but only the moved item itself is a change to report.
 * The longest run of kept products still in their old relative order stayed put; the others moved.
 */
function movedProducts(existing: (typeof products.$inferSelect)[], parsed: ParsedProduct[]): Set<string> {
  const oldIndex = new Map(
    [...existing].sort((a, b) => a.position - b.position || a.id - b.id).map((p, index) => [`${p.categoryKey}\u0000${p.name}`, index]),
  );
  const kept = parsed.map((p) => `${p.category}\u0000${p.name}`).filter((key) => oldIndex.has(key));
  const stayed = longestIncreasingRun(kept.map((key) => oldIndex.get(key)!));
  return new Set(kept.filter((_, index) => !stayed.has(index)));
}

/** The indexes (into `values`) of one longest strictly increasing subsequence, in O(n log n). */
function longestIncreasingRun(values: number[]): Set<number> {
  const tails: number[] = []; // tails[k]: index of the smallest last value of an increasing run of length k + 1
  const previous: number[] = [];
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  });
  const run = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) run.add(index);
  return run;
}

/** Returns whether anything about the product's groups or options changed. */
function syncGroups(tx: Tx, productId: number, item: ParsedProduct, summary: CsvImportSummary): boolean {
  let changed = false;
  const existingGroups = tx.select().from(optionGroups).where(eq(optionGroups.productId, productId)).all();
  const keptGroups = new Set<number>();

  item.groups.forEach((group, groupPosition) => {
    summary.imported.groups += 1;
    const current = existingGroups.find((g) => g.name === group.name);
    const values = { productId, name: group.name, exclusive: group.exclusive, required: group.required, position: groupPosition };
    let groupId: number;
    if (current) {
      groupId = current.id;
      if (current.exclusive !== group.exclusive || current.required !== group.required || current.position !== groupPosition) changed = true;
      tx.update(optionGroups).set(values).where(eq(optionGroups.id, groupId)).run();
    } else {
      groupId = tx.insert(optionGroups).values(values).returning({ id: optionGroups.id }).get().id;
      changed = true;
    }
    keptGroups.add(groupId);

    const existingOptions = tx.select().from(options).where(eq(options.groupId, groupId)).all();
    const keptOptions = new Set<number>();
    group.options.forEach((option, position) => {
      summary.imported.options += 1;
      const currentOption = existingOptions.find((o) => o.name === option.name);
      if (currentOption) {
        if (currentOption.priceCents !== option.priceCents || currentOption.position !== position) changed = true;
        tx.update(options).set({ priceCents: option.priceCents, position }).where(eq(options.id, currentOption.id)).run();
        keptOptions.add(currentOption.id);
      } else {
        const id = tx.insert(options).values({ groupId, name: option.name, priceCents: option.priceCents, position }).returning({ id: options.id }).get().id;
        keptOptions.add(id);
        changed = true;
      }
    });
    for (const old of existingOptions) {
      if (!keptOptions.has(old.id)) {
        tx.delete(options).where(and(eq(options.id, old.id), eq(options.groupId, groupId))).run();
        changed = true;
      }
    }
  });

  for (const old of existingGroups) {
    if (!keptGroups.has(old.id)) {
      tx.delete(optionGroups).where(eq(optionGroups.id, old.id)).run();
      changed = true;
    }
  }
  return changed;
}
