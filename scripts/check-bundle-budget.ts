/**
 * The diner's JavaScript budget: the bytes of JavaScript a phone receives on its first visit to
 * `/order?station_id=<table>` until the menu shows, as Chromium counts them (CDP
 * `Network.loadingFinished.encodedDataLength`: compressed body and response headers, as the server
 * sends them — brotli from the precompressed files in dist/). Not a sum of files: whatever the page
 * really fetches counts (modulepreload links, lazy chunks started early, a prefetch that starts before
 * the menu is up); whatever starts after the first menu item is in the page does not.
 *
 *   npm run bench:bundle            # serves dist/ (or STATIC_DIR) with the test server, measures,
 *                                   # updates docs/performance/bundle-budget.md
 *   npm run bench:bundle -- --no-write
 *
 * Exits 1 when over budget. tests/browser/bundle-budget.test.ts checks the same number the same way.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { launchBrowser, PHONE } from "../tests/support/browser";
import { startTestServer, staffToken } from "../tests/support/test-server";
import { CHUNK_MODULES_FILE, type ChunkModules } from "./vite-chunk-modules";

/** 90 kB of JavaScript on the wire, counted as Vite counts (1 kB = 1000 bytes). */
export const ORDER_BUDGET_BYTES = 90_000;

/** The order screen is usable once its first dish is on screen (the menu items are buttons). */
export const MENU_SHOWN_SELECTOR = ".menu-section .menu-item";

export interface WireScript {
  /** The path the page asked for (`/assets/index-….js`). */
  path: string;
  /** Compressed body + response headers, as Chromium received them. */
  wireBytes: number;
  /** `br`, `gzip` or `identity`. */
  encoding: string;
}

export interface FirstVisit {
  scripts: WireScript[];
  totalWireBytes: number;
  /** Milliseconds from navigation to the first dish on screen (informative: the test machine is not a phone). */
  menuShownAfterMs: number;
  budgetBytes: number;
  withinBudget: boolean;
}

interface Seen {
  path: string;
  sentAt: number;
  isScript: boolean;
  encoding: string;
  wireBytes?: number;
  failed?: boolean;
}

/**
 * One first visit in a fresh browser context (empty cache, no service worker yet): every script
 * request the page sent before the menu showed, with the bytes Chromium received for it.
 */
export async function measureFirstVisit(
  browser: Browser,
  baseUrl: string,
  stationId: string,
  budgetBytes = ORDER_BUDGET_BYTES,
): Promise<FirstVisit> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    // The moment the first dish enters the page, on the page's clock (wall time, as CDP's wallTime).
    await page.addInitScript((selector) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        (window as unknown as { __menuShownAt: number }).__menuShownAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    }, MENU_SHOWN_SELECTOR);

    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, Seen>();
    cdp.on("Network.requestWillBeSent", (event) => {
      const url = new URL(event.request.url);
      seen.set(event.requestId, {
        path: url.origin === new URL(baseUrl).origin ? url.pathname : url.href,
        sentAt: event.wallTime * 1000,
        isScript: event.type === "Script" || /\.m?js$/.test(url.pathname),
        encoding: "identity",
      });
    });
    cdp.on("Network.responseReceived", (event) => {
      const request = seen.get(event.requestId);
      if (!request) return;
      if (event.type === "Script" || /javascript/i.test(event.response.mimeType)) request.isScript = true;
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]));
      request.encoding = headers["content-encoding"] ?? "identity";
    });
    cdp.on("Network.loadingFinished", (event) => {
      const request = seen.get(event.requestId);
      if (request) request.wireBytes = event.encodedDataLength;
    });
    cdp.on("Network.loadingFailed", (event) => {
      const request = seen.get(event.requestId);
      if (request) request.failed = true;
    });
    await cdp.send("Network.enable");

    const started = Date.now();
    await page.goto(`/order?station_id=${encodeURIComponent(stationId)}`);
    await page.locator(MENU_SHOWN_SELECTOR).first().waitFor({ timeout: 30_000 });
    const shownAt = await page.evaluate(() => (window as unknown as { __menuShownAt: number }).__menuShownAt);

    const counted = () => [...seen.values()].filter((request) => request.isScript && request.sentAt <= shownAt);
    // Scripts asked for before the menu showed may still be arriving: their bytes count all the same.
    const deadline = Date.now() + 15_000;
    while (counted().some((request) => request.wireBytes === undefined && !request.failed)) {
      if (Date.now() > deadline) throw new Error("A script requested before the menu showed never finished loading.");
      await new Promise((done) => setTimeout(done, 50));
    }
    const scripts = counted()
      .filter((request) => !request.failed)
      .map(({ path, wireBytes, encoding }) => ({ path, wireBytes: wireBytes ?? 0, encoding }))
      .sort((a, b) => b.wireBytes - a.wireBytes);
    const totalWireBytes = scripts.reduce((sum, script) => sum + script.wireBytes, 0);
    return {
      scripts,
      totalWireBytes,
      menuShownAfterMs: Math.max(0, Math.round(shownAt - started)),
      budgetBytes,
      withinBudget: totalWireBytes <= budgetBytes,
    };
  } finally {
    await context.close();
  }
}

