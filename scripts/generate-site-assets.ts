/**
 * Generates the public site's placeholder assets into public/ (the results are committed, so a
 * fresh clone needs no generation step):
 *
 *   images/logo.svg                                    navbar logo
 *   images/carousel/<name>-<480|960|1440>.<avif|webp>  the landing page's 5 carousel photos
 *   images/happy-hour-menu.webp (+ -preview.webp)      the Happy Hour Menu image and its preview card
 *   menus/limitless-menu-2024-12-17.pdf                Thornhill menu, from the seed menu data
 *   menus/drink-menu.pdf                               drinks and buckets
 *   menus/pickering-menu.pdf                           Pickering menu
 *   images/og-image.jpg                                the link preview image (1200 × 630)
 *   event.json                                         the event announcement (off)
 *
 * sitemap.xml and robots.txt are the server's (api/site): they list every page in every language.
 *
 * Files that already exist are kept, so a real photo or PDF dropped in under the same name
 * survives a re-run; `--force` regenerates everything. Real photos for the carousel can also be
 * given as originals: site-assets/carousel/<name>.(jpg|png|webp) — their renditions are derived.
 *
 * Usage: npx tsx scripts/generate-site-assets.ts [--force]
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import sharp, { type Sharp } from "sharp";
import { CATEGORY_TITLES, type CategoryKey } from "../contract/menu";
import { SEED_BRANCHES, SEED_MENU, type SeedProduct } from "../api/db/seed-menu";
import { CAROUSEL_ARTWORK, happyHourPosterSvg, logoSvg } from "./site-artwork";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = join(ROOT, "public");
const ORIGINALS = join(ROOT, "site-assets");
const FORCE = process.argv.includes("--force");

const SLIDE_WIDTHS = [480, 960, 1440];
const HAPPY_HOUR = "Monday-Friday 2:00PM - 6:00PM";
const MENU_DATE = "2024-12-17";
const FIXED_DATE = new Date(`${MENU_DATE}T12:00:00Z`); // reproducible PDF metadata

let written = 0;
let kept = 0;

async function output(relativePath: string, produce: () => Promise<Buffer | Uint8Array | string>): Promise<void> {
  const path = join(PUBLIC, relativePath);
  if (!FORCE && existsSync(path)) {
    kept += 1;
    return;
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, await produce());
  written += 1;
  console.log(`  wrote public/${relativePath}`);
}

// ---------- images ----------

async function carouselSource(name: string): Promise<Sharp> {
  if (existsSync(ORIGINALS)) {
    const original = (await readdir(join(ORIGINALS, "carousel")).catch(() => [] as string[])).find((file) =>
      new RegExp(`^${name}\\.(jpe?g|png|webp|avif)$`, "i").test(file),
    );
    if (original) return sharp(join(ORIGINALS, "carousel", original)).resize(1440, 960, { fit: "cover" });
  }
  const art = CAROUSEL_ARTWORK[name];
  if (!art) throw new Error(`no artwork for slide ${name}`);
  return sharp(Buffer.from(art()));
}

async function carousel(): Promise<void> {
  for (const name of Object.keys(CAROUSEL_ARTWORK)) {
    for (const width of SLIDE_WIDTHS) {
      const height = Math.round((width * 2) / 3);
      await output(`images/carousel/${name}-${width}.avif`, async () =>
        (await carouselSource(name)).resize(width, height).avif({ quality: 50, effort: 6 }).toBuffer(),
      );
      await output(`images/carousel/${name}-${width}.webp`, async () =>
        (await carouselSource(name)).resize(width, height).webp({ quality: 72, effort: 6 }).toBuffer(),
      );
    }
  }
}

/** What a shared link shows (WhatsApp, Facebook, iMessage): the grill photo at Open Graph's 1200 × 630, as JPEG, which every previewer reads. */
async function previewImage(): Promise<void> {
  await output("images/og-image.jpg", async () =>
    (await carouselSource("grill")).resize(1200, 630, { fit: "cover" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
  );
}

function priceLabel(price: string): string {
  return `$${price}`;
}

async function happyHour(): Promise<void> {
  const pick = (category: CategoryKey, names: string[]) =>
    SEED_MENU[category].filter((item) => names.includes(item.name)).map((item) => ({ name: item.name, price: priceLabel(item.price) }));
  const svg = happyHourPosterSvg(HAPPY_HOUR, [
    { title: "Drinks", lines: pick("drink", ["Domestic Beer", "Import Beer", "Blonde Draught", "House Red Wine", "Shot", "Cocktail"]) },
    { title: "Bites", lines: pick("starter", ["Lumpia Shanghai", "BBQ Skewers", "Nachos", "Wings"]) },
  ]);
  await output("images/happy-hour-menu.webp", () => sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer());
  await output("images/happy-hour-menu-preview.webp", () => sharp(Buffer.from(svg)).resize(720, 960).webp({ quality: 70 }).toBuffer());
}

// ---------- PDFs ----------

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const ACCENT = rgb(0.62, 0.42, 0);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  oblique: PDFFont;
}

/** A simple flowing layout: one column, new page when the current one is full. */
class MenuWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly margin = 54;
  private readonly width = 612;
  private readonly height = 792;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([this.width, this.height]);
    this.y = this.height - this.margin;
    this.page.drawText(this.footer, { x: this.margin, y: 30, size: 8, font: this.fonts.regular, color: MUTED });
  }

  private ensure(space: number): void {
    if (this.y - space < this.margin) this.newPage();
  }

  title(text: string, subtitle: string[]): void {
    this.page.drawText(text, { x: this.margin, y: this.y - 26, size: 28, font: this.fonts.bold, color: INK });
    this.y -= 44;
    for (const line of subtitle) {
      this.page.drawText(line, { x: this.margin, y: this.y - 12, size: 11, font: this.fonts.regular, color: MUTED });
      this.y -= 16;
    }
    this.y -= 8;
    this.page.drawLine({
      start: { x: this.margin, y: this.y },
      end: { x: this.width - this.margin, y: this.y },
      thickness: 2,
      color: ACCENT,
    });
    this.y -= 12;
  }

  section(text: string, note?: string): void {
    this.ensure(70);
    this.y -= 14;
    this.page.drawText(text.toUpperCase(), { x: this.margin, y: this.y - 16, size: 16, font: this.fonts.bold, color: ACCENT });
    this.y -= 24;
    if (note) this.paragraph(note, this.fonts.oblique, 9, MUTED);
    this.y -= 4;
  }

  item(product: SeedProduct): void {
    const description = wrap(product.description, this.fonts.regular, 9.5, this.width - 2 * this.margin - 90);
    const options = (product.customizations ?? []).map(
      (group) =>
        `${group.name}: ${group.options.map((option) => (Number(option.price) > 0 ? `${option.name} (+$${option.price})` : option.name)).join(" / ")}`,
    );
    this.ensure(20 + 12 * (description.length + options.length));
    const price = priceLabel(product.price);
    this.page.drawText(product.name, { x: this.margin, y: this.y - 12, size: 12, font: this.fonts.bold, color: INK });
    this.page.drawText(price, {
      x: this.width - this.margin - this.fonts.bold.widthOfTextAtSize(price, 12),
      y: this.y - 12,
      size: 12,
      font: this.fonts.bold,
      color: INK,
    });
    this.y -= 16;
    for (const line of description) {
      this.page.drawText(line, { x: this.margin, y: this.y - 10, size: 9.5, font: this.fonts.regular, color: MUTED });
      this.y -= 12;
    }
    for (const option of options) this.paragraph(option, this.fonts.oblique, 8.5, MUTED);
    this.y -= 8;
  }

  private paragraph(text: string, font: PDFFont, size: number, color: ReturnType<typeof rgb>): void {
    for (const line of wrap(text, font, size, this.width - 2 * this.margin)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x: this.margin, y: this.y - size, size, font, color });
      this.y -= size + 3;
    }
  }
}

