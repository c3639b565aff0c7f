/**
 * Writes the web-app-manifest icons (public/icons/) from one SVG: the flame of the logo on the
 * dark brand background. The PNGs are committed; run again only when the artwork changes:
 *
 *   npx tsx scripts/generate-icons.ts
 *
 * "any" icons: a rounded tile with the flame filling most of it.
 * "maskable" icon: a full-bleed background with the flame inside the central safe zone (the inner
 * 80 % circle a launcher may crop to), per https://w3c.github.io/manifest/#icon-masks.
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const BACKGROUND = "#111111";
// The logo's flame (public/images/logo.svg), drawn in a 32 × 32 box.
const FLAME = `
  <path d="M18 36c-9 0-14-6-13-13 1-6 6-9 6-16 5 3 7 7 6 12 2-2 3-5 3-8 6 5 9 11 8 16-1 5-5 9-10 9z" fill="#f2b705"/>
  <path d="M18 36c-4 0-6-3-5-6 1-3 3-4 3-7 3 2 6 5 6 8 0 3-2 5-4 5z" fill="#ff6a00"/>`;
// The flame's own bounds in logo units: x 4.9–28, y 7–36.
const FLAME_BOX = { x: 4.9, y: 7, width: 23.1, height: 29 };

/** An SVG of `size` px with the flame scaled to `flameShare` of the height, centred. */
function iconSvg(size: number, flameShare: number, rounded: boolean): string {
  const scale = (size * flameShare) / FLAME_BOX.height;
  const x = (size - FLAME_BOX.width * scale) / 2 - FLAME_BOX.x * scale;
  const y = (size - FLAME_BOX.height * scale) / 2 - FLAME_BOX.y * scale;
  const radius = rounded ? size * 0.18 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BACKGROUND}"/>
  <g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(4)})">${FLAME}</g>
</svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, flameShare: 0.72, rounded: true },
  { file: "icon-512.png", size: 512, flameShare: 0.72, rounded: true },
  // The safe zone is a circle of 40 % radius; a flame 56 % tall (and narrower) stays inside it.
  { file: "icon-512-maskable.png", size: 512, flameShare: 0.56, rounded: false },
];

export async function generateIcons(outDir: string): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const icon of ICONS) {
    const path = join(outDir, icon.file);
    await sharp(Buffer.from(iconSvg(icon.size, icon.flameShare, icon.rounded)))
      .png({ compressionLevel: 9, palette: true })
      .toFile(path);
    written.push(path);
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  for (const path of await generateIcons(join(root, "public", "icons"))) console.log(`wrote ${path}`);
}
