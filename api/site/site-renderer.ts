/**
 * The public pages as the server sends them (docs/decisions/0027): each page in each language is
 * rendered from the branches' live menus and settings (src/site/server) and kept in memory, with its
 * gzip and brotli forms and an ETag, until what it was made from changes. What it was made from is
 * checked on every request, and cheaply, from memory: the cached menus' ETags (the menu cache drops a
 * branch's menu after every commit that changes it, on every instance — menu/menu-cache.ts and
 * db/announce.ts — so the next request renders the new menu), each branch's happy hours (reference
 * data, dropped the same way), the restaurant's weekday (the highlighted special) and the built files'
 * names.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { isoWeekday } from "../../contract/restaurant-time";
import type { Menu } from "../../contract/schemas";
import {
  BRANCHES,
  renderSitePage,
  siteSettings,
  type BranchView,
  type Language,
  type PageAssets,
  type SitePage,
  type SiteSettings,
} from "../../src/site/server";
import { findBranch } from "../branches/branch-queries";
import type { AppContext } from "../app-context";

type Bytes = Uint8Array<ArrayBuffer>;

export interface RenderedPage {
  status: 200 | 404 | 503;
  html: string;
  gzip: Bytes;
  brotli: Bytes;
  etag: string;
}

/** The pages that show the live menus and the branches' hours (the others are made of the site's facts alone). */
const MENU_PAGES: ReadonlySet<SitePage> = new Set(["/", "/menu", "/menu2"]);
/** Rendered pages kept: 6 pages × 3 languages, for a few origins (PUBLIC_ORIGIN unset: each Host asked for). */
const MAX_CACHED = 100;
/** The Vite entry whose script and styles every public page links (vite.config.ts). */
const SITE_ENTRY = "src/site/browser/site.ts";

interface CachedPage {
  fingerprint: string;
  page: RenderedPage;
}

function compress(html: string, status: RenderedPage["status"]): RenderedPage {
  return {
    status,
    html,
    gzip: new Uint8Array(gzipSync(html)),
    brotli: new Uint8Array(brotliCompressSync(html)),
    etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
  };
}

/**
 * The site entry's script and styles, from the build's manifest (re-read when a new build replaces
 * it). The styles go into the page itself: a stylesheet to fetch would hold the first paint back by a
 * round trip on a phone's connection, and they are a few kilobytes once compressed with the page.
 */
function buildAssets(staticDir: string | null): () => PageAssets {
  let seen: { mtimeMs: number; assets: PageAssets } | null = null;
  const none: PageAssets = { styles: [], script: null };
  return () => {
    if (!staticDir) return none;
    const path = join(staticDir, ".vite", "manifest.json");
    try {
      const { mtimeMs } = statSync(path);
      if (seen?.mtimeMs === mtimeMs) return seen.assets;
      const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, { file: string; css?: string[] }>;
      const entry = manifest[SITE_ENTRY];
      const assets = entry
        ? { styles: (entry.css ?? []).map((file) => readFileSync(join(staticDir, file), "utf8")), script: `/${entry.file}` }
        : none;
      seen = { mtimeMs, assets };
      return assets;
    } catch {
      return none;
    }
  };
}

export class SiteRenderer {
  private readonly cache = new Map<string, CachedPage>();
  /** Each branch's menu parsed once per version (its ETag in the menu cache). */
  private readonly menus = new Map<number, { version: string; menu: Menu }>();
  private readonly assets: () => PageAssets;
  private readonly settings: SiteSettings;

  constructor(private readonly deps: AppContext) {
    this.assets = buildAssets(deps.config.staticDir);
    this.settings = siteSettings(deps.config.siteEnv);
  }

  /** A branch's menu as the menu cache has it now, or null when it cannot be read. */
  private async menu(branchId: number): Promise<{ menu: Menu | null; version: string }> {
    try {
      const cached = await this.deps.menuCache.get(branchId);
      let held = this.menus.get(branchId);
      if (held?.version !== cached.etag) {
        held = { version: cached.etag, menu: JSON.parse(cached.json) as Menu };
        this.menus.set(branchId, held);
      }
      return held;
    } catch (error) {
      this.deps.logger.error("site: a branch's menu could not be read", { branch_id: branchId, error: String(error) });
      return { menu: null, version: "unavailable" };
    }
  }

  /** The branches as the page shows them, and what they were made from (for the cache). */
  private async branches(page: SitePage | null, now: Date): Promise<{ views: BranchView[]; versions: unknown[] }> {
    const live = page !== null && MENU_PAGES.has(page);
    const read = await Promise.all(
      BRANCHES.map(async (facts) => {
        const base = { ...facts, bookingUrl: this.settings.bookingUrls[facts.id] };
        if (!live) return { view: { ...base, menu: null, happyHours: [], weekday: isoWeekday(now) }, version: null };
        const [{ menu, version }, branch] = await Promise.all([this.menu(facts.id), findBranch(this.deps.database.db, facts.id)]);
        const happyHours = branch?.happy_hours ?? [];
        // The branch's own day: its daily special is the one of its time zone's weekday.
        const weekday = isoWeekday(now, branch?.time_zone);
        return { view: { ...base, menu, happyHours, weekday }, version: [version, happyHours, weekday] };
      }),
    );
    return { views: read.map(({ view }) => view), versions: read.map(({ version }) => version) };
  }

  /** The page (null: the not-found page) in `language` for `origin`: from memory while nothing it shows has changed. */
  async page(page: SitePage | null, language: Language, origin: string): Promise<RenderedPage> {
    const now = this.deps.clock.now();
    const { views: branches, versions } = await this.branches(page, now);
    const weekday = isoWeekday(now);
    const assets = this.assets();
    const fingerprint = JSON.stringify([versions, weekday, assets]);
    const key = `${origin} ${language} ${page ?? "404"}`;
    const cached = this.cache.get(key);
    if (cached?.fingerprint === fingerprint) return cached.page;

    const shown = page === "/" ? branches : branches.filter((branch) => branch.path === page);
    const unavailable = page !== null && MENU_PAGES.has(page) && shown.some((branch) => branch.menu === null);
    const html = renderSitePage({ view: { page, language, branches, weekday, settings: this.settings }, origin, assets });
    const rendered = compress(html, page === null ? 404 : unavailable ? 503 : 200);
    if (rendered.status === 503) return rendered; // rendered afresh next time, when the menu may be back
    this.cache.delete(key);
    this.cache.set(key, { fingerprint, page: rendered });
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return rendered;
  }
}
