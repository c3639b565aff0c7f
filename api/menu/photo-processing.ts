/**
 * A dish photo as it is stored (docs/decisions/0025-dish-photos.md): the upload decoded (so only a
 * real JPEG, PNG or WebP is taken, whatever its name or declared type), turned upright by its EXIF
 * orientation, converted to sRGB with every piece of metadata dropped (EXIF, GPS, the colour profile,
 * XMP), and encoded as WebP in a few sizes, never larger than the upload. Each stored image is named by
 * the hash of its own bytes, so its URL can be cached for good.
 *
 * sharp does the work on libuv's thread pool, not the event loop, but it is CPU-heavy (about 0.3 s
 * of one core for a 12-megapixel photo): one photo is processed at a time per instance, and libvips
 * uses one thread for it, so a manager uploading photos on a busy night takes at most one core and one
 * pool thread (the pool also hashes passwords) away from orders.
 */
import { createHash } from "node:crypto";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { PHOTO_MAX_STORED_BYTES } from "../../contract/photos";

/**
 * Each stored size fits in a square box of this many pixels: 320 for the menu's thumbnails (88 CSS px
 * on a 2–3× phone screen), 640 and 960 for the dish's panel (a phone's width at 2–3×, or 560 px on a
 * tablet). A box rather than a width, so a tall photo is no larger than a wide one.
 */
export const PHOTO_BOXES = [320, 640, 960] as const;

/** A decompression bomb's header says how large it is: refused before anything is decoded (phones save at most ~50 MP). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * WebP quality (docs/performance/dish-photos.md). An image that does not fit PHOTO_MAX_STORED_BYTES at
 * 75 is tried at the lower ones, then smaller: only pathological images (pure noise) get that far.
 */
const QUALITIES = [75, 55, 35];
const SHRINK = 0.75;

sharp.concurrency(1);

export interface StoredImage {
  /** The first 128 bits of the bytes' SHA-256, hex: the image's name and URL. */
  hash: string;
  contentType: "image/webp";
  width: number;
  height: number;
  bytes: Buffer;
}

/** The upload is not a JPEG, PNG or WebP image sharp can decode: 415 `unsupported_image`. */
export class UnsupportedImage extends Error {}

// The formats' signatures: only these decoders ever see an upload (never SVG, TIFF, HEIF or GIF).
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Uint8Array) => Buffer.from(b.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isWebp = (b: Uint8Array) =>
  Buffer.from(b.subarray(0, 4)).toString("latin1") === "RIFF" && Buffer.from(b.subarray(8, 12)).toString("latin1") === "WEBP";

export const imageHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/** One photo at a time (see the header); the others wait their turn in order. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

/** The stored images of an upload, smallest first. Throws UnsupportedImage for anything that is not a photo it can read. */
export function preparePhoto(upload: Uint8Array): Promise<StoredImage[]> {
  if (!isJpeg(upload) && !isPng(upload) && !isWebp(upload)) {
    return Promise.reject(new UnsupportedImage("The file is not a JPEG, PNG or WebP image."));
  }
  return oneAtATime(async () => {
    let upright: { data: Buffer; info: OutputInfo };
    try {
      // Decoded once, at the largest size kept; the smaller ones are made from these pixels.
      upright = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
        .resize({ width: PHOTO_BOXES.at(-1), height: PHOTO_BOXES.at(-1), fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw new UnsupportedImage(`The image could not be read (${(error as Error).message.split("\n")[0]}).`);
    }
    const { width, height, channels } = upright.info;
    const longest = Math.max(width, height);
    const boxes = [...PHOTO_BOXES.filter((box) => box < longest), longest];
    const images = new Map<string, StoredImage>();
    for (const box of boxes) {
      const image = await encode(sharp(upright.data, { raw: { width, height, channels } }), box);
      images.set(image.hash, image); // two boxes shrunk to the same size make the same image
    }
    return [...images.values()];
  });
}

/** The pixels as WebP within `box` × `box`, at the best quality (and then size) that fits PHOTO_MAX_STORED_BYTES. */
async function encode(pixels: Sharp, box: number): Promise<StoredImage> {
  for (let size = box; ; size = Math.floor(size * SHRINK)) {
    for (const quality of QUALITIES) {
      const resized = pixels.clone().resize({ width: size, height: size, fit: "inside" });
      const { data, info } = await resized.webp({ quality }).toBuffer({ resolveWithObject: true });
      // Below 64 px any image fits (64 × 64 RGBA is 16 kB even uncompressed).
      if (data.length <= PHOTO_MAX_STORED_BYTES || size < 64) {
        return { hash: imageHash(data), contentType: "image/webp", width: info.width, height: info.height, bytes: data };
      }
    }
  }
}
