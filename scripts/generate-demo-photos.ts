/**
 * Draws the demo menu's dish pictures: original flat illustrations (no one's photos), one per kind of
 * dish, rasterised by sharp and put through the same processing as an upload
 * (api/menu/photo-processing.ts). The stored images are committed in api/seed/demo-photos/, so a first
 * start seeds them in milliseconds rather than drawing them for seconds (tests start the built server
 * on empty databases many times); run again only when the drawings change:
 *
 *   npx tsx scripts/generate-demo-photos.ts
 *
 * Files are named `<drawing>.<width>x<height>.webp`; api/seed/demo-photos.ts says which dish gets which.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { PHOTO_BOXES, preparePhoto } from "../api/menu/photo-processing";
import { DEMO_PHOTOS_DIR, type Drawing } from "../api/seed/demo-photos";

const WIDTH = PHOTO_BOXES.at(-1)!;
const HEIGHT = (WIDTH * 3) / 4;

const plate = (cx: number, cy: number, r: number) =>
  `<ellipse cx="${cx + 12}" cy="${cy + 16}" rx="${r}" ry="${r * 0.82}" fill="#00000055"/>` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.82}" fill="#f4f1ea"/>` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.78}" ry="${r * 0.64}" fill="none" stroke="#d9d3c7" stroke-width="6"/>`;

const repeat = (count: number, draw: (i: number) => string) => Array.from({ length: count }, (_, i) => draw(i)).join("");

/** Each drawing's shapes on a 960 × 720 canvas, over its own background colour. */
const DRAWINGS: Record<Drawing, { background: string; shapes: string }> = {
  skewers: {
    background: "#7a3b1d",
    shapes:
      plate(480, 380, 330) +
      repeat(
        4,
        (i) =>
          `<line x1="230" y1="${260 + i * 80}" x2="740" y2="${230 + i * 80}" stroke="#e3c08d" stroke-width="10" stroke-linecap="round"/>` +
          repeat(
            5,
            (j) =>
              `<rect x="${280 + j * 85}" y="${232 + i * 80 - j * 6}" width="70" height="52" rx="16" fill="${j % 2 ? "#a0401c" : "#c1582a"}" stroke="#5c2410" stroke-width="5"/>`,
          ),
      ) +
      repeat(14, (i) => `<circle cx="${300 + ((i * 137) % 380)}" cy="${250 + ((i * 89) % 300)}" r="7" fill="#4e9a2f"/>`),
  },
  wings: {
    background: "#8c2f14",
    shapes:
      plate(480, 380, 330) +
      repeat(
        7,
        (i) =>
          `<g transform="translate(${320 + (i % 4) * 105} ${290 + Math.floor(i / 4) * 130}) rotate(${i * 37 - 60})">` +
          `<ellipse rx="62" ry="38" fill="#c8561b" stroke="#7d2c0a" stroke-width="6"/><ellipse cx="-14" cy="-10" rx="26" ry="12" fill="#e58a3c"/></g>`,
      ) +
      `<circle cx="640" cy="470" r="58" fill="#fbf3dc" stroke="#c9bfa3" stroke-width="5"/><circle cx="640" cy="470" r="40" fill="#f0e3b5"/>`,
  },
  ricePlate: {
    background: "#5b3a22",
    shapes:
      plate(480, 380, 330) +
      `<ellipse cx="390" cy="380" rx="150" ry="115" fill="#fffdf5" stroke="#e6dfcc" stroke-width="6"/>` +
      repeat(40, (i) => `<ellipse cx="${290 + ((i * 53) % 200)}" cy="${300 + ((i * 37) % 160)}" rx="9" ry="5" fill="#efe7d2"/>`) +
      repeat(
        5,
        (i) =>
          `<rect x="${530 + (i % 2) * 40}" y="${270 + i * 45}" width="150" height="46" rx="14" fill="${i % 2 ? "#8a3c17" : "#a94d1f"}" stroke="#5a240c" stroke-width="5"/>`,
      ) +
      repeat(8, (i) => `<circle cx="${560 + ((i * 41) % 120)}" cy="${280 + ((i * 67) % 210)}" r="8" fill="#3f8d2a"/>`),
  },
  burger: {
    background: "#2f4f4f",
    shapes:
      plate(480, 420, 330) +
      `<path d="M300 360 Q480 170 660 360 Z" fill="#d9963b" stroke="#9c5f1b" stroke-width="8"/>` +
      repeat(9, (i) => `<ellipse cx="${370 + i * 27}" cy="${300 - Math.abs(4 - i) * -4 - 20}" rx="7" ry="4" fill="#f7e3b0"/>`) +
      `<path d="M285 372 q30 28 60 0 q30 28 60 0 q30 28 60 0 q30 28 60 0 q30 28 60 0 q30 28 60 0 l0 20 l-360 0 Z" fill="#5fae3b"/>` +
      `<rect x="300" y="392" width="360" height="22" fill="#f2c230"/>` +
      `<rect x="290" y="412" width="380" height="58" rx="26" fill="#6b3518" stroke="#3d1a08" stroke-width="6"/>` +
      `<rect x="305" y="478" width="350" height="48" rx="20" fill="#d9963b" stroke="#9c5f1b" stroke-width="8"/>`,
  },
  fries: {
    background: "#b03a2e",
    shapes:
      repeat(
        11,
        (i) =>
          `<rect x="${340 + i * 26}" y="${170 + ((i * 53) % 70)}" width="24" height="260" rx="6" fill="${i % 3 ? "#f5c542" : "#e9b12c"}" stroke="#b7801a" stroke-width="4" transform="rotate(${(i - 5) * 3} ${350 + i * 26} 420)"/>`,
      ) +
      `<path d="M310 330 L650 330 L610 620 L350 620 Z" fill="#d62d20" stroke="#8e1a12" stroke-width="8"/>` +
      `<path d="M400 430 q80 60 160 0" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round"/>`,
  },
  seafood: {
    background: "#1f4e6b",
    shapes:
      plate(480, 380, 330) +
      repeat(
        6,
        (i) =>
          `<g transform="translate(${330 + (i % 3) * 150} ${310 + Math.floor(i / 3) * 150}) rotate(${i * 45})">` +
          `<path d="M-55 0 A55 55 0 1 1 0 55 L0 28 A28 28 0 1 0 -28 0 Z" fill="#f08a5d" stroke="#b9502a" stroke-width="5"/>` +
          `<path d="M0 55 l-22 26 l34 -6 Z" fill="#e4683a"/></g>`,
      ) +
      repeat(3, (i) => `<path d="M${420 + i * 60} 380 l24 -40 l24 40 Z" fill="#f4e04d" stroke="#c6a91d" stroke-width="4"/>`),
  },
  nachos: {
    background: "#6b4423",
    shapes:
      plate(480, 380, 330) +
      repeat(
        12,
        (i) =>
          `<path d="M${300 + (i % 4) * 100} ${250 + Math.floor(i / 4) * 110} l90 20 l-50 75 Z" fill="#f2c14e" stroke="#c08d1f" stroke-width="5" transform="rotate(${i * 29} ${340 + (i % 4) * 100} ${280 + Math.floor(i / 4) * 110})"/>`,
      ) +
      `<path d="M330 330 q60 -40 120 0 q60 40 120 0 q50 -30 90 10" fill="none" stroke="#f7a81b" stroke-width="26" stroke-linecap="round"/>` +
      repeat(
        10,
        (i) => `<circle cx="${330 + ((i * 71) % 300)}" cy="${300 + ((i * 43) % 180)}" r="12" fill="${i % 2 ? "#d7263d" : "#3f8d2a"}"/>`,
      ),
  },
  beer: {
    background: "#3b2a1a",
    shapes:
      `<ellipse cx="480" cy="640" rx="210" ry="30" fill="#00000055"/>` +
      `<path d="M340 190 L620 190 L590 630 L370 630 Z" fill="#f2a516" stroke="#fff7" stroke-width="10"/>` +
      repeat(9, (i) => `<circle cx="${400 + ((i * 47) % 160)}" cy="${560 - ((i * 61) % 320)}" r="${5 + (i % 3) * 2}" fill="#ffd76a"/>`) +
      `<path d="M330 205 q30 -70 80 -40 q40 -60 90 -20 q50 -50 90 0 q40 -10 40 50 Z" fill="#fffaf0"/>` +
      `<path d="M620 270 q90 10 80 110 q-10 90 -100 90" fill="none" stroke="#fff7" stroke-width="26"/>`,
  },
  cocktail: {
    background: "#4a1942",
    shapes:
      `<ellipse cx="480" cy="640" rx="150" ry="24" fill="#00000055"/>` +
      `<path d="M300 200 L660 200 L480 420 Z" fill="#ff5e78" stroke="#fff8" stroke-width="8"/>` +
      `<rect x="470" y="420" width="20" height="190" fill="#fff8"/><ellipse cx="480" cy="620" rx="110" ry="18" fill="#fff8"/>` +
      `<circle cx="625" cy="205" r="52" fill="#9bd13f" stroke="#5d8c16" stroke-width="6"/><circle cx="625" cy="205" r="30" fill="#c6ee7a"/>` +
      `<line x1="420" y1="150" x2="520" y2="330" stroke="#f3d250" stroke-width="10" stroke-linecap="round"/>`,
  },
  bucket: {
    background: "#22313f",
    shapes:
      repeat(
        5,
        (i) =>
          `<rect x="${330 + i * 60}" y="${130 + (i % 2) * 30}" width="46" height="230" rx="18" fill="${i % 2 ? "#2f7d32" : "#7b4a12"}"/>` +
          `<rect x="${340 + i * 60}" y="${100 + (i % 2) * 30}" width="26" height="50" rx="6" fill="#d9b45a"/>`,
      ) +
      `<path d="M280 320 L680 320 L640 610 L320 610 Z" fill="#b8c2cc" stroke="#6f7c88" stroke-width="8"/>` +
      repeat(
        3,
        (i) =>
          `<line x1="${300 + i * 10}" y1="${380 + i * 80}" x2="${660 - i * 10}" y2="${380 + i * 80}" stroke="#8e9aa6" stroke-width="6"/>`,
      ) +
      repeat(
        8,
        (i) =>
          `<rect x="${330 + ((i * 53) % 300)}" y="${305 + ((i * 19) % 30)}" width="36" height="30" rx="6" fill="#e8f4fb" opacity="0.9"/>`,
      ),
  },
};

