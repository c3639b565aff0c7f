/** Shared setup for the staff screens' browser tests (staff-*.test.ts). */
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { expect } from "vitest";
import { launchBrowser, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { staffToken, startTestServer, type TestServer, type TestServerOptions } from "../support/test-server";
import { NO_SERVICE_WORKER } from "./site-support";

export interface SignedInTablet {
  server: TestServer;
  browser: Browser;
  /** A bearer token for arranging data through the API. */
  token: string;
  /** A landscape-tablet context already signed in (the session cookie comes from POST /api/login). */
  context: BrowserContext;
  page: Page;
}

export async function openSignedInTablet(options: TestServerOptions = {}): Promise<SignedInTablet> {
  const [server, browser] = await Promise.all([startTestServer(options), launchBrowser()]);
  const token = await staffToken(server);
  const context = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
  expect((await context.request.post("/api/login", { data: server.staff })).status()).toBe(200);
  return { server, browser, token, context, page: await context.newPage() };
}

export async function closeTablet(tablet: Partial<Pick<SignedInTablet, "server" | "browser">>): Promise<void> {
  await releaseBrowser(tablet.browser);
  await tablet.server?.dispose();
}

/**
 * Arranges data through the API as the tablet's account (bearer `token` on `server`); fails the test
 * on an answer that is not 2xx, naming the call.
 */
export async function staffCall(
  server: Pick<TestServer, "url">,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.ok, `${method} ${path} → ${response.status}`).toBe(true);
  return response.status === 204 ? undefined : response.json();
}

/**
 * Follows a page's requests (its live streams aside, which stay open) and waits until none has been in
 * flight for half a second: what a screen reads has answered. Playwright's "networkidle" waits for a
 * document's first such moment only, and a screen opened from the staff navigation is the same document.
 * Gives up after `timeoutMs`, for a screen that keeps reading. `fromNow` counts the half second from the
 * call, not from the last request: what the page has just started may not have been reported yet.
 */
export function followRequests(page: Page): { settled(timeoutMs?: number, options?: { fromNow?: boolean }): Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on("request", (request) => {
    if (request.resourceType() === "eventsource") return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const finished = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("requestfinished", finished);
  page.on("requestfailed", finished);
  return {
    async settled(timeoutMs = 10_000, { fromNow = false } = {}) {
      const giveUp = Date.now() + timeoutMs;
      if (fromNow) lastChange = Math.max(lastChange, Date.now());
      while ((inFlight.size > 0 || Date.now() - lastChange < 500) && Date.now() < giveUp) await page.waitForTimeout(50);
    },
  };
}
