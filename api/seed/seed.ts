/** First-run data: categories, both branches, the demo menu and a few demo stations. */
import { count } from "drizzle-orm";
import { ALLERGENS, CATEGORY_KEYS, CATEGORY_TITLES, DIETS } from "../../contract/menu";
import { parsePriceToCents } from "../../contract/money";
import { defaultPrepArea, type ParsedProduct } from "../menu/menu-csv";
import { applyMenu } from "../menu/menu-import";
import { insertDiningTable } from "../dining-tables/dining-table-repository";
import type { DatabaseHandle } from "../db/database";
import { tablesOf } from "../db/dialect";
import { SEED_BRANCHES, SEED_MENU, SEED_DINING_TABLES, SEED_OPTION_TRANSLATIONS } from "../db/seed-menu";

const cents = (price: string) => {
  const value = parsePriceToCents(price);
  if (value === null) throw new Error(`seed menu: bad price "${price}"`);
  return value;
};

/** The seed menu in the import format, so seeding and CSV import share one code path. */
export function seedMenuProducts(): ParsedProduct[] {
  return CATEGORY_KEYS.flatMap((category) =>
    SEED_MENU[category].map((item) => ({
      category,
      name: item.name,
      description: item.description,
      priceCents: cents(item.price),
      happyHourPriceCents: item.happyHourPrice === undefined ? null : cents(item.happyHourPrice),
      available: item.stock !== 0,
      weekday: item.weekday ?? null,
      // In the lists' own order, as a CSV import stores them.
      allergens: ALLERGENS.filter((allergen) => item.allergens.includes(allergen)),
      diet: DIETS.filter((tag) => item.diet.includes(tag)),
      prepArea: item.prepArea ?? defaultPrepArea(category),
      prepMinutes: item.prepMinutes,
      stock: item.stock ?? null,
      translations: item.translations,
      groups: (item.customizations ?? []).map((group) => ({
        name: group.name,
        exclusive: group.exclusive,
        required: group.required,
        translations: SEED_OPTION_TRANSLATIONS[group.name] ?? {},
        options: group.options.map((o) => ({
          name: o.name,
          priceCents: cents(o.price),
          translations: SEED_OPTION_TRANSLATIONS[o.name] ?? {},
        })),
      })),
    })),
  );
}

/**
 * Categories and branches always exist; the menu and stations are seeded only into an empty database,
 * all in one transaction, so a start that fails half-way seeds again next time.
 */
export async function seedDatabase(database: DatabaseHandle, options: { demoDiningTables?: boolean } = {}): Promise<{ seeded: boolean }> {
  return database.transaction(async (tx) => {
    const { branches, categories } = tablesOf(tx);
    const [existing] = await tx.select({ n: count() }).from(branches);
    for (const [position, key] of CATEGORY_KEYS.entries()) {
      await tx
        .insert(categories)
        .values({ key, title: CATEGORY_TITLES[key], position })
        .onConflictDoUpdate({ target: categories.key, set: { title: CATEGORY_TITLES[key], position } });
    }
    for (const branch of SEED_BRANCHES) await tx.insert(branches).values(branch).onConflictDoNothing();
    if (existing!.n > 0) return { seeded: false };

    const menu = seedMenuProducts();
    for (const branch of SEED_BRANCHES) {
      await applyMenu(tx, branch.id, menu);
      if (options.demoDiningTables !== false) {
        for (const { position, ...diningTable } of SEED_DINING_TABLES[branch.id] ?? [])
          await insertDiningTable(
            tx,
            { branchId: branch.id, ...diningTable, positionX: position?.x ?? null, positionY: position?.y ?? null },
            new Date(),
          );
      }
    }
    return { seeded: true };
  });
}
