/**
 * The diner's JavaScript budget (docs/performance/bundle-budget.md): what /order needs before the
 * menu is usable stays ≤ 110 kB gzip. Reads the build `npm test` makes (or STATIC_DIR).
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { htmlScripts, measureOrderBudget, ORDER_BUDGET_BYTES } from "../../scripts/check-bundle-budget";

const dir = resolve(process.env.STATIC_DIR ?? "dist");

describe("the order screen's JavaScript budget", () => {
  it("is built with a Vite manifest to measure from", () => {
    expect(existsSync(join(dir, "index.html")), `${dir}/index.html: build the web app first`).toBe(true);
    expect(existsSync(join(dir, ".vite", "manifest.json")), "build.manifest must stay on in vite.config.ts").toBe(true);
  });

  it(`stays within ${ORDER_BUDGET_BYTES / 1000} kB gzip, without staff or public-site code`, () => {
    const report = measureOrderBudget(dir);
    const files = report.files.map((file) => file.file);
    expect(files.some((file) => /\/order-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(files.filter((file) => /(stations|kitchen|upload-menu|landing|login)-page|zod|workbox|idb-keyval|order-submission/.test(file))).toEqual([]);
    expect(
      report.totalGzipBytes,
      `order route JS is ${(report.totalGzipBytes / 1000).toFixed(2)} kB gzip: ${report.files.map((f) => `${f.file} ${f.gzipBytes}`).join(", ")}`,
    ).toBeLessThanOrEqual(ORDER_BUDGET_BYTES);
  });
});

describe("htmlScripts", () => {
  it("finds module scripts and modulepreload links, not other scripts or stylesheets", () => {
    const html = `<script type="module" crossorigin src="/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
      <link rel="stylesheet" href="/assets/index-C3.css">
      <script src="/legacy.js"></script>`;
    expect(htmlScripts(html)).toEqual(["assets/index-A1.js", "assets/react-B2.js"]);
  });
});
