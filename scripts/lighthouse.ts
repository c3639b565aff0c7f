/**
 * Lighthouse (mobile, default simulated throttling) on the public site's key pages, with the bars of
 * the server-rendered site (docs/decisions/0027): 100 in performance, accessibility, best practices
 * and SEO. Writes docs/quality/lighthouse.md with the machine's load while it ran (the scores depend on
 * it: measure on a quiet machine); exits 1 when a bar is missed.
 *
 *   npm run bench:lighthouse                       # builds dist/ when stale, serves it (or STATIC_DIR) with the test server
 *   npm run bench:lighthouse -- --url http://localhost:3000   # an already running site
 *   options: --runs N (default 3; the median run by performance is reported), --pages /,/menu, --no-write
 *
 * Chromium: Debian's /usr/bin/chromium (or CHROMIUM_PATH), launched by chrome-launcher.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as prettier from "prettier";
import type { Result } from "lighthouse";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { ensureWebBuild } from "./lib/prepare.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const REPORT = resolve(ROOT, "docs/quality/lighthouse.md");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const BARS: Record<Category, number> = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "/,/menu,/menu2" },
    "no-write": { type: "boolean", default: false },
  },
});

interface PageResult {
  path: string;
  runs: Result[];
  median: Result;
}

function score(lhr: Result, category: Category): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** Audits that cost points in a category, so a miss says what to fix. */
function failingAudits(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => !!audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)})${audit.displayValue ? `: ${audit.displayValue}` : ""}`);
}

/** One Lighthouse run in a fresh browser (no HTTP cache or service worker carried over). */
async function runOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

async function audit(url: string, runs: number): Promise<Result[]> {
  const results: Result[] = [];
  for (let run = 0; run < runs; run += 1) {
    let lhr: Result | null = null;
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): try that run again.
    for (let attempt = 1; !lhr; attempt += 1) {
      try {
        lhr = await runOnce(url);
      } catch (error) {
        if (attempt >= 3) throw error;
        console.warn(`  ${url} run ${run + 1}: ${(error as Error).message} — retrying`);
      }
    }
    results.push(lhr);
    console.log(`  ${url} run ${run + 1}/${runs}: ${CATEGORIES.map((category) => `${category} ${score(lhr!, category)}`).join(", ")}`);
  }
  return results;
}

function median(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => score(a, "performance") - score(b, "performance"));
  return sorted[Math.floor(sorted.length / 2)]!;
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return CHROMIUM;
  }
}

/** The machine's 1-minute load average beside its core count, sampled before and after the runs. */
const machineLoad = () => `${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`;

function markdown(pages: PageResult[], target: string, passed: boolean, loadBefore: string): string {
  const lighthouseVersion = (JSON.parse(readFileSync(resolve(ROOT, "node_modules/lighthouse/package.json"), "utf8")) as { version: string })
    .version;
  const lines = [
    "# Lighthouse — public site",
    "",
    "Measured by `npm run bench:lighthouse` (scripts/lighthouse.ts): Lighthouse's default mobile run",
    "(Moto G Power emulation, simulated slow 4G and 4× CPU throttling), each page in a fresh Chromium.",
    `Bars: performance ≥ ${BARS.performance}, accessibility ${BARS.accessibility}, best practices ${BARS["best-practices"]}, SEO ${BARS.seo}.`,
    "",
    `- Measured: ${new Date().toISOString()}`,
    `- Target: ${target}`,
    `- Lighthouse ${lighthouseVersion}, ${chromiumVersion()}, Node ${process.version}`,
    `- Runs per page: ${pages[0]?.runs.length ?? 0} (the run with the median performance score is shown)`,
    `- Machine load (1-minute average): ${loadBefore} before the runs, ${machineLoad()} after`,
    `- Result: **${passed ? "all bars met" : "a bar was missed"}**`,
    "",
    "| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | SI | Performance of every run |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const page of pages) {
    const lhr = page.median;
    const metrics = METRICS.map(([id]) => lhr.audits[id]?.displayValue ?? "–");
    lines.push(
      `| \`${page.path}\` | ${CATEGORIES.map((category) => score(lhr, category)).join(" | ")} | ${metrics.join(" | ")} | ${page.runs
        .map((run) => score(run, "performance"))
        .join(", ")} |`,
    );
  }
  const misses = pages.flatMap((page) =>
    CATEGORIES.flatMap((category) => {
      const failing = failingAudits(page.median, category);
      return failing.length ? [`- \`${page.path}\` ${category}: ${failing.join("; ")}`] : [];
    }),
  );
  lines.push("", "## Audits below full marks (median run)", "", ...(misses.length ? misses : ["None."]), "");
  return lines.join("\n");
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(values.runs) || 1);
  const paths = values.pages
    .split(",")
    .map((path) => path.trim())
    .filter(Boolean);
  let server: TestServer | null = null;
  let base = values.url?.replace(/\/+$/, "");
  if (!base) {
    // Without the build the pages load no CSS or script: the scores would measure a broken site.
    if (!process.env.STATIC_DIR) ensureWebBuild();
    const staticDir = resolve(process.env.STATIC_DIR ?? "dist");
    server = await startTestServer({ staticDir });
    // "localhost" rather than 127.0.0.1: browsers treat it as a secure origin, as production's HTTPS is.
    base = server.url.replace("127.0.0.1", "localhost");
    console.log(`Serving ${staticDir} at ${base}`);
  }

  const loadBefore = machineLoad();
  const pages: PageResult[] = [];
  try {
    for (const path of paths) {
      const results = await audit(`${base}${path}`, runs);
      pages.push({ path, runs: results, median: median(results) });
    }
  } finally {
    await server?.dispose();
  }

  const passed = pages.every((page) => CATEGORIES.every((category) => score(page.median, category) >= BARS[category]));
  const report = markdown(pages, values.url ? base : "the production build served by the test server harness", passed, loadBefore);
  if (!values["no-write"]) {
    mkdirSync(dirname(REPORT), { recursive: true });
    // Formatted as the repository's other Markdown is, so the lint step accepts the file as written.
    writeFileSync(REPORT, await prettier.format(report, { ...(await prettier.resolveConfig(REPORT)), filepath: REPORT }));
    console.log(`Wrote ${REPORT}`);
  }
  console.log(report);
  if (!passed) process.exitCode = 1;
}

await main();
