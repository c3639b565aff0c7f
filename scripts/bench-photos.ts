/**
 * Dish photos' sizes and costs, written to docs/performance/dish-photos.md: what each stored size
 * weighs for the camera-like test fixture, a 12-megapixel phone photo and the demo's drawings; how
 * long one upload takes to process on this machine; AVIF beside WebP (docs/decisions/0025); and what
 * the demo seed costs.
 *
 *   npm run bench:photos              # measures, writes docs/performance/dish-photos.md
 *   npm run bench:photos -- --no-write
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { PHOTO_MAX_STORED_BYTES } from "../contract/photos";
import { openDatabase } from "../api/db/database";
import { PHOTO_BOXES, preparePhoto, type StoredImage } from "../api/menu/photo-processing";
import { DEMO_PHOTOS_DIR, seedDemoPhotos } from "../api/seed/demo-photos";
import { seedDatabase } from "../api/seed/seed";
import { DEMO_DRAWINGS, drawDemoPicture } from "./generate-demo-photos";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const REPORT = join(root, "docs", "performance", "dish-photos.md");
const FIXTURE = join(root, "tests", "fixtures", "dish-photo.jpg");
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

/** The median time of RUNS runs, and the last run's images. */
async function processing(upload: Buffer): Promise<{ images: StoredImage[]; ms: number }> {
  const times: number[] = [];
  let images: StoredImage[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { result, ms: took } = await timed(() => preparePhoto(upload));
    times.push(took);
    images = result;
  }
  return { images, ms: median(times) };
}

const sizesRow = (name: string, upload: Buffer, { images, ms: took }: { images: StoredImage[]; ms: number }) =>
  `| ${name} | ${kB(upload.length)} | ${images.map((image) => `${image.width}×${image.height}: ${kB(image.bytes.length)}`).join(", ")} | ${ms(took)} |`;

