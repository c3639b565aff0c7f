/**
 * Replaces a branch's menu with an uploaded one, all or nothing. Items are matched by category and
 * name (groups by name, options by name), so an unchanged item keeps its id: carts, QR menus and
 * kitchen screens that hold ids keep working after a re-import.
 */
import { and, eq } from "drizzle-orm";
import { TRANSLATION_LANGUAGES } from "../../contract/menu";
import type { CsvImportSummary, NameTranslations } from "../../contract/schemas";
import type { Db, Tables } from "../db/database";
import { tablesOf } from "../db/dialect";
import type { ParsedProduct } from "./menu-csv";

type ProductRow = Tables["products"]["$inferSelect"];

/** Writes `parsed` as the branch's whole menu (call inside a transaction) and reports what changed. */
export async function applyMenu(tx: Db, branchId: number, parsed: ParsedProduct[]): Promise<CsvImportSummary> {
  const { products } = tablesOf(tx);
  const summary: CsvImportSummary = {
    imported: { products: parsed.length, groups: 0, options: 0 },
    dry_run: false,
    changes: { added: [], updated: [], removed: [] },
  };
  const changes = summary.changes!;
  const existing = await tx.select().from(products).where(eq(products.branchId, branchId));
  const byKey = new Map(existing.map((p) => [`${p.categoryKey}\u0000${p.name}`, p]));
  const kept = new Set<number>();
  const moved = movedProducts(existing, parsed);

  for (const [position, item] of parsed.entries()) {
    const values = productValues(branchId, item, position);
    const current = byKey.get(`${item.category}\u0000${item.name}`);
    let productId: number;
    if (current) {
      productId = current.id;
      const changed =
        current.description !== item.description ||
        current.priceCents !== item.priceCents ||
        current.available !== item.available ||
        current.weekday !== item.weekday ||
        menuDataChanged(current, item) ||
        moved.has(`${item.category}\u0000${item.name}`);
      await tx.update(products).set(values).where(eq(products.id, productId));
      const groupsChanged = await syncGroups(tx, productId, item, summary);
      if (changed || groupsChanged) changes.updated.push(item.name);
    } else {
      const [inserted] = await tx.insert(products).values(values).returning({ id: products.id });
      productId = inserted!.id;
      await syncGroups(tx, productId, item, summary);
      changes.added.push(item.name);
    }
    kept.add(productId);
  }

  for (const old of existing) {
    if (kept.has(old.id)) continue;
    await tx.delete(products).where(eq(products.id, old.id));
    changes.removed.push(old.name);
  }
  return summary;
}

/** A parsed product's columns. */
export function productValues(branchId: number, item: ParsedProduct, position: number) {
  return {
    branchId,
    categoryKey: item.category,
    name: item.name,
    description: item.description,
    priceCents: item.priceCents,
    happyHourPriceCents: item.happyHourPriceCents,
    available: item.available,
    weekday: item.weekday,
    position,
    allergens: item.allergens,
    diet: item.diet,
    prepArea: item.prepArea,
    prepMinutes: item.prepMinutes,
    stock: item.stock,
    translations: item.translations,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** Allergens, diet, prep station and time, stock, happy-hour price, translations: compared field by field (PostgreSQL's jsonb reorders keys). */
function menuDataChanged(current: ProductRow, item: ParsedProduct): boolean {
  const translationsDiffer = TRANSLATION_LANGUAGES.some((language) => {
    const before = current.translations[language];
    const after = item.translations[language];
    return before?.name !== after?.name || before?.description !== after?.description;
  });
  return (
    !sameList(current.allergens, item.allergens) ||
    !sameList(current.diet, item.diet) ||
    current.prepArea !== item.prepArea ||
    current.prepMinutes !== item.prepMinutes ||
    current.stock !== item.stock ||
    current.happyHourPriceCents !== item.happyHourPriceCents ||
    translationsDiffer
  );
}

/** Whether a group's or option's name differs in any language (compared by language: PostgreSQL's jsonb reorders keys). */
function namesDiffer(before: NameTranslations, after: NameTranslations): boolean {
  return TRANSLATION_LANGUAGES.some((language) => before[language]?.name !== after[language]?.name);
}

/**
 * The products that moved: adding or removing an item shifts every later position number, and
 * moving one item shifts the items it passes, but only the moved item itself is a change to report.
 * The longest run of kept products still in their old relative order stayed put; the others moved.
 */
function movedProducts(existing: ProductRow[], parsed: ParsedProduct[]): Set<string> {
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
export async function syncGroups(tx: Db, productId: number, item: ParsedProduct, summary: CsvImportSummary): Promise<boolean> {
  const { optionGroups, options } = tablesOf(tx);
  let changed = false;
  const existingGroups = await tx.select().from(optionGroups).where(eq(optionGroups.productId, productId));
  const keptGroups = new Set<number>();

  for (const [groupPosition, group] of item.groups.entries()) {
    summary.imported.groups += 1;
    const current = existingGroups.find((g) => g.name === group.name);
    const values = {
      productId,
      name: group.name,
      exclusive: group.exclusive,
      required: group.required,
      position: groupPosition,
      translations: group.translations,
    };
    let groupId: number;
    if (current) {
      groupId = current.id;
      if (
        current.exclusive !== group.exclusive ||
        current.required !== group.required ||
        current.position !== groupPosition ||
        namesDiffer(current.translations, group.translations)
      )
        changed = true;
      await tx.update(optionGroups).set(values).where(eq(optionGroups.id, groupId));
    } else {
      const [inserted] = await tx.insert(optionGroups).values(values).returning({ id: optionGroups.id });
      groupId = inserted!.id;
      changed = true;
    }
    keptGroups.add(groupId);

    const existingOptions = await tx.select().from(options).where(eq(options.groupId, groupId));
    const keptOptions = new Set<number>();
    for (const [position, option] of group.options.entries()) {
      summary.imported.options += 1;
      const currentOption = existingOptions.find((o) => o.name === option.name);
      if (currentOption) {
        if (
          currentOption.priceCents !== option.priceCents ||
          currentOption.position !== position ||
          namesDiffer(currentOption.translations, option.translations)
        )
          changed = true;
        await tx
          .update(options)
          .set({ priceCents: option.priceCents, position, translations: option.translations })
          .where(eq(options.id, currentOption.id));
        keptOptions.add(currentOption.id);
      } else {
        const [inserted] = await tx
          .insert(options)
          .values({ groupId, name: option.name, priceCents: option.priceCents, position, translations: option.translations })
          .returning({ id: options.id });
        keptOptions.add(inserted!.id);
        changed = true;
      }
    }
    for (const old of existingOptions) {
      if (!keptOptions.has(old.id)) {
        await tx.delete(options).where(and(eq(options.id, old.id), eq(options.groupId, groupId)));
        changed = true;
      }
    }
  }

  for (const old of existingGroups) {
    if (!keptGroups.has(old.id)) {
      await tx.delete(optionGroups).where(eq(optionGroups.id, old.id));
      changed = true;
    }
  }
  return changed;
}
