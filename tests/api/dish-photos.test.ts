/**
 * Dish photos (API.md "Menu editing", docs/decisions/0025-dish-photos.md): an upload is decoded,
 * turned upright, stripped of camera data and stored as WebP in a few sizes, in the database, so a
 * second instance serves it too; the images are served content-addressed with immutable caching;
 * anything that is not a JPEG, PNG or WebP photo, or is too large, is refused and stores nothing;
 * replacing or removing a photo, deleting a product or importing a CSV without it leaves no image
 * behind; and every change is announced to open menus and audited. Runs on SQLite and PostgreSQL.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_STORED_BYTES } from "../../contract/photos";
import type { AuditEntry, EditedProduct, Photo } from "../../contract/schemas";
import { call, csvForm, expectApiError, readMenu } from "../support/api-helpers";
import { FIXTURE_JPEG, photoForm, smallPng, srcsetHashes, uploadPhoto } from "../support/photos";
import { rawRequest } from "../support/raw-http";
import { SseStream } from "../support/sse-stream";
import { staffAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, TEST_DIALECT, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;
/** The fixture, uploaded once and shared by the tests that only read it. */
let fixtureProduct: EditedProduct;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
  const uploaded = await uploadPhoto(server, token, (await newProduct("Photo Fixture Skewers")).id, FIXTURE_JPEG);
  expect(uploaded.status, uploaded.text).toBe(200);
  fixtureProduct = uploaded.body;
});
afterAll(() => server?.dispose());

