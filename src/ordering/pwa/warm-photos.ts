/**
 * Offline, every dish shows its photo (docs/decisions/0030): once the order screen's menu is up and the
 * service worker controls the page, the phone asks for each dish's thumbnail — the very file its menu
 * item shows — so the worker's dish-photos cache (CacheFirst, vite.config.ts) keeps it. Without this
 * the worker keeps only the photos the diner scrolled to after it took control: neither those of the
 * first screen (loaded before it did) nor those never scrolled to. Photo URLs name their bytes, so a
 * kept file is never stale, and one already kept costs no request.
 */
import type { Menu, Photo } from "../../../contract/schemas";

/** The menu item's thumbnail box, CSS px (order-page.tsx: `sizes="88px"`). */
export const THUMBNAIL_CSS_PX = 88;
/** What the phone spends on warming at most: about 60 dishes' thumbnails (docs/decisions/0030). */
export const WARM_BUDGET_BYTES = 1_500_000;
const CACHE_NAME = "dish-photos";

/**
 * The srcset candidate a browser shows in a box `cssPx` wide at `dpr`: the narrowest at least as wide as
 * the box's device pixels, or the widest there is (Chromium's choice for `sizes` in px).
 */
export function thumbnailUrl(photo: Pick<Photo, "url" | "srcset">, dpr: number, cssPx = THUMBNAIL_CSS_PX): string {
  const candidates = photo.srcset
    .split(",")
    .map((part) => part.trim().split(/\s+/))
    .map(([url, width]) => ({ url: url ?? "", width: Number.parseInt(width ?? "", 10) }))
    .filter((candidate) => candidate.url !== "" && Number.isFinite(candidate.width))
    .sort((a, b) => a.width - b.width);
  if (candidates.length === 0) return photo.url;
  const needed = cssPx * dpr;
  return (candidates.find((candidate) => candidate.width >= needed) ?? candidates[candidates.length - 1]!).url;
}

/** Every dish's thumbnail in the menu, once each, in menu order. */
export function menuThumbnails(menu: Menu, dpr: number): string[] {
  const urls = Object.values(menu)
    .flat()
    .flatMap((product) => (product.photo ? [thumbnailUrl(product.photo, dpr)] : []));
  return [...new Set(urls)];
}

export interface WarmOptions {
  /** Already kept (no request). */
  isKept: (url: string) => Promise<boolean>;
  /** Asks for the file through the service worker, which keeps it; resolves with its size in bytes. */
  fetchThrough: (url: string) => Promise<number>;
  budgetBytes?: number;
  /** Requests at once: two, so the diner's own requests are not crowded out. */
  concurrency?: number;
}

/**
 * Asks for each URL not yet kept until the budget is spent. A failed request is skipped (the next
 * visit tries again). Resolves with the URLs asked for.
 */
export async function warmPhotos(urls: readonly string[], options: WarmOptions): Promise<string[]> {
  const { isKept, fetchThrough, budgetBytes = WARM_BUDGET_BYTES, concurrency = 2 } = options;
  const queue = [...urls];
  const asked: string[] = [];
  let spent = 0;
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined && spent < budgetBytes; url = queue.shift()) {
      if (await isKept(url).catch(() => false)) continue;
      asked.push(url);
      spent += await fetchThrough(url).catch(() => 0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return asked;
}

/** Once a service worker controls the page (now, or when it takes control): never without one. */
function whenControlled(): Promise<boolean> {
  const container = navigator.serviceWorker;
  if (!container) return Promise.resolve(false);
  if (container.controller) return Promise.resolve(true);
  return new Promise((resolve) => container.addEventListener("controllerchange", () => resolve(true), { once: true }));
}

/** Keeps every thumbnail of `menu` on the phone (a diner who asked to save data is left alone). */
export async function warmMenuPhotos(menu: Menu): Promise<void> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData || typeof caches === "undefined" || !(await whenControlled())) return;
  const cache = await caches.open(CACHE_NAME);
  await warmPhotos(menuThumbnails(menu, window.devicePixelRatio || 1), {
    isKept: async (url) => (await cache.match(url)) !== undefined,
    fetchThrough: async (url) => {
      const response = await fetch(url, { credentials: "same-origin", priority: "low" } as RequestInit);
      return (await response.blob()).size;
    },
  });
}