/** The modules in each built file (written by scripts/vite-chunk-modules.ts at build time). */
export function readChunkModules(staticDir: string): ChunkModules {
  const path = join(staticDir, CHUNK_MODULES_FILE);
  if (!existsSync(path)) throw new Error(`${path} is missing: build the web app (npm run build) before measuring.`);
  return JSON.parse(readFileSync(path, "utf8")) as ChunkModules;
}

/** The modules of one downloaded script (`/assets/x.js` → its entry in chunk-modules.json). */
export function modulesOf(chunks: ChunkModules, script: Pick<WireScript, "path">): string[] {
  return (chunks[script.path.replace(/^\//, "")] ?? []).map((entry) => entry.module);
}

/** Why the menu's first paint needs a file: one short reason, by the file's chunk name. */
const FILE_REASONS: Record<string, string> = {
  app: "renders any screen: React, the router, the navbar, server calls, languages",
  order: "the order screen: menu, cart, call-staff buttons",
  "rolldown-runtime": "the bundler's helpers (CommonJS interop for React)",
};

/** Any other file (a lazy chunk started before the menu showed): the first matching line explains it. */
const MODULE_REASONS: [RegExp, string][] = [
  [/node_modules\/(react|react-dom|scheduler|react-router)\//, "React and the router"],
  [/src\/ordering\//, "the order screen"],
  [/src\/shared\/|contract\//, "shared code: server calls, languages, rules"],
  [/vite\/|rolldown\//, "the bundler's loader"],
];

export function reasonFor(path: string, modules: string[]): string {
  const name = path.replace(/^\/?assets\//, "").replace(/-[\w-]{8}\.js$/, "");
  const reason = FILE_REASONS[name] ?? modules.map((module) => MODULE_REASONS.find(([pattern]) => pattern.test(module))?.[1]).find(Boolean);
  return reason ?? (modules[0] ? `\`${modules[0]}\` (no reason on record)` : "—");
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const hashless = (path: string) => path.replace(/^\//, "").replace(/-[\w-]{8}\.js$/, "-[hash].js");

export function renderReport(visit: FirstVisit, chunks: ChunkModules, measuredAt = new Date()): string {
  const rows = visit.scripts.map((script) => {
    const modules = chunks[script.path.replace(/^\//, "")] ?? [];
    const largest = modules
      .slice(0, 4)
      .map((entry) => `${entry.module.replace(/^node_modules\//, "").replace(/\/(cjs|dist|esm)\/.*$/, "")}`)
      .join(", ");
    return `| \`${hashless(script.path)}\` | ${kB(script.wireBytes)} (${script.encoding}) | ${largest}${modules.length > 4 ? `, +${modules.length - 4}` : ""} | ${reasonFor(
      script.path,
      modules.map((entry) => entry.module),
    )} |`;
  });
  return `# Bundle budget: the diner's first visit

What a phone downloads of JavaScript before the order menu is usable: a first visit (empty cache,
no service worker yet) to \`/order?station_id=<table>\`, in Chromium, counting every script request
the page sent until the first dish is on screen — bytes on the wire as Chromium's network events
report them (\`Network.loadingFinished\` \`encodedDataLength\`: the brotli body the server sends from
dist/ plus the response headers, about 0.45 kB a file). Not a sum of files: a modulepreload link, a lazy
chunk started early or a prefetch before the menu shows all count; what starts afterwards does not.

**Budget: ${kB(visit.budgetBytes)}. Measured: ${kB(visit.totalWireBytes)}** in ${visit.scripts.length} scripts — ${
    visit.withinBudget ? "within budget" : "**OVER BUDGET**"
  }.

| File | On the wire | Largest modules in it | Why the first paint needs it |
|---|---:|---|---|
${rows.join("\n")}
| **Total** | **${kB(visit.totalWireBytes)}** | | |

Measured ${measuredAt.toISOString().slice(0, 10)} by \`npm run bench:bundle\` (\`scripts/check-bundle-budget.ts\`);
\`tests/browser/bundle-budget.test.ts\` measures the same way on every \`npm test\` and fails over budget,
or when staff, public-site pages or the order outbox are in the first visit.

## Loaded after the menu shows
- The product panel (\`product-dialog\`): fetched once the menu is on screen, or when an item is tapped.
- The order outbox (\`order-submission\`, idb-keyval): started once the menu is on screen, to send an
  order still waiting from an earlier visit; the cart page loads it to send one.
- The service worker's registration and the "new version" prompt (workbox-window): after the menu shows.
- The dietary filter's choices (\`diet-filter-choices\`): fetched once the menu is on screen; the folded
  filter and its "N hidden" line render with the menu. A filter remembered from an earlier visit starts
  open, so then they are fetched with the order screen's code.
- The e-mailed receipt ("Email me a receipt", \`receipt/email-receipt\`) comes with the cart page, the order's
  status screen; its one call is made there, not in \`src/shared/api.ts\`, which the first visit carries.
- The cart page, the Order again offer (the order screen only looks whether this phone stored an order
  for the table, \`has-past-orders.ts\`; reading and checking them is \`order-history\`), the footer,
  the Filipino and Chinese catalogs (only for a diner who reads them), the public site and the staff
  tools: on their own screens.

## Keeping it small
- React DOM is most of it: React and React DOM are 59.3 kB brotli on their own, then react-router.
  The router is the declarative \`<Routes>\`, no data router, and the build takes react-router's production
  build (its package exports name only the development one). That build follows each component with a
  \`displayName\` assignment, which kept unused ones (\`<Form>\` and its submission code, 1.2 kB): the build
  marks its \`forwardRef\`/\`createContext\` calls pure and drops those lines (\`vite.config.ts\`).
- A hashed asset's response carries only the headers a subresource uses (nosniff, CORP, HSTS, caching):
  about 0.45 kB. The document-only ones (CSP, COOP, X-Frame-Options, Permissions-Policy, …) were
  another 0.6 kB a file (\`isImmutableAsset\` in \`api/lib/response-head.ts\`).
- Every file still costs those headers on top of its body, so the first visit is three
  files, not fifteen: \`app\` (what the entry loads, plus what the order screen needs from shared/,
  contract/ and the small libraries), \`order\` (the order screen's own modules) and the bundler's
  runtime (\`vite.config.ts\`, \`scripts/vite-first-visit-chunks.ts\`). A dynamic \`import()\` stays its own chunk.
  Rolldown (1.2) places its runtime before any \`codeSplitting\` group sees it and never merges it into
  a group's chunk, so it stays a file of its own.
- Staff-only code stays out: the staff's calls are \`staffApi\` (\`src/staff/lib/staff-api.ts\`), not in
  \`src/shared/api.ts\` (the diners' calls; both over the one \`call\`), and the CSV upload and downloads
  (\`src/shared/file-transfer.ts\`) load on use.
- A module another chunk also imports is kept whole in the first visit's chunk, unused exports too:
  what the first paint needs from such a module belongs in a small module of its own.
- No modulepreload polyfill: every browser the build targets preloads modules itself.
- The navbar is on the diner's screens too: keep it tiny. It takes the restaurant's name from
  \`src/site/site-identity.ts\` and the pages' addresses from \`src/site/site-pages.ts\`, not from \`site-config.ts\`
  (both branches' facts, which only the server's pages need).
- A Chinese or Filipino diner also gets that language's catalog (about 4 kB) before the menu; the
  budget is measured for an English phone.
`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const staticDir = resolve(args.find((arg) => !arg.startsWith("--")) ?? process.env.STATIC_DIR ?? "dist");
  const chunks = readChunkModules(staticDir);
  const server = await startTestServer({ staticDir });
  const browser = await launchBrowser();
  let visit: FirstVisit;
  try {
    const token = await staffToken(server);
    const response = await fetch(`${server.url}/api/stations?branch_id=1`, { headers: { Authorization: `Bearer ${token}` } });
    const [table] = (await response.json()) as { id: string }[];
    if (!table) throw new Error("The seeded server has no table in branch 1.");
    visit = await measureFirstVisit(browser, server.url, table.id);
  } finally {
    await browser.close();
    await server.dispose();
  }
  for (const script of visit.scripts) console.log(`${kB(script.wireBytes).padStart(10)}  ${script.path}`);
  console.log(`${kB(visit.totalWireBytes).padStart(10)}  on the wire before the menu showed (budget ${kB(visit.budgetBytes)})`);
  if (!args.includes("--no-write")) {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
    const out = join(root, "docs", "performance", "bundle-budget.md");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, renderReport(visit, chunks));
    console.log(`wrote ${out}`);
  }
  if (!visit.withinBudget) {
    console.error(`Over budget by ${kB(visit.totalWireBytes - visit.budgetBytes)}.`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
