/**
 * Dish photos for the tests: the committed camera-like JPEG (tests/fixtures/dish-photo.jpg, written by
 * scripts/generate-photo-fixture.ts), a small PNG made on the spot, and the upload as a form.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { EditedProduct } from "../../contract/schemas";
import { call, type ApiResponse } from "./api-helpers";
import type { TestServer } from "./test-server";

/** 1600 × 1200 pixels stored with EXIF Orientation 6 (upright: 1200 × 1600, a red band along its top), camera make and GPS. */
export const FIXTURE_JPEG = readFileSync(fileURLToPath(new URL("../fixtures/dish-photo.jpg", import.meta.url)));

/** A small plain PNG of one colour (a different photo for each colour). */
export function smallPng(colour = "#c0392b", width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The upload as a browser sends it: the file in the `photo` field. */
export function photoForm(bytes: Uint8Array, fileName = "dish.jpg", type = "image/jpeg"): FormData {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}

export function uploadPhoto(
  server: Pick<TestServer, "url">,
  token: string,
  productId: number,
  bytes: Uint8Array,
  fileName?: string,
): Promise<ApiResponse<EditedProduct>> {
  return call<EditedProduct>(server, "POST", `/api/products/${productId}/photo`, { token, body: photoForm(bytes, fileName) });
}

/** The hashes `srcset` names, smallest first. */
export function srcsetHashes(srcset: string): string[] {
  return srcset.split(", ").map((candidate) => /\/api\/photos\/([0-9a-f]{32}) \d+w$/.exec(candidate)![1]!);
}
