/**
 * The diner's JavaScript budget: what a phone must download before the order menu is usable —
 * the scripts index.html loads (and preloads), their static imports, plus the /order route's chunk
 * and its static imports — summed as gzip. Dynamic imports (the outbox, the service-worker prompt,
 * other routes) load later and do not count.
 *
 *   npm run bench:bundle            # measures dist/ (or STATIC_DIR), updates docs/performance/bundle-budget.md
 *   tsx scripts/check-bundle-budget.ts /tmp/dist-x --no-write
 *
 * Exits 1 when over budget. tests/api/bundle-budget.test.ts checks the same number on every `npm test`.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** 110 kB, counted as Vite counts (1 kB = 1000 bytes). */
export const ORDER_BUDGET_BYTES = 110_000;
export const ORDER_ROUTE_SOURCE = "src/ordering/order-page.tsx";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BudgetFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BudgetReport {
  files: BudgetFile[];
  totalBytes: number;
  totalGzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

function readManifest(dir: string): Manifest {
  const path = join(dir, ".vite", "manifest.json");
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build with build.manifest = true (vite.config.ts) before measuring.`);
  }
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** Script files index.html loads up front: module scripts and modulepreload links. */
export function htmlScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*>/gi)) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(match[0])?.[1];
    if (src) found.add(src);
  }
  for (const match of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>/gi)) {
    const href = /\bhref=["']([^"']+)["']/i.exec(match[0])?.[1];
    if (href) found.add(href);
  }
  return [...found].map((url) => url.replace(/^\//, "").replace(/[?#].*$/, ""));
}

export function measureOrderBudget(dir: string, budgetBytes = ORDER_BUDGET_BYTES): BudgetReport {
  const manifest = readManifest(dir);
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };

  const entryScripts = htmlScripts(html);
  if (entryScripts.length === 0) throw new Error(`${dir}/index.html loads no module script.`);
  for (const script of entryScripts) {
    const key = byFile.get(script);
    if (key) visit(key);
    else files.add(script); // not in the manifest (unexpected): still count what the page downloads
  }
  if (!manifest[ORDER_ROUTE_SOURCE]) throw new Error(`The build has no chunk for ${ORDER_ROUTE_SOURCE}.`);
  visit(ORDER_ROUTE_SOURCE);

  const measured = [...files]
    .filter((file) => file.endsWith(".js") || file.endsWith(".mjs"))
    .map((file) => {
      const content = readFileSync(join(dir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzipBytes = measured.reduce((sum, file) => sum + file.gzipBytes, 0);
  return {
    files: measured,
    totalBytes: measured.reduce((sum, file) => sum + file.bytes, 0),
    totalGzipBytes,
    budgetBytes,
    withinBudget: totalGzipBytes <= budgetBytes,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

export function renderReport(report: BudgetReport, measuredAt = new Date()): string {
  const rows = report.files.map((file) => `| \`${file.file.replace(/-[\w-]{8}\.js$/, "-[hash].js")}\` | ${kB(file.bytes)} | ${kB(file.gzipBytes)} |`);
  return `# Bundle budget: the diner's order screen

The JavaScript a phone downloads before the menu at \`/order?station_id=…\` is usable: the scripts
\`index.html\` loads, the \`/order\` route's chunk, and every static import of those (followed through
the Vite manifest). Lazy code — the order outbox, the service-worker update prompt, the cart page, the
public site and the staff tools — loads later and is not counted.

**Budget: ${kB(report.budgetBytes)} gzip. Measured: ${kB(report.totalGzipBytes)} gzip** (${kB(report.totalBytes)} raw) — ${
    report.withinBudget ? "within budget" : "**OVER BUDGET**"
  }.

| File | Raw | Gzip (level 9) |
|---|---:|---:|
${rows.join("\n")}
| **Total** | **${kB(report.totalBytes)}** | **${kB(report.totalGzipBytes)}** |

Measured ${measuredAt.toISOString().slice(0, 10)} by \`npm run bench:bundle\` (\`scripts/check-bundle-budget.ts\`).
\`tests/api/bundle-budget.test.ts\` fails the test run when the build grows past the budget.

## Keeping it small
- React 19 + react-router 7 are most of it (the entry chunk). Everything else on the diner's path is
  a few kB: no zod in the client (\`contract/schemas.ts\` is imported with \`import type\` only), no
  UI kit, zustand for the cart.
- Anything not needed to show the menu is a dynamic \`import()\`: the product panel (prefetched as
  soon as the menu shows), the outbox (idb-keyval), the service-worker registration (workbox-window),
  the cart page.
- The entry chunk also carries the root layout: navbar, footer (hidden on /order, but static) and the
  site config. Every byte added there counts against the diner: keep them tiny or lazy.
`;
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = resolve(args.find((arg) => !arg.startsWith("--")) ?? process.env.STATIC_DIR ?? "dist");
  const report = measureOrderBudget(dir);
  for (const file of report.files) console.log(`${kB(file.gzipBytes).padStart(10)}  ${file.file}`);
  console.log(`${kB(report.totalGzipBytes).padStart(10)}  total gzip (budget ${kB(report.budgetBytes)})`);
  if (!args.includes("--no-write")) {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
    const out = join(root, "docs", "performance", "bundle-budget.md");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, renderReport(report));
    console.log(`wrote ${out}`);
  }
  if (!report.withinBudget) {
    console.error(`Over budget by ${kB(report.totalGzipBytes - report.budgetBytes)}.`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