let named = 0;
async function newProduct(name = `Photo Dish ${++named}`, branch = 1): Promise<EditedProduct> {
  const created = await call<EditedProduct>(server, "POST", `/api/products?branch_id=${branch}`, {
    token,
    json: { category: "main", name, price: "12.00", customizations: {} },
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body.photo).toBeNull();
  return created.body;
}

const image = (hash: string, on: Pick<TestServer, "url"> = server) => fetch(`${on.url}/api/photos/${hash}`);
const imageBytes = async (hash: string, on: Pick<TestServer, "url"> = server) => Buffer.from(await (await image(hash, on)).arrayBuffer());

/** Every stored image's hash. */
const storedHashes = async () => (await server.query<{ hash: string }>("SELECT hash FROM photo_variants ORDER BY hash")).map((r) => r.hash);
/** Stored images no product shows: there must never be any. */
const unshown = async () =>
  (
    await server.query<{ n: number }>(
      "SELECT count(*) AS n FROM photo_variants v WHERE NOT EXISTS (SELECT 1 FROM product_photos p WHERE p.variant_hash = v.hash)",
    )
  )[0]!.n;
const menuPhoto = async (productId: number, on: Pick<TestServer, "url"> = server, branch = 1) =>
  Object.values(await readMenu(on, branch))
    .flat()
    .find((p) => p.id === productId)?.photo;

describe("an upload", () => {
  it("turns the camera's JPEG upright and stores it as WebP in three sizes, no larger than the photo", async () => {
    const photo = fixtureProduct.photo!;
    // Upright the fixture is 1200 × 1600: each size fits its box (320, 640, 960) and keeps the proportions.
    expect(photo.srcset).toMatch(/^\/api\/photos\/[0-9a-f]{32} 240w, \/api\/photos\/[0-9a-f]{32} 480w, \/api\/photos\/[0-9a-f]{32} 720w$/);
    const [small, medium, large] = srcsetHashes(photo.srcset);
    expect(photo).toEqual({ url: `/api/photos/${medium}`, srcset: photo.srcset, width: 480, height: 640, alt: "Photo Fixture Skewers" });
    for (const [hash, width, height] of [
      [small, 240, 320],
      [medium, 480, 640],
      [large, 720, 960],
    ] as const) {
      const bytes = await imageBytes(hash!);
      expect(bytes.length).toBeLessThanOrEqual(PHOTO_MAX_STORED_BYTES);
      const metadata = await sharp(bytes).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: "webp", width, height });
      // No camera data: no EXIF (so no GPS and no orientation left to apply), no colour profile, no XMP.
      expect({ exif: metadata.exif, icc: metadata.icc, xmp: metadata.xmp, orientation: metadata.orientation }).toEqual({
        exif: undefined,
        icc: undefined,
        xmp: undefined,
        orientation: undefined,
      });
      expect(bytes.includes("Limitless Test Camera")).toBe(false);
    }
    // Upright: the red tablecloth is along the top edge, not a side.
    const top = await sharp(await imageBytes(large!))
      .extract({ left: 0, top: 0, width: 720, height: 40 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mean = (channel: number) => {
      let sum = 0;
      for (let i = channel; i < top.data.length; i += top.info.channels) sum += top.data[i]!;
      return sum / (top.data.length / top.info.channels);
    };
    expect(mean(0) - Math.max(mean(1), mean(2))).toBeGreaterThan(60);
    expect(await menuPhoto(fixtureProduct.id)).toEqual(photo);
  });

  it("keeps no EXIF or GPS position of a PNG, and never enlarges a small photo", async () => {
    const product = await newProduct();
    const withGps = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2e86c1" } })
      .withExif({
        IFD0: { Make: "Secret Phone", Model: "GPS 1" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 48/1 4212/100", GPSLongitudeRef: "W", GPSLongitude: "79/1 25/1 1764/100" },
      })
      .png()
      .toBuffer();
    const sent = await sharp(withGps).metadata();
    expect(sent.exif?.includes("Secret Phone")).toBe(true);
    // The EXIF carries a GPS directory (tag 0x8825, big- or little-endian).
    expect(sent.exif!.includes(Buffer.from([0x88, 0x25])) || sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const uploaded = await uploadPhoto(server, token, product.id, withGps, "dish.png");
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.body.photo!.srcset).toMatch(/ 320w, .* 400w$/);
    for (const hash of srcsetHashes(uploaded.body.photo!.srcset)) {
      const bytes = await imageBytes(hash);
      const metadata = await sharp(bytes).metadata();
      expect({ format: metadata.format, exif: metadata.exif, xmp: metadata.xmp }).toEqual({
        format: "webp",
        exif: undefined,
        xmp: undefined,
      });
      expect(metadata.width).toBeLessThanOrEqual(400);
      expect(bytes.includes("Secret Phone")).toBe(false);
    }
  });

  it("names each image by the hash of its bytes, and stores a photo two products show once", async () => {
    const [first, second] = [await newProduct(), await newProduct()];
    const photo = await smallPng("#16a085", 700, 500);
    const before = (await storedHashes()).length;
    const a = (await uploadPhoto(server, token, first.id, photo)).body.photo!;
    const b = (await uploadPhoto(server, token, second.id, photo)).body.photo!;
    expect(b.srcset).toBe(a.srcset);
    const hashes = srcsetHashes(a.srcset);
    expect((await storedHashes()).length).toBe(before + hashes.length);
    for (const hash of hashes)
      expect(
        createHash("sha256")
          .update(await imageBytes(hash))
          .digest("hex")
          .slice(0, 32),
      ).toBe(hash);
  });
});

describe("refused uploads", () => {
  it("refuses a text file named .jpg (415 unsupported_image), whatever type it claims", async () => {
    const product = await newProduct();
    const before = await storedHashes();
    const text = new TextEncoder().encode("This is not a photo, whatever its name says.\n".repeat(50));
    const answer = await call(server, "POST", `/api/products/${product.id}/photo`, {
      token,
      body: photoForm(text, "dish.jpg", "image/jpeg"),
    });
    const error = expectApiError(answer, 415, "unsupported_image");
    expect(error.message).toMatch(/JPEG, PNG or WebP/);
    expect(await storedHashes()).toEqual(before);
    expect(await menuPhoto(product.id)).toBeNull();
  });

  it("refuses a corrupt JPEG, an SVG and a GIF (415 unsupported_image)", async () => {
    const product = await newProduct();
    const before = await storedHashes();
    const corrupt = Buffer.concat([FIXTURE_JPEG.subarray(0, 20_000), Buffer.alloc(30_000, 0x5a)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    for (const [bytes, name] of [
      [corrupt, "corrupt.jpg"],
      [svg, "dish.svg"],
      [gif, "dish.gif"],
    ] as const) {
      expectApiError(await uploadPhoto(server, token, product.id, bytes, name), 415, "unsupported_image");
    }
    expect(await storedHashes()).toEqual(before);
    expect(await menuPhoto(product.id)).toBeNull();
  });

  it("refuses a 12 MB file with 413 before reading it, sent with its length or in chunks, and stores nothing", async () => {
    const product = await newProduct();
    const before = await storedHashes();
    const huge = Buffer.alloc(12 * 1024 * 1024, 0x41);
    FIXTURE_JPEG.copy(huge); // a real JPEG's start: refused for its size, not its content
    const form = new Response(photoForm(huge));
    const body = new Uint8Array(await form.arrayBuffer());
    const contentType = form.headers.get("content-type")!;
    const withLength = await rawRequest(server.url, {
      method: "POST",
      path: `/api/products/${product.id}/photo`,
      headers: [
        ["Authorization", `Bearer ${token}`],
        ["Content-Type", contentType],
      ],
      body,
    });
    expect(withLength.status).toBe(413);
    expect(JSON.parse(withLength.text)).toMatchObject({ error: { code: "file_too_large", message: expect.stringMatching(/10 MB/) } });

    const chunked = await fetch(`${server.url}/api/products/${product.id}/photo`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType },
      body: new Blob([body]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as { error: { code: string } }).error.code).toBe("file_too_large");
    expect(await storedHashes()).toEqual(before);
    expect(await menuPhoto(product.id)).toBeNull();
  });

  it("refuses a form without the photo (400 file_required) and a body that is not a form (415)", async () => {
    const product = await newProduct();
    const path = `/api/products/${product.id}/photo`;
    expectApiError(await call(server, "POST", path, { token, body: csvForm(FIXTURE_JPEG, "picture", "dish.jpg") }), 400, "file_required");
    expectApiError(await call(server, "POST", path, { token, json: { photo: "dish.jpg" } }), 415, "unsupported_media_type");
    expect(await menuPhoto(product.id)).toBeNull();
  });

  it("answers 404 for a product that does not exist", async () => {
    expectApiError(await uploadPhoto(server, token, 999_999, await smallPng()), 404, "product_not_found");
    expectApiError(await call(server, "DELETE", "/api/products/999999/photo", { token }), 404, "product_not_found");
  });

  it("is for owners and managers of the product's branch only (403 forbidden)", async () => {
    const product = await newProduct();
    const photo = await smallPng("#8e44ad");
    const { token: otherManager } = await staffAccount(server, "manager", [2]);
    for (const as of [(await staffAccount(server, "kitchen", [1])).token, (await staffAccount(server, "floor", [1])).token, otherManager]) {
      expectApiError(await uploadPhoto(server, as, product.id, photo), 403, "forbidden");
      expectApiError(await call(server, "DELETE", `/api/products/${product.id}/photo`, { token: as }), 403, "forbidden");
    }
    expect(await menuPhoto(product.id)).toBeNull();
    const { token: manager } = await staffAccount(server, "manager", [1]);
    expect((await uploadPhoto(server, manager, product.id, photo)).status).toBe(200);
  });
});

describe("serving", () => {
  it("answers an image with its type, immutable caching and nosniff; 304 to its ETag; 404 for an unknown hash", async () => {
    const hash = srcsetHashes(fixtureProduct.photo!.srcset)[0]!;
    const answer = await image(hash);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Number(answer.headers.get("content-length"))).toBe((await answer.arrayBuffer()).byteLength);
    const etag = answer.headers.get("etag")!;
    expect(etag).toBe(`"${hash}"`);
    expect((await fetch(`${server.url}/api/photos/${hash}`, { headers: { "If-None-Match": etag } })).status).toBe(304);

    for (const unknown of ["0".repeat(32), "not-a-hash", `${hash}0`]) {
      expectApiError(await call(server, "GET", `/api/photos/${unknown}`), 404, "photo_not_found");
    }
  });
});

describe("no image left behind", () => {
  it("deletes the old images when a photo is replaced or removed", async () => {
    const product = await newProduct();
    const first = srcsetHashes((await uploadPhoto(server, token, product.id, await smallPng("#d35400", 900, 600))).body.photo!.srcset);
    const second = srcsetHashes((await uploadPhoto(server, token, product.id, await smallPng("#27ae60", 900, 600))).body.photo!.srcset);
    let stored = await storedHashes();
    expect(first.filter((hash) => stored.includes(hash))).toEqual([]);
    expect(second.every((hash) => stored.includes(hash))).toBe(true);
    expect(await unshown()).toBe(0);

    const removed = await call<EditedProduct>(server, "DELETE", `/api/products/${product.id}/photo`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: product.id, category: "main", photo: null });
    stored = await storedHashes();
    expect(second.filter((hash) => stored.includes(hash))).toEqual([]);
    expect(await menuPhoto(product.id)).toBeNull();
    expect((await image(second[0]!)).status).toBe(404);
    // Removing it again changes nothing and is still 200.
    expect((await call(server, "DELETE", `/api/products/${product.id}/photo`, { token })).status).toBe(200);
    expect(await unshown()).toBe(0);
  });

  it("keeps an image another product still shows, and deletes a deleted product's own", async () => {
    const [keeps, goes] = [await newProduct(), await newProduct()];
    const photo = await smallPng("#f1c40f", 800, 800);
    const shared = srcsetHashes((await uploadPhoto(server, token, keeps.id, photo)).body.photo!.srcset);
    expect((await uploadPhoto(server, token, goes.id, photo)).status).toBe(200);
    expect((await call(server, "DELETE", `/api/products/${goes.id}`, { token })).status).toBe(204);
    expect(await storedHashes()).toEqual(expect.arrayContaining(shared));
    expect((await image(shared[0]!)).status).toBe(200);

    const alone = await newProduct();
    const own = srcsetHashes((await uploadPhoto(server, token, alone.id, await smallPng("#34495e", 500, 500))).body.photo!.srcset);
    expect((await call(server, "DELETE", `/api/products/${alone.id}`, { token })).status).toBe(204);
    const stored = await storedHashes();
    expect(own.filter((hash) => stored.includes(hash))).toEqual([]);
    expect(await unshown()).toBe(0);
  });

  it("a CSV import keeps the photo of a product it keeps and deletes the photos of those it drops", async () => {
    const [kept, dropped] = [await newProduct("Photo CSV Kept", 2), await newProduct("Photo CSV Dropped", 2)];
    const keptPhoto = (await uploadPhoto(server, token, kept.id, await smallPng("#c0392b", 640, 480))).body.photo!;
    const droppedHashes = srcsetHashes(
      (await uploadPhoto(server, token, dropped.id, await smallPng("#2980b9", 640, 480))).body.photo!.srcset,
    );
    const exported = await call(server, "GET", "/api/products/export_csv?branch_id=2", { token });
    expect(exported.text).not.toMatch(/\/api\/photos\//); // the CSV carries no photos
    const withoutDropped = exported.text
      .split("\r\n")
      .filter((line) => !line.includes("Photo CSV Dropped"))
      .join("\r\n");
    const imported = await call<{ changes: { removed: string[] } }>(server, "POST", "/api/products/upload_csv?branch_id=2", {
      token,
      body: csvForm(withoutDropped),
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.changes.removed).toEqual(["Photo CSV Dropped"]);
    expect(await menuPhoto(kept.id, server, 2)).toEqual(keptPhoto);
    const stored = await storedHashes();
    expect(droppedHashes.filter((hash) => stored.includes(hash))).toEqual([]);
    expect(await unshown()).toBe(0);
  });
});

describe("live and audited", () => {
  it("announces the product with its photo to open menus (product.updated), and its removal", async () => {
    const product = await newProduct();
    const stream = await SseStream.open(`${server.url}/api/products/events?branch_id=1`);
    // The stream may still bring the product's creation (photo null) first: wait for the change asked for.
    const nextUpdate = async (hasPhoto: boolean) => {
      for (;;) {
        const event = await stream.next(5_000);
        const data = JSON.parse(event.data) as EditedProduct;
        if (event.event === "product.updated" && data.id === product.id && (data.photo !== null) === hasPhoto) return data;
      }
    };
    try {
      const uploaded = await uploadPhoto(server, token, product.id, await smallPng("#e67e22"));
      expect(await nextUpdate(true)).toMatchObject({ id: product.id, category: "main", photo: uploaded.body.photo as Photo });
      await call(server, "DELETE", `/api/products/${product.id}/photo`, { token });
      expect(await nextUpdate(false)).toMatchObject({ id: product.id, photo: null });
    } finally {
      stream.close();
    }
  });

  it("writes product.photo_set and product.photo_removed to the audit log, with who did it", async () => {
    const product = await newProduct();
    await uploadPhoto(server, token, product.id, await smallPng("#7f8c8d"));
    await call(server, "DELETE", `/api/products/${product.id}/photo`, { token });
    const entries = (await call<AuditEntry[]>(server, "GET", "/api/audit_log?branch_id=1", { token })).body.filter(
      (entry) => entry.target === `product:${product.id}` && entry.action.startsWith("product.photo"),
    );
    expect(entries.map((entry) => entry.action)).toEqual(["product.photo_removed", "product.photo_set"]);
    expect(entries.every((entry) => entry.actor_email === server.staff.email)).toBe(true);
    expect(entries[1]!.details).toMatchObject({
      name: product.name,
      sizes: [
        { width: 320, height: 240 },
        { width: 400, height: 300 },
      ],
    });
  });
});

describe("a second instance on the same database", () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({ staticDir: null, sameDatabaseAs: server });
  });
  afterAll(() => second?.dispose());

  it("serves a photo uploaded on the first, byte for byte, and shows it on its menu", async () => {
    const product = await newProduct();
    const photo = (await uploadPhoto(server, token, product.id, await smallPng("#9b59b6", 1000, 750))).body.photo!;
    for (const hash of srcsetHashes(photo.srcset)) {
      const answer = await image(hash, second);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await answer.arrayBuffer()).equals(await imageBytes(hash))).toBe(true);
    }
    expect(await menuPhoto(product.id, second)).toEqual(photo);
  });

  // Several instances share a PostgreSQL database, which tells each of the others' changes (NOTIFY);
  // SQLite serves one instance (README), so there is no other instance's cache to tell.
  if (TEST_DIALECT === "postgres") {
    it("updates the second instance's cached menu", async () => {
      const product = await newProduct();
      // The new dish reaches the second instance by the same NOTIFY; once it is there, its menu is cached.
      await expect.poll(() => menuPhoto(product.id, second), { timeout: 10_000, interval: 100 }).toBeNull();
      const photo = (await uploadPhoto(server, token, product.id, await smallPng("#95a5a6"))).body.photo!;
      await expect.poll(() => menuPhoto(product.id, second), { timeout: 10_000, interval: 100 }).toEqual(photo);
    });
  }
});
