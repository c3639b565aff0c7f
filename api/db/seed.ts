/** First-run data: categories, both branches, the demo menu and a few demo stations. */
import { count } from "drizzle-orm";
import { CATEGORY_KEYS, CATEGORY_TITLES } from "../../contract/menu";
import { parsePriceToCents } from "../../contract/money";
import { importMenu } from "../menu/menu-import";
import type { ParsedProduct } from "../menu/menu-csv";
import { createStation } from "../stations/station-repository";
import type { Db } from "./client";
import { branches, categories } from "./schema";
import { SEED_BRANCHES, SEED_MENU, SEED_STATIONS } from "./seed-menu";

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
      available: true,
      weekday: item.weekday ?? null,
      groups: (item.customizations ?? []).map((group) => ({
        name: group.name,
        exclusive: group.exclusive,
        required: group.required,
        options: group.options.map((o) => ({ name: o.name, priceCents: cents(o.price) })),
      })),
    })),
  );
}

/** Categories and branches always exist; the menu and stations are seeded only into an empty database. */
export function seedDatabase(db: Db, options: { demoStations?: boolean } = {}): { seeded: boolean } {
  const isEmpty = db.select({ n: count() }).from(branches).get()!.n === 0;
  db.transaction((tx) => {
    CATEGORY_KEYS.forEach((key, position) => {
      tx.insert(categories)
        .values({ key, title: CATEGORY_TITLES[key], position })
        .onConflictDoUpdate({ target: categories.key, set: { title: CATEGORY_TITLES[key], position } })
        .run();
    });
    for (const branch of SEED_BRANCHES) {
      tx.insert(branches).values(branch).onConflictDoNothing().run();
    }
  });
  if (!isEmpty) return { seeded: false };

  const menu = seedMenuProducts();
  for (const branch of SEED_BRANCHES) {
    importMenu(db, branch.id, menu, false);
    if (options.demoStations !== false) {
      for (const station of SEED_STATIONS[branch.id] ?? []) createStation(db, branch.id, station.codename, station.capacity);
    }
  }
  return { seeded: true };
}
