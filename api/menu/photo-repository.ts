/**
 * Dish photos' queries: the stored images (`photo_variants`, by the hash of their bytes) and which
 * product shows which (`product_photos`). A product's photo reads back as the contract's `photo`.
 */
import { asc, eq, inArray, notExists, sql } from "drizzle-orm";
import { API_ROUTES } from "../../contract/api-routes";
import type { Photo } from "../../contract/schemas";
import type { Db } from "../db/database";
import { affectedRows, preparedQuery, tablesOf } from "../db/dialect";
import type { StoredImage } from "./photo-processing";

/** `photo.url` is the image made for this box, or the largest there is when the photo is smaller. */
const DEFAULT_BOX = 640;

export const photoUrl = (hash: string) => `/api${API_ROUTES.photo.path.replace(":hash", hash)}`;

interface ShownImage {
  hash: string;
  width: number;
  height: number;
}

/** The photo of each of `products` that has one, by product id (its name is the photo's `alt`). */
export async function photosOf(db: Db, products: readonly { id: number; name: string }[]): Promise<Map<number, Photo>> {
  const photos = new Map<number, Photo>();
  if (products.length === 0) return photos;
  const { productPhotos, photoVariants } = tablesOf(db);
  const rows = await db
    .select({ productId: productPhotos.productId, hash: photoVariants.hash, width: photoVariants.width, height: photoVariants.height })
    .from(productPhotos)
    .innerJoin(photoVariants, eq(photoVariants.hash, productPhotos.variantHash))
    .where(
      inArray(
        productPhotos.productId,
        products.map((p) => p.id),
      ),
    )
    .orderBy(asc(productPhotos.productId), asc(photoVariants.width));
  const byProduct = new Map<number, ShownImage[]>();
  for (const { productId, ...image } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), image]);
  for (const { id, name } of products) {
    const images = byProduct.get(id);
    if (images) photos.set(id, photoOf(images, name));
  }
  return photos;
}

/** `images` smallest first. */
function photoOf(images: ShownImage[], name: string): Photo {
  const fallback = images.filter((image) => Math.max(image.width, image.height) <= DEFAULT_BOX).at(-1) ?? images[0]!;
  return {
    url: photoUrl(fallback.hash),
    srcset: images.map((image) => `${photoUrl(image.hash)} ${image.width}w`).join(", "),
    width: fallback.width,
    height: fallback.height,
    alt: name,
  };
}

/** Makes `images` the product's photo, replacing any it had (call inside a transaction, under the `photos` lock). */
export async function showImages(tx: Db, productId: number, images: readonly StoredImage[]): Promise<void> {
  const { productPhotos, photoVariants } = tablesOf(tx);
  // An image another product shows already is stored once.
  await tx
    .insert(photoVariants)
    .values(images.map(({ hash, contentType, width, height, bytes }) => ({ hash, contentType, width, height, bytes })))
    .onConflictDoNothing();
  await tx.delete(productPhotos).where(eq(productPhotos.productId, productId));
  await tx.insert(productPhotos).values(images.map((image) => ({ productId, variantHash: image.hash })));
}

/** False when the product had no photo. */
export async function hideImages(tx: Db, productId: number): Promise<boolean> {
  const { productPhotos } = tablesOf(tx);
  return affectedRows(await tx.delete(productPhotos).where(eq(productPhotos.productId, productId))) > 0;
}

/**
 * Deletes the stored images no product shows any more: call in the transaction that stopped showing
 * them (a photo replaced or removed, products deleted), under the `photos` lock, so none is left behind.
 */
export async function deleteUnshownImages(tx: Db): Promise<number> {
  const { productPhotos, photoVariants } = tablesOf(tx);
  const shown = tx
    .select({ one: sql`1` })
    .from(productPhotos)
    .where(eq(productPhotos.variantHash, photoVariants.hash));
  return affectedRows(await tx.delete(photoVariants).where(notExists(shown)));
}

// Every dish on a phone's menu asks for its image: prepared once per connection.
const imageByHash = preparedQuery("stored_image", (db, t) =>
  db
    .select({ contentType: t.photoVariants.contentType, bytes: t.photoVariants.bytes })
    .from(t.photoVariants)
    .where(eq(t.photoVariants.hash, sql.placeholder("hash")))
    .limit(1),
);

/** A stored image's bytes and type, or undefined. */
export async function storedImage(db: Db, hash: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await imageByHash(db).execute({ hash });
  return row;
}
