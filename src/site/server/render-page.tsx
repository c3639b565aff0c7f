/**
 * A public page as the server sends it (docs/decisions/0027): the same React components, rendered to
 * HTML with renderToStaticMarkup — no hydration, so the browser gets the page whole and runs only the
 * small script that works what moves (site/browser/). Pure: what the page shows comes in `view`.
 *
 * The components read their words through the app's i18n stores, which follow one language atom: the
 * render sets it to the page's language for its duration. Rendering is synchronous, so two requests
 * never interleave, and the catalogs are put in the stores' cache first, so nothing is fetched.
 */
import type { ComponentsJSON } from "@nanostores/i18n";
import { renderToStaticMarkup } from "react-dom/server";
import fil from "../../shared/i18n/catalogs/fil";
import zh from "../../shared/i18n/catalogs/zh";
import { i18n, useLanguage, useMessages } from "../../shared/i18n/i18n";
import { categoryMessages } from "../../shared/i18n/messages";
import { language as languageAtom, LANGUAGES, LOCALE_TAGS, type Language } from "../../shared/i18n/language";
import { AboutPage } from "../about-page";
import { LandingPage } from "../landing/landing-page";
import { LanguageLinks } from "../layout/language-links";
import { headerMessages } from "../layout/messages";
import { SiteFooter } from "../layout/site-footer";
import { Navbar } from "../layout/navbar";
import { BranchPage } from "../menu/branch-page";
import { pageMetaMessages } from "../messages";
import { NotFoundPage } from "../not-found-page";
import { ReservePage } from "../reserve-page";
import { SITE, addressLine } from "../site-config";
import { sitePath, type SitePage } from "../site-pages";
import type { SiteView } from "../site-view";
import { jsonLd, restaurantData } from "./structured-data";

const CATALOGS: Record<Exclude<Language, "en">, ComponentsJSON> = { fil, zh };
for (const [code, catalog] of Object.entries(CATALOGS)) (i18n.cache as Record<string, unknown>)[code] = catalog;

/** What a page takes from the build (Vite's manifest): its styles, as text to put in the page, and its script's address. */
export interface PageAssets {
  styles: readonly string[];
  script: string | null;
}

export interface RenderOptions {
  view: SiteView;
  /** Where the site lives (`https://example.com`): canonical URLs, alternates, link previews. */
  origin: string;
  assets: PageAssets;
}

/** hreflang: every English reader (not only Canada's), Filipino, Chinese in simplified script. */
const HREFLANG: Record<Language, string> = { en: "en", fil: "fil", zh: "zh-Hans" };
/** Open Graph wants language_TERRITORY. */
const OG_LOCALE: Record<Language, string> = { en: "en_CA", fil: "fil_PH", zh: "zh_CN" };

/** Without JavaScript: the navbar's links show (no hamburger to open them) and the carousel has no dots to press. */
const NO_SCRIPT_STYLE =
  ".nav-toggle,.carousel-controls{display:none!important}" +
  "@media (max-width:767.98px){.site-nav{flex-wrap:wrap;height:auto;min-height:var(--site-header-height)}" +
  ".nav-links[data-open]{display:flex!important;position:static;flex-flow:row wrap;width:100%;padding:0 0 8px;border:0;box-shadow:none}}";

function usePageMeta(page: SitePage | null, view: SiteView): { title: string; description: string } {
  const t = useMessages(pageMetaMessages);
  const name = SITE.name;
  const branch = view.branches.find((candidate) => candidate.path === page);
  if (branch)
    return {
      title: t.branchTitle({ branch: branch.name, name }),
      description: t.branchDescription({ branch: branch.name, address: addressLine(branch) }),
    };
  switch (page) {
    case "/":
      return { title: t.homeTitle({ name }), description: t.homeDescription };
    case "/about":
      return { title: t.aboutTitle({ name }), description: t.aboutDescription };
    case "/reserve":
      return { title: t.reserveTitle({ name }), description: t.reserveDescription };
    default:
      return { title: t.notFoundTitle({ name }), description: t.notFoundDescription };
  }
}

function PageBody({ view }: { view: SiteView }) {
  const branch = view.branches.find((candidate) => candidate.path === view.page);
  if (branch) return <BranchPage branch={branch} weekday={branch.weekday} mapsKey={view.settings.mapsKey} />;
  switch (view.page) {
    case "/":
      return <LandingPage view={view} />;
    case "/about":
      return <AboutPage />;
    case "/reserve":
      return <ReservePage branches={view.branches} />;
    default:
      return <NotFoundPage />;
  }
}

function StructuredData({ view, origin }: { view: SiteView; origin: string }) {
  const categoryTitles = useMessages(categoryMessages);
  const shown = view.page === "/" ? view.branches : view.branches.filter((branch) => branch.path === view.page);
  if (shown.length === 0) return null;
  const graph = shown.map((branch) =>
    restaurantData(branch, { origin, language: view.language, categoryTitles, withMenu: view.page !== "/" }),
  );
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(graph) }} />;
}

function Document({ view, origin, assets }: RenderOptions) {
  const code = useLanguage();
  const t = useMessages(headerMessages);
  const { title, description } = usePageMeta(view.page, view);
  const page = view.page;
  const url = page ? `${origin}${sitePath(page, code)}` : null;
  const image = `${origin}${SITE.previewImage.href}`;
  return (
    <html lang={LOCALE_TAGS[code]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {url ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex" />}
        {page &&
          LANGUAGES.map((other) => (
            <link key={other} rel="alternate" hrefLang={HREFLANG[other]} href={`${origin}${sitePath(page, other)}`} />
          ))}
        {page && <link rel="alternate" hrefLang="x-default" href={`${origin}${sitePath(page, "en")}`} />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={SITE.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {url && <meta property="og:url" content={url} />}
        <meta property="og:locale" content={OG_LOCALE[code]} />
        {LANGUAGES.filter((other) => other !== code).map((other) => (
          <meta key={other} property="og:locale:alternate" content={OG_LOCALE[other]} />
        ))}
        <meta property="og:image" content={image} />
        <meta property="og:image:type" content="image/jpeg" />
        <meta property="og:image:width" content={String(SITE.previewImage.width)} />
        <meta property="og:image:height" content={String(SITE.previewImage.height)} />
        <meta property="og:image:alt" content={SITE.name} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={image} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {/* A slow phone paints a page whose HTML is still being parsed: the header's links, placed from the right, then
            move as the rest of the header arrives (a layout shift). The first paint waits for the main content instead. */}
        <link rel="expect" href="#main" blocking="render" />
        {assets.styles.map((css, i) => (
          <style key={i} dangerouslySetInnerHTML={{ __html: css }} />
        ))}
        <noscript>
          <style>{NO_SCRIPT_STYLE}</style>
        </noscript>
        <StructuredData view={view} origin={origin} />
        {assets.script && <script type="module" src={assets.script} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t.skipToContent}
        </a>
        <Navbar current={page} languagePicker={<LanguageLinks page={page} />} />
        <main id="main" tabIndex={-1}>
          <PageBody view={view} />
        </main>
        <SiteFooter weekday={view.weekday} />
      </body>
    </html>
  );
}

/** The whole HTML document of a public page (or of the not-found page, when `view.page` is null). */
export function renderSitePage(options: RenderOptions): string {
  const previous = languageAtom.get();
  languageAtom.set(options.view.language);
  try {
    return `<!doctype html>${renderToStaticMarkup(<Document {...options} />)}`;
  } finally {
    languageAtom.set(previous);
  }
}
