/** Shared setup for the staff screens' browser tests (staff-*.test.ts). */
import type { Browser, BrowserContext, Page } from "playwright-core";
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
