/** Shared steps for the public website's browser tests (site-*.test.ts). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { DESKTOP, PHONE, RETINA, launchBrowser, releaseBrowser } from "../support/browser";
import { TestClock } from "../support/test-clock";
import { startTestServer, type TestServer } from "../support/test-server";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Every public screen (each also in Filipino and Chinese: /fil/…, /zh/…). */
export const PUBLIC_PAGES = ["/", "/menu", "/menu2", "/about", "/reserve", "/no-such-page"] as const;

/**
 * Blocking the service worker lets page.route() see every request (a worker would answer from its cache),
 * and keeps each test's page loads independent.
 */
export const NO_SERVICE_WORKER: BrowserContextOptions = { serviceWorkers: "block" };

export interface SiteBrowserSuite {
  server: TestServer;
  browser: Browser;
  phone: BrowserContext;
  desktop: BrowserContext;
  /** The server's clock: the pages are rendered there, so "today" (the special, the footer's greeting) is its day. */
  clock: TestClock;
}

/**
 * One seeded server and one Chromium for a test file, with a phone and a desktop context (service
 * worker blocked). Call at the top of the file; the fields are set once beforeAll has run.
 */
export function siteBrowserSuite(): SiteBrowserSuite {
  const suite = { clock: new TestClock() } as SiteBrowserSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startTestServer({ server: { clock: suite.clock } }), launchBrowser()]);
    suite.phone = await suite.browser.newContext({ ...PHONE, ...RETINA, ...NO_SERVICE_WORKER, baseURL: suite.server.url });
    suite.desktop = await suite.browser.newContext({ ...DESKTOP, ...NO_SERVICE_WORKER, baseURL: suite.server.url });
  });
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    await suite.server?.dispose();
  });
  return suite;
}

const tabs = new WeakMap<BrowserContext, Page>();

/**
 * The context's one tab, reused from test to test as a visitor's would be: a new tab costs a renderer
 * process, over a second of the test machine's CPU. A test that routes requests, fakes the clock or
 * listens to the page opens its own tab instead, so nothing it sets leaks into the next test.
 */
export async function tabOf(context: BrowserContext): Promise<Page> {
  let page = tabs.get(context);
  if (!page || page.isClosed()) {
    page = await context.newPage();
    tabs.set(context, page);
  }
  return page;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best-practice rules) on the page as it is now.
 * Evaluated through the DevTools protocol, so the site's CSP (script-src 'self') does not block it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Injected once per document: tests poll this until the page has settled.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
  });
}

/** A Sunday and a Monday evening at the restaurant (Toronto), for the daily special. */
export const SUNDAY = new Date("2024-12-15T18:00:00-05:00");
export const MONDAY = new Date("2024-12-16T18:00:00-05:00");
