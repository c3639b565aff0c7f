import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { APP_ROUTES } from "./contract/app-routes.ts";
import { PHOTO_MAX_STORED_BYTES } from "./contract/photos.ts";
import { chunkModules } from "./scripts/vite-chunk-modules.ts";
import { firstVisitChunks } from "./scripts/vite-first-visit-chunks.ts";
import { precompress } from "./scripts/vite-precompress.ts";

const firstVisit = firstVisitChunks();

/**
 * react-router's package exports name only its development build (dev warnings, no "production"
 * condition to pick the other): the build takes the production build shipped beside it.
 *
 * Its components and contexts are `React.forwardRef(…)` / `React.createContext(…)` calls without a
 * pure annotation, each followed by a `displayName` assignment (a name for React DevTools, which the
 * production React never shows), so the bundler kept the ones the app never uses (`<Form>` and its
 * form-submission code) for the assignment's sake. The build marks those calls pure and drops the
 * assignments, so tree-shaking removes what is unused (docs/performance/bundle-budget.md).
 */
function reactRouterProduction(): Plugin {
  const dist = join(dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist", "production");
  return {
    name: "limitless:react-router-production",
    apply: "build",
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(dist, "index.mjs") },
          { find: /^react-router\/dom$/, replacement: join(dist, "dom-export.mjs") },
        ],
      },
    }),
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(/=(\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g, "=$1/* @__PURE__ */ $2")
          .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";$/gm, ""),
        map: null,
      }),
    },
  };
}

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3000";

/**
 * What a phone keeps of dish photos for an offline menu. Workbox limits a cache by its number of
 * entries, not bytes: no stored photo is larger than PHOTO_MAX_STORED_BYTES (the server makes sure),
 * so this many entries stay within the budget. A menu of 50 dishes costs about 60 of them (a
 * thumbnail each, and the panels opened); most are a few kilobytes (docs/performance/dish-photos.md).
 */
const PHOTO_CACHE_BYTES = 20 * 1024 * 1024;
const PHOTO_CACHE_ENTRIES = Math.floor(PHOTO_CACHE_BYTES / PHOTO_MAX_STORED_BYTES);

/**
 * A captive portal answers every request "200 OK" with its sign-in page. Cached, that page would stand
 * in for the menu or a photo long after the portal is gone, so the worker keeps only answers of the
 * type it asked for. Workbox copies these functions into sw.js as source text: they must not refer to
 * anything else in this file.
 */
const onlyJson = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    /^application\/json\b/i.test(response.headers.get("content-type") ?? "") ? response : null,
};
const onlyPdf = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    /^application\/pdf\b/i.test(response.headers.get("content-type") ?? "") ? response : null,
};
const onlyImages = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    /^image\//i.test(response.headers.get("content-type") ?? "") ? response : null,
};

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Limitless Bar & Grill",
        short_name: "Limitless",
        description: "Filipino and Chinese barbecue in Thornhill and Pickering. Order from your table.",
        theme_color: "#111111",
        background_color: "#111111",
        display: "standalone",
        start_url: "/",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512-maskable.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The first visit is controlled at once, so its menu lands in the runtime cache for offline use.
        // (Updates still wait for the diner's OK: registerType "prompt" never skips waiting by itself.)
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        navigateFallback: "/index.html",
        // Only the app's own routes: the public pages are the server's HTML (docs/decisions/0027), and
        // neither the API nor files opened in a tab (menu PDFs, the CSV template) are the app.
        // Workbox tests the path with its query (`/order?station_id=…`).
        navigateFallbackAllowlist: APP_ROUTES.map((route) => new RegExp(`^${route.replace(/\//g, "\\/")}\\/?(\\?.*)?$`)),
        // The app shell and every route's code; photos and PDFs are cached when first seen (below).
        globPatterns: ["**/*.{js,css,html,woff2,ico}", "favicon.svg", "icons/*.png", "images/logo.svg"],
        // The sales report's chart library is staff-only and useless offline: diners' phones don't fetch it.
        globIgnores: ["**/reports-page-*"],
        runtimeCaching: [
          {
            // The menu and the table lookup: instant from cache (works offline), refreshed behind the scenes.
            // A "no-store" request (the kitchen's sold-out switches) asks for the server's answer: let it through.
            urlPattern: ({ url, request }) => url.pathname === "/api/products_by_category" && request.cache !== "no-store",
            handler: "StaleWhileRevalidate",
            options: {
              cacheName: "menu-api",
              expiration: { maxEntries: 8, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              plugins: [onlyJson],
              // Tells the open order screen a newer menu arrived (sold-out items, prices): it re-reads it.
              broadcastUpdate: { options: { headersToCheck: ["etag", "content-length"] } },
            },
          },
          {
            urlPattern: /\/api\/stations\/[0-9a-fA-F-]{36}$/,
            handler: "StaleWhileRevalidate",
            options: {
              cacheName: "station-api",
              expiration: { maxEntries: 16, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              plugins: [onlyJson],
            },
          },
          {
            urlPattern: /\.pdf$/,
            handler: "CacheFirst",
            options: {
              cacheName: "menu-documents",
              expiration: { maxEntries: 10, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              plugins: [onlyPdf],
            },
          },
          {
            // Dish photos: their URLs name their bytes' hash (docs/decisions/0025-dish-photos.md), so a cached
            // one is never stale. The least recently shown go first past the budget, or when storage runs out.
            urlPattern: /\/api\/photos\/[0-9a-f]{32}$/,
            handler: "CacheFirst",
            options: {
              cacheName: "dish-photos",
              expiration: { maxEntries: PHOTO_CACHE_ENTRIES, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
              plugins: [onlyImages],
            },
          },
          {
            urlPattern: ({ request, sameOrigin }) => sameOrigin && request.destination === "image",
            handler: "CacheFirst",
            options: {
              cacheName: "images",
              expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              plugins: [onlyImages],
            },
          },
        ],
      },
    }),
    firstVisit.plugin,
    chunkModules(),
    precompress(),
  ],
  build: {
    outDir: "dist",
    sourcemap: false,
    manifest: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    // The diner's first visit in three files, not fifteen (scripts/vite-first-visit-chunks.ts).
    // Two entries: the app (index.html) and the public pages' script and styles (docs/decisions/0027).
    rolldownOptions: {
      input: { app: "index.html", site: "src/site/browser/site.ts" },
      output: { codeSplitting: { groups: firstVisit.groups } },
    },
  },
  server: {
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
