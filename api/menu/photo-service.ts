/**
 * Dish photos' writes (docs/decisions/0025-dish-photos.md). The upload is decoded, resized and encoded
 * before the transaction (photo-processing.ts: CPU work that must not hold the database); the
 * transaction stores and links the images, deletes those no product shows any more, and, like every
 * change to the menu, is audited, announced to open menus (`product.updated`, the whole product with
 * its new `photo`) and drops the branch's cached menu on every instance.
 */
import type { EditedProduct } from "../../contract/schemas";
import { recordAudit, type AuditActor } from "../audit/audit-service";
import type { Db } from "../db/database";
import { lockInTransaction } from "../db/dialect";
import { ApiHttpError } from "../lib/errors";
import type { ServiceDeps } from "../service-deps";
import { findProduct } from "./menu-repository";
import { announceProduct, edited, menuChanged } from "./menu-service";
import { preparePhoto, UnsupportedImage, type StoredImage } from "./photo-processing";
import { deleteUnshownImages, hideImages, showImages } from "./photo-repository";

/** The images of an upload; 415 `unsupported_image` for a file that is not a JPEG, PNG or WebP photo. */
async function imagesOf(upload: Uint8Array): Promise<StoredImage[]> {
  try {
    return await preparePhoto(upload);
  } catch (error) {
    if (error instanceof UnsupportedImage)
      throw new ApiHttpError(415, "unsupported_image", `${error.message} Send a JPEG, PNG or WebP photo.`);
    throw error;
  }
}

/** Audits, announces and answers a product whose photo changed (inside its transaction). */
async function photoChanged(tx: Db, productId: number, actor: AuditActor, details: Record<string, unknown>) {
  const found = (await findProduct(tx, productId))!;
  await recordAudit(tx, actor, {
    action: found.product.photo ? "product.photo_set" : "product.photo_removed",
    target: `product:${productId}`,
    branchId: found.branchId,
    details: { name: found.product.name, ...details },
  });
  await menuChanged(tx, found.branchId);
  await announceProduct(tx, found, actor.at);
  return edited(found);
}

/** Makes the upload the product's photo, replacing any it had. Undefined when there is no such product. */
export async function setProductPhoto(
  deps: ServiceDeps,
  productId: number,
  upload: Uint8Array,
  actor: AuditActor,
): Promise<EditedProduct | undefined> {
  const images = await imagesOf(upload);
  return deps.database.transaction(async (tx) => {
    await lockInTransaction(tx, "photos");
    if (!(await findProduct(tx, productId))) return undefined;
    await showImages(tx, productId, images);
    await deleteUnshownImages(tx);
    const sizes = images.map((image) => ({ width: image.width, height: image.height, bytes: image.bytes.length }));
    return photoChanged(tx, productId, actor, { sizes });
  });
}

/**
 * Removes the product's photo. A product without one is answered as it is (nothing to audit or
 * announce). Undefined when there is no such product.
 */
export async function removeProductPhoto(deps: ServiceDeps, productId: number, actor: AuditActor): Promise<EditedProduct | undefined> {
  return deps.database.transaction(async (tx) => {
    await lockInTransaction(tx, "photos");
    const found = await findProduct(tx, productId);
    if (!found) return undefined;
    if (!(await hideImages(tx, productId))) return edited(found);
    await deleteUnshownImages(tx);
    return photoChanged(tx, productId, actor, {});
  });
}