function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > maxWidth && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const SPECIALS_NOTE = "One special a day: Monday through Sunday, while supplies last.";

async function menuPdf(options: { title: string; subtitle: string[]; categories: CategoryKey[]; footer: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.title);
  pdf.setAuthor("Limitless Bar & Grill");
  pdf.setSubject(options.subtitle.join(" · "));
  pdf.setCreator("scripts/generate-site-assets.ts");
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  pdf.setLanguage("en-CA");
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    oblique: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  const writer = new MenuWriter(pdf, fonts, options.footer);
  writer.title(options.title, options.subtitle);
  for (const category of options.categories) {
    const note =
      category === "special"
        ? SPECIALS_NOTE
        : category === "burger"
          ? "Served with fries or coleslaw; onion rings instead +2.00."
          : undefined;
    writer.section(CATEGORY_TITLES[category], note);
    for (const product of SEED_MENU[category]) writer.item(product);
  }
  return pdf.save();
}

async function pdfs(): Promise<void> {
  const [thornhill, pickering] = SEED_BRANCHES;
  const footer = (address: string) => `Limitless Bar & Grill · ${address} · Prices in CAD, taxes extra · Eat at your limit for less`;
  const food: CategoryKey[] = ["special", "starter", "fries", "burger", "seafood", "main", "bucket"];
  await output(`menus/limitless-menu-${MENU_DATE}.pdf`, () =>
    menuPdf({
      title: "Limitless Bar & Grill — Menu",
      subtitle: [`Thornhill Location · ${thornhill.address}`, `Menu dated ${MENU_DATE} · Drinks: see our Drink Menu`],
      categories: food,
      footer: footer(thornhill.address),
    }),
  );
  await output("menus/drink-menu.pdf", () =>
    menuPdf({
      title: "Limitless Bar & Grill — Drink Menu",
      subtitle: [`Happy hour ${HAPPY_HOUR}`, "Please drink responsibly. Valid ID required."],
      categories: ["drink", "bucket"],
      footer: footer(thornhill.address),
    }),
  );
  await output("menus/pickering-menu.pdf", () =>
    menuPdf({
      title: "Limitless Bar & Grill — Pickering Menu",
      subtitle: [`Pickering Location · ${pickering.address}`],
      categories: ["special", "starter", "fries", "burger", "seafood", "main", "drink", "bucket"],
      footer: footer(pickering.address),
    }),
  );
}

// ---------- config ----------

async function textFiles(): Promise<void> {
  await output(
    "event.json",
    async () =>
      `${JSON.stringify(
        {
          enabled: false,
          title: "Live music this Friday",
          image: "/images/carousel/bar-960.webp",
          imageAlt: "The bar at night with warm lights and cocktails",
          width: 960,
          height: 640,
          text: "Set enabled to true to show this announcement on the home page.",
        },
        null,
        2,
      )}\n`,
  );
}

async function main(): Promise<void> {
  console.log(`Generating site assets into public/${FORCE ? " (--force: regenerating all)" : ""}`);
  await output("images/logo.svg", async () => logoSvg());
  await carousel();
  await previewImage();
  await happyHour();
  await pdfs();
  await textFiles();
  console.log(`Done: ${written} written, ${kept} kept (already present; --force regenerates).`);
}

await main();
