/**
 * The demo start's dish pictures (demo-photos.ts): every dish of both branches gets one of the
 * committed drawings, each stored once, each a WebP of the size its name says, within the stored-size
 * limit the service worker's cache is sized by.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_STORED_BYTES } from "../../contract/photos";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { tablesOf } from "../db/dialect";
import { loadMenu } from "../menu/menu-repository";
import { DEMO_PHOTOS_DIR, drawingFor, seedDemoPhotos } from "./demo-photos";
import { seedDatabase } from "./seed";

const dir = mkdtempSync(join(tmpdir(), "demo-photos-"));
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ path: join(dir, "demo.db") }, { seed: async (handle) => void (await seedDatabase(handle)) });
  await seedDemoPhotos(database);
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the demo's dish pictures", () => {
  it("give every dish of both branches its drawing, in three sizes", async () => {
    for (const branchId of [1, 2]) {
      const products = Object.values(await loadMenu(database.db, branchId)).flat();
      expect(products.length).toBeGreaterThan(40);
      for (const product of products) {
        expect(product.photo, product.name).toMatchObject({ alt: product.name, srcset: expect.stringMatching(/ 320w, .* 640w, .* 960w$/) });
      }
    }
    const menu = await loadMenu(database.db, 1);
    const burger = menu.burger.find((p) => p.name === "Limitless Mega Burger")!;
    const wings = menu.special.find((p) => p.name === "Monday Wings")!;
    expect(burger.photo!.srcset).not.toBe(wings.photo!.srcset);
    expect(drawingFor("burger", burger.name)).toBe("burger");
    expect(drawingFor("special", wings.name)).toBe("wings");
  });

  it("store each image once, however many dishes show it", async () => {
    const { photoVariants } = tablesOf(database.db);
    const stored = await database.db.select({ hash: photoVariants.hash }).from(photoVariants);
    expect(stored).toHaveLength(readdirSync(DEMO_PHOTOS_DIR).length);
  });

  it("are WebP images of the sizes their names say, each within the stored-size limit", async () => {
    const files = readdirSync(DEMO_PHOTOS_DIR);
    expect(files.length).toBe(30);
    for (const file of files) {
      const bytes = readFileSync(join(DEMO_PHOTOS_DIR, file));
      const [, width, height] = /\.(\d+)x(\d+)\.webp$/.exec(file)!;
      const metadata = await sharp(bytes).metadata();
      expect({ file, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        file,
        format: "webp",
        width: Number(width),
        height: Number(height),
      });
      expect(bytes.length).toBeLessThanOrEqual(PHOTO_MAX_STORED_BYTES);
    }
  });
});
