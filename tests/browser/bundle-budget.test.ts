/**
 * The diner's JavaScript budget (docs/performance/bundle-budget.md), measured as a phone meets it: a
 * first visit to the table's QR link in Chromium, counting the bytes of every script the page asked
 * for before the menu showed, as they came over the wire (brotli, headers included). The same
 * measurement as `npm run bench:bundle` (scripts/check-bundle-budget.ts).
 */
import { describe, expect, it } from "vitest";
import { measureFirstVisit, modulesOf, ORDER_BUDGET_BYTES, readChunkModules, type FirstVisit } from "../../scripts/check-bundle-budget";
import { orderingBrowserSuite } from "./ordering-support";

const suite = orderingBrowserSuite("Window 2");
const staticDir = process.env.STATIC_DIR ?? "dist";

/** What a diner's phone never needs before the menu: staff tools, the public site's pages, the outbox and its storage, the service worker, zod. */
const NOT_FIRST_VISIT = [
  /^src\/staff\//,
  // The table has its own frame (issue 33): no navbar, no page of the site; only the restaurant's name and the skip link's words.
  /^src\/site\/(?!layout\/messages|site-identity)/,
  /^src\/ordering\/(outbox|pwa|product|order-status)\//,
  /^src\/ordering\/cart-page/,
  /node_modules\/(idb-keyval|workbox-window|zod|uplot|qrcode\.react)\//,
  /virtual:pwa-register/,
];

const describeVisit = (visit: FirstVisit) =>
  visit.scripts.map((script) => `${script.path} ${script.wireBytes} B (${script.encoding})`).join(", ");

describe("the diner's first visit", () => {
  let visit: FirstVisit;

  it(`downloads at most ${ORDER_BUDGET_BYTES / 1000} kB of JavaScript before the menu shows`, async () => {
    visit = await measureFirstVisit(suite.browser, suite.server.url, suite.table.id);
    expect(visit.scripts.length, "the menu showed without any script?").toBeGreaterThan(0);
    // Served precompressed, as the build wrote them: a plain file here means a broken build or server.
    expect(visit.scripts.filter((script) => script.encoding !== "br")).toEqual([]);
    expect(visit.totalWireBytes, `${visit.totalWireBytes} B on the wire: ${describeVisit(visit)}`).toBeLessThanOrEqual(ORDER_BUDGET_BYTES);
  });

  it("has no staff, public-site page, outbox or service-worker code in it", () => {
    expect(visit, "the measurement above failed").toBeDefined();
    const chunks = readChunkModules(staticDir);
    const modules = visit.scripts.flatMap((script) => modulesOf(chunks, script));
    expect(modules).toContain("src/ordering/order-page.tsx");
    expect(modules.filter((module) => NOT_FIRST_VISIT.some((pattern) => pattern.test(module)))).toEqual([]);
  });
});
