/**
 * The public site's pages and their addresses in each language: English keeps the spec's paths
 * (`/menu`), Filipino and Chinese put their code in front (`/fil/menu`, `/zh/menu`; their home pages
 * are `/fil/` and `/zh/`). The server answers exactly these; the language picker, the hreflang
 * alternates and the sitemap are built from the same table.
 */
import { LANGUAGES, type Language } from "../shared/i18n/language";

export const SITE_PAGES = ["/", "/menu", "/menu2", "/about", "/reserve"] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/** The branches' menu pages, as the navbar's Menu offers them (site-config.ts has the rest of each branch). */
export const BRANCH_MENUS = [
  { page: "/menu", branch: "Thornhill" },
  { page: "/menu2", branch: "Pickering" },
] as const satisfies readonly { page: SitePage; branch: string }[];

/** `/menu` in Filipino → `/fil/menu`; `/` → `/fil/`. English paths stay as they are. */
export function sitePath(page: SitePage, code: Language): string {
  if (code === "en") return page;
  return `/${code}${page}`;
}

/** Which page and language a request path names, or null (the 404 page). Trailing slashes are the caller's to redirect. */
export function sitePageOf(pathname: string): { page: SitePage; language: Language } | null {
  for (const code of LANGUAGES) {
    for (const page of SITE_PAGES) {
      if (sitePath(page, code) === pathname) return { page, language: code };
    }
  }
  return null;
}

/** The language a path is in: its prefix (`/zh/…`), English otherwise (the 404 page of `/zh/nope` is Chinese). */
export function languageOfPath(pathname: string): Language {
  return LANGUAGES.find((code) => code !== "en" && (pathname === `/${code}` || pathname.startsWith(`/${code}/`))) ?? "en";
}
