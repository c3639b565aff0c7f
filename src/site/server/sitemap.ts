/** sitemap.xml and robots.txt: every public page in every language, each with its alternates. */
import { LANGUAGES, type Language } from "../../shared/i18n/language";
import { SITE_PAGES, sitePath } from "../site-pages";

const HREFLANG: Record<Language, string> = { en: "en", fil: "fil", zh: "zh-Hans" };

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

export function sitemapXml(origin: string): string {
  const urls = SITE_PAGES.flatMap((page) =>
    LANGUAGES.map((code) => {
      const alternates = LANGUAGES.map(
        (other) => `    <xhtml:link rel="alternate" hreflang="${HREFLANG[other]}" href="${escapeXml(origin + sitePath(page, other))}"/>`,
      );
      return [
        "  <url>",
        `    <loc>${escapeXml(origin + sitePath(page, code))}</loc>`,
        ...alternates,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + sitePath(page, "en"))}"/>`,
        "  </url>",
      ].join("\n");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Crawlers may read the public pages; the API, the ordering screens and the staff app are not for them. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /order",
    "Disallow: /stations",
    "Disallow: /upload_menu",
    "Disallow: /kitchen",
    "Disallow: /staff/",
    "Disallow: /login",
    "Disallow: /logout",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
