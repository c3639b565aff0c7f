/**
 * The demo menu's dish pictures: drawn illustrations (scripts/generate-demo-photos.ts draws them and
 * writes the stored images, committed in demo-photos/), one per kind of dish, so every dish of both
 * branches shows one; identical images are stored once. Only the demo start seeds them (`npm start`
 * or `npm run serve` on an empty database, api/main.ts); test servers seed without photos.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CategoryKey } from "../../contract/menu";
import type { DatabaseHandle } from "../db/database";
import { tablesOf } from "../db/dialect";
import { imageHash, type StoredImage } from "../menu/photo-processing";
import { showImages } from "../menu/photo-repository";

/** Next to this module: api/seed/demo-photos/ here, dist-server/demo-photos/ in the built server (scripts/build-server.mjs). */
export const DEMO_PHOTOS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "demo-photos");

export type Drawing = "skewers" | "wings" | "ricePlate" | "burger" | "fries" | "seafood" | "nachos" | "beer" | "cocktail" | "bucket";

/** A dish's name picks its drawing where it says what the dish is; the first match wins. */
const BY_NAME: [RegExp, Drawing][] = [
  [/wing/i, "wings"],
  [/skewer|bbq/i, "skewers"],
  [/shot|cocktail|bomb|wine/i, "cocktail"],
  [/rice/i, "ricePlate"],
  [/fries|frites|poutine/i, "fries"],
  [/burger|sandwich/i, "burger"],
  [/nacho|taco/i, "nachos"],
];
const BY_CATEGORY: Record<CategoryKey, Drawing> = {
  special: "ricePlate",
  starter: "nachos",
  fries: "fries",
  burger: "burger",
  seafood: "seafood",
  main: "ricePlate",
  drink: "beer",
  bucket: "bucket",
};

export function drawingFor(category: CategoryKey, name: string): Drawing {
  return BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? BY_CATEGORY[category];
}

/** The committed images, by drawing. */
function demoImages(): Map<string, StoredImage[]> {
  const images = new Map<string, StoredImage[]>();
  for (const file of readdirSync(DEMO_PHOTOS_DIR).sort()) {
    const [, drawing, width, height] = /^(\w+)\.(\d+)x(\d+)\.webp$/.exec(file) ?? [];
    if (!drawing) continue;
    const bytes = readFileSync(join(DEMO_PHOTOS_DIR, file));
    const image: StoredImage = { hash: imageHash(bytes), contentType: "image/webp", width: Number(width), height: Number(height), bytes };
    images.set(drawing, [...(images.get(drawing) ?? []), image]);
  }
  return images;
}

/** Gives every product of the (just seeded) menu its drawing. */
export async function seedDemoPhotos(database: DatabaseHandle): Promise<void> {
  const images = demoImages();
  await database.transaction(async (tx) => {
    const { products } = tablesOf(tx);
    const rows = await tx.select({ id: products.id, name: products.name, category: products.categoryKey }).from(products);
    for (const row of rows) {
      const drawing = drawingFor(row.category as CategoryKey, row.name);
      const shown = images.get(drawing);
      if (!shown) throw new Error(`No demo picture "${drawing}" in ${DEMO_PHOTOS_DIR}: run scripts/generate-demo-photos.ts`);
      await showImages(tx, row.id, shown);
    }
  });
}