export const DEMO_DRAWINGS = Object.keys(DRAWINGS) as Drawing[];

/** A drawing as a PNG of the largest stored size, as a camera's photo would arrive. */
export function drawDemoPicture(drawing: Drawing): Promise<Buffer> {
  return sharp(Buffer.from(svgOf(DRAWINGS[drawing])))
    .png()
    .toBuffer();
}

function svgOf({ background, shapes }: { background: string; shapes: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 960 720">
  <rect width="960" height="720" fill="${background}"/>
  <rect width="960" height="720" fill="url(#light)"/>
  <defs><radialGradient id="light" cx="35%" cy="30%" r="85%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></radialGradient></defs>
  ${shapes}
</svg>`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(DEMO_PHOTOS_DIR, { recursive: true });
  for (const file of readdirSync(DEMO_PHOTOS_DIR)) rmSync(join(DEMO_PHOTOS_DIR, file));
  for (const drawing of DEMO_DRAWINGS) {
    for (const image of await preparePhoto(await drawDemoPicture(drawing))) {
      writeFileSync(join(DEMO_PHOTOS_DIR, `${drawing}.${image.width}x${image.height}.webp`), image.bytes);
    }
  }
  process.stdout.write(`Wrote ${readdirSync(DEMO_PHOTOS_DIR).length} images to ${DEMO_PHOTOS_DIR}\n`);
}
