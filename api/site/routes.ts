/**
 * The public site's addresses (docs/decisions/0027): every page in English (`/menu`), Filipino
 * (`/fil/menu`) and Chinese (`/zh/menu`), sent as complete HTML; sitemap.xml and robots.txt; and the
 * not-found page, in the language the path starts with, for any other path the web app does not have.
 */
import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../app-context";
import { requestOrigin } from "../lib/client-address";
import { matchesIfNoneMatch } from "../lib/http-cache";
import { requestHeader } from "../lib/response-head";
import { languageOfPath, robotsTxt, sitemapXml, sitePageOf, type SitePage } from "../../src/site/server";
import { SiteRenderer, type RenderedPage } from "./site-renderer";

const BR = /\bbr\b/;
const GZIP = /\bgzip\b/;

export interface SiteRoutes {
  routes: Hono<AppEnv>;
  /** The not-found page with status 404, for the web app's fallback (static-site.ts). */
  notFound(c: Context<AppEnv>): Promise<Response>;
}

function send(c: Context<AppEnv>, page: RenderedPage): Response {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    // Revalidated on every visit (a 304 when nothing changed): a sold-out dish shows on the next load.
    "cache-control": "no-cache",
    etag: page.etag,
    vary: "Accept-Encoding",
  };
  if (page.status === 503) headers["retry-after"] = "30";
  if (page.status === 200 && matchesIfNoneMatch(requestHeader(c, "if-none-match"), page.etag))
    return new Response(null, { status: 304, headers });
  const accepts = requestHeader(c, "accept-encoding") ?? "";
  let body: string | Uint8Array<ArrayBuffer> = page.html;
  if (BR.test(accepts)) [body, headers["content-encoding"]] = [page.brotli, "br"];
  else if (GZIP.test(accepts)) [body, headers["content-encoding"]] = [page.gzip, "gzip"];
  return new Response(c.req.method === "HEAD" ? null : body, { status: page.status, headers });
}

export function siteRoutes(ctx: AppContext): SiteRoutes {
  const app = new Hono<AppEnv>();
  // Made on the first page asked for: an app that serves no page (a test of the API alone) reads no site settings.
  let renderer: SiteRenderer | undefined;
  // PUBLIC_ORIGIN when set (canonical URLs must not depend on how a request came in); else the request's own.
  const origin = (c: Context<AppEnv>) => ctx.config.publicOrigin ?? requestOrigin(c, ctx.config.trustedProxies) ?? "http://localhost";

  const answer = async (c: Context<AppEnv>, page: SitePage | null, path: string) =>
    send(c, await (renderer ??= new SiteRenderer(ctx)).page(page, page ? sitePageOf(path)!.language : languageOfPath(path), origin(c)));

  const text = (body: string, type: string) =>
    new Response(body, { headers: { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=3600" } });
  // One handler for every address of the site (the API's routes are the contract's, api/app.test.ts).
  const crawlFiles: Record<string, (c: Context<AppEnv>) => Response> = {
    "/sitemap.xml": (c) => text(sitemapXml(origin(c)), "application/xml"),
    "/robots.txt": (c) => text(robotsTxt(origin(c)), "text/plain"),
  };

  app.on(["GET", "HEAD"], "*", async (c, next) => {
    const path = c.req.path;
    const found = sitePageOf(path);
    if (found) return answer(c, found.page, path);
    const crawlFile = crawlFiles[path];
    if (crawlFile) return crawlFile(c);
    // One address per page: `/menu/` and `/fil` lead to `/menu` and `/fil/`.
    const other = path.endsWith("/") ? path.replace(/\/+$/, "") : `${path}/`;
    if (sitePageOf(other)) return c.redirect(`${other}${new URL(c.req.url).search}`, 301);
    return next();
  });

  return { routes: app, notFound: (c) => answer(c, null, c.req.path) };
}