/** WebP (what is stored) against AVIF for each stored size of the fixture: bytes and encode time. */
async function avifAgainstWebp(upload: Buffer): Promise<string[]> {
  const { data, info } = await sharp(upload, { autoOrient: true })
    .resize({ width: PHOTO_BOXES.at(-1), height: PHOTO_BOXES.at(-1), fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const rows: string[] = [];
  for (const box of PHOTO_BOXES) {
    const encode = async (format: "webp" | "avif") => {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const resized = pixels().resize({ width: box, height: box, fit: "inside" });
        const { result, ms: took } = await timed(() =>
          (format === "webp" ? resized.webp({ quality: 75 }) : resized.avif({ quality: 50 })).toBuffer(),
        );
        times.push(took);
        bytes = result.length;
      }
      return { bytes, ms: median(times) };
    };
    const [webp, avif] = [await encode("webp"), await encode("avif")];
    rows.push(
      `| ${box} px box | ${kB(webp.bytes)}, ${ms(webp.ms)} | ${kB(avif.bytes)}, ${ms(avif.ms)} | ${Math.round((1 - avif.bytes / webp.bytes) * 100)} % smaller, ${(avif.ms / webp.ms).toFixed(1)}× the time |`,
    );
  }
  return rows;
}

async function seedTimes(): Promise<{ seed: number; demoPhotos: number }> {
  const seed: number[] = [];
  const demoPhotos: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dir = mkdtempSync(join(tmpdir(), "bench-photos-"));
    const database = await openDatabase(
      { path: join(dir, "bench.db") },
      {
        seed: async (handle) => {
          seed.push((await timed(() => seedDatabase(handle))).ms);
          demoPhotos.push((await timed(() => seedDemoPhotos(handle))).ms);
        },
      },
    );
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { seed: median(seed), demoPhotos: median(demoPhotos) };
}

const load = loadavg()[0]!.toFixed(1);
const fixture = readFileSync(FIXTURE);
// A 12-megapixel phone photo's size: the fixture enlarged to 4032 × 3024, as a camera's JPEG.
const twelveMegapixels = await sharp(fixture).resize(4032, 3024).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
// The worst case for a lossy encoder: pure noise, which needs the lower qualities and then smaller sizes.
const noise = await sharp({
  create: { width: 2000, height: 2000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
})
  .png()
  .toBuffer();

const uploads = [
  sizesRow("the test fixture (1600×1200 JPEG, EXIF-rotated)", fixture, await processing(fixture)),
  sizesRow("a 12 MP phone photo (4032×3024 JPEG)", twelveMegapixels, await processing(twelveMegapixels)),
  sizesRow("pure noise (2000×2000 PNG): the worst case", noise, await processing(noise)),
];
const avifRows = await avifAgainstWebp(fixture);

const demoFiles = readdirSync(DEMO_PHOTOS_DIR).sort();
const demoRows = DEMO_DRAWINGS.map((drawing) => {
  const files = demoFiles.filter((file) => file.startsWith(`${drawing}.`));
  return `| ${drawing} | ${files.map((file) => `${file.split(".")[1]}: ${kB(statSync(join(DEMO_PHOTOS_DIR, file)).size)}`).join(", ")} |`;
});
const demoTotal = demoFiles.reduce((sum, file) => sum + statSync(join(DEMO_PHOTOS_DIR, file)).size, 0);
const drawing = await timed(async () => {
  for (const name of DEMO_DRAWINGS) await preparePhoto(await drawDemoPicture(name));
});
const seeds = await seedTimes();
const thumbnails = demoFiles
  .filter((file) => file.includes(".320x"))
  .reduce((sum, file) => sum + statSync(join(DEMO_PHOTOS_DIR, file)).size, 0);

const report = `# Dish photos: sizes and costs

What a dish photo weighs once stored, what processing one costs the server, and what the demo's
pictures cost at start-up. Images are not JavaScript: they do not count toward the first visit's
90 kB budget (bundle-budget.md); the thumbnails load lazily, and only those near the screen.

Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:photos\` (\`scripts/bench-photos.ts\`) on this machine
(${cpus().length} cores, ${cpus()[0]?.model ?? "unknown CPU"}, load average ${load} when it started: the
machine is shared, so times are indicative). Medians of ${RUNS} runs.

## Each upload, as stored

WebP at quality 75, fitting 320, 640 and 960 px boxes (never larger than the upload), each at most
${kB(PHOTO_MAX_STORED_BYTES)} (\`PHOTO_MAX_STORED_BYTES\`). "Processing" is the whole of
\`preparePhoto\`: decode, turn upright, strip, resize and encode every size, one photo at a time.

| Upload | File | Stored images (width×height: bytes) | Processing |
| --- | ---: | --- | ---: |
${uploads.join("\n")}

A phone's menu shows the 320 px image as an 88 CSS px thumbnail (2–3× screens), and the 640 or
960 px one in a dish's panel. The fixture is a drawing with sensor noise, smoother than a real photo
of food, whose finer detail weighs more; pure noise shows the most any stored image can weigh.

## AVIF beside WebP (the fixture, from the same pixels)

WebP at quality 75, AVIF at quality 50 (sharp's default, effort 4), each size encoded alone.

| Size | WebP | AVIF | AVIF against WebP |
| --- | --- | --- | --- |
${avifRows.join("\n")}

## The demo's drawn pictures

Ten drawings, ${demoFiles.length} stored images, ${kB(demoTotal)} in all (committed in \`api/seed/demo-photos/\`, written by
\`scripts/generate-demo-photos.ts\`). Every thumbnail of the demo menu together: ${kB(thumbnails)}.

| Drawing | Stored images |
| --- | --- |
${demoRows.join("\n")}

## Start-up

| Step | Time |
| --- | ---: |
| \`seedDatabase\` on an empty SQLite database (every test server; unchanged by photos) | ${ms(seeds.seed)} |
| \`seedDemoPhotos\`: link every dish of both branches to its committed drawing (\`npm start\` on an empty database only) | ${ms(seeds.demoPhotos)} |
| Drawing and processing the ten pictures at start-up instead (what committing them saves) | ${ms(drawing.ms)} |

## On the phone

The service worker keeps photos in their own cache of at most ${Math.floor((20 * 1024 * 1024) / PHOTO_MAX_STORED_BYTES)} entries: a 20 MB budget divided
by the largest stored image (vite.config.ts). Real photos are far smaller than the limit, so the
cache holds far less than 20 MB.
`;

if (process.argv.includes("--no-write")) process.stdout.write(report);
else {
  writeFileSync(REPORT, report);
  process.stdout.write(`wrote ${REPORT}\n`);
}
