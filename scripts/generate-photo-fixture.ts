/**
 * Writes tests/fixtures/dish-photo.jpg: a photo-like test image as a phone camera saves one, so the
 * dish-photo tests and `npm run bench:photos` work on realistic bytes without anyone's real photo.
 * The JPEG is committed; run again only to change it:
 *
 *   npx tsx scripts/generate-photo-fixture.ts
 *
 * What makes it "photo-like": a drawn plate of skewers on a wooden table, softened by a blur and
 * covered in sensor noise (so it compresses like a photo, not like flat artwork), saved as a camera
 * held upright saves it: 1600 × 1200 landscape pixels with EXIF Orientation 6 ("turn 90° clockwise
 * to show"), the camera's make and model, and a GPS position. Shown upright it is 1200 × 1600 with a
 * red tablecloth along its top edge, which is how the tests tell that it was turned the right way.
 */
import { mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const WIDTH = 1200; // upright
const HEIGHT = 1600;

/** The same picture on every run (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sceneSvg(): string {
  const random = seededRandom(20261127);
  const between = (low: number, high: number) => low + random() * (high - low);
  const planks = Array.from({ length: 9 }, (_, i) => {
    const shade = Math.round(between(90, 130));
    return `<rect x="0" y="${240 + i * 160}" width="${WIDTH}" height="158" fill="rgb(${shade + 40},${shade},${Math.round(shade * 0.6)})"/>`;
  }).join("");
  const grain = Array.from({ length: 160 }, () => {
    const y = between(240, HEIGHT);
    return `<path d="M0 ${y.toFixed(0)} C ${between(200, 500).toFixed(0)} ${(y + between(-12, 12)).toFixed(0)}, ${between(700, 1000).toFixed(0)} ${(y + between(-12, 12)).toFixed(0)}, ${WIDTH} ${(y + between(-6, 6)).toFixed(0)}" stroke="rgba(40,20,5,${between(0.08, 0.25).toFixed(2)})" stroke-width="${between(1, 4).toFixed(1)}" fill="none"/>`;
  }).join("");
  const skewers = Array.from({ length: 5 }, (_, i) => {
    const y = 700 + i * 110;
    const pieces = Array.from({ length: 6 }, (_, j) => {
      const x = 330 + j * 95 + between(-8, 8);
      const r = Math.round(between(120, 170));
      return `<ellipse cx="${x.toFixed(0)}" cy="${(y + between(-6, 6)).toFixed(0)}" rx="${between(38, 48).toFixed(0)}" ry="${between(30, 40).toFixed(0)}" fill="rgb(${r},${Math.round(r * 0.45)},${Math.round(r * 0.2)})" stroke="rgb(60,25,10)" stroke-width="5"/>`;
    }).join("");
    return `<line x1="250" y1="${y}" x2="950" y2="${y}" stroke="#d8b27a" stroke-width="9"/>${pieces}`;
  }).join("");
  const herbs = Array.from({ length: 90 }, () => {
    const x = between(300, 900);
    const y = between(640, 1220);
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${between(4, 11).toFixed(0)}" ry="${between(2, 6).toFixed(0)}" transform="rotate(${between(0, 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="rgb(${Math.round(between(40, 90))},${Math.round(between(120, 170))},${Math.round(between(30, 70))})"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <radialGradient id="plate" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#fbfbf6"/><stop offset="0.8" stop-color="#e4e2da"/><stop offset="1" stop-color="#b9b6ad"/></radialGradient>
    <radialGradient id="light" cx="30%" cy="25%" r="90%"><stop offset="0" stop-color="rgba(255,240,210,0.35)"/><stop offset="1" stop-color="rgba(0,0,0,0.45)"/></radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#7a5030"/>
  ${planks}${grain}
  <rect x="0" y="0" width="${WIDTH}" height="240" fill="#b3122a"/>
  <ellipse cx="625" cy="990" rx="500" ry="420" fill="rgba(0,0,0,0.35)"/>
  <ellipse cx="600" cy="950" rx="480" ry="400" fill="url(#plate)"/>
  <ellipse cx="600" cy="950" rx="380" ry="310" fill="none" stroke="#cfcbc0" stroke-width="6"/>
  ${skewers}${herbs}
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
</svg>`;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "tests", "fixtures", "dish-photo.jpg");
mkdirSync(dirname(target), { recursive: true });

const upright = await sharp(Buffer.from(sceneSvg())).blur(1.2).removeAlpha().raw().toBuffer({ resolveWithObject: true });
// Sensor noise, added pixel by pixel (the same on every run).
const random = seededRandom(7);
const pixels = upright.data;
for (let i = 0; i < pixels.length; i += 1)
  pixels[i] = Math.max(0, Math.min(255, pixels[i]! + Math.round((random() + random() + random() - 1.5) * 14)));

await sharp(pixels, { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } })
  // Stored as the sensor saw it: the upright picture turned 90° counter-clockwise; Orientation 6 turns it back.
  .rotate(270)
  .withExif({
    IFD0: { Make: "Limitless Test Camera", Model: "Fixture 1" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 48/1 4212/100", GPSLongitudeRef: "W", GPSLongitude: "79/1 25/1 1764/100" },
  })
  .withMetadata({ orientation: 6 })
  .jpeg({ quality: 88, mozjpeg: false })
  .toFile(target);

const written = await sharp(target).metadata();
process.stdout.write(
  `${target}: ${written.width} × ${written.height}, orientation ${written.orientation}, ${statSync(target).size} bytes\n`,
);
