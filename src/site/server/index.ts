/**
 * What the server takes from the public site (api/site): the page renderer, the site's pages and
 * facts, and its crawl files. The one door from api/ into src/ (eslint.config.js): everything behind
 * it renders HTML from data and touches no browser API.
 */
export { renderSitePage, type PageAssets } from "./render-page";
export { robotsTxt, sitemapXml } from "./sitemap";
export { BRANCHES, siteSettings, type SiteSettings } from "../site-config";
export { languageOfPath, sitePageOf, type SitePage } from "../site-pages";
export type { BranchView, SiteView } from "../site-view";
export type { Language } from "../../shared/i18n/language";
