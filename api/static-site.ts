/**
 * Serves the built web app: precompressed files (.br/.gz written at build time), long-lived caching
 * for hashed assets, and the history fallback — a known app route gets the shell with 200, any other
 * path the shell with 404 (the app then shows its not-found page). `/api/*` never reaches this.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Context } from "hono";
import { isAppRoute } from "../contract/app-routes";
import { matchesIfNoneMatch } from "./lib/http-cache";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
};

interface CachedFile {
  body: Uint8Array;
  etag: string;
}

/**
 * Dot-folders and dotfiles in the build are the tools' bookkeeping (Vite's `.vite/manifest.json`
 * maps every source file to its chunk), not part of the site. `.well-known/` (RFC 8615) is the one
 * dot-folder a site publishes on purpose (security.txt, app links), so a file dropped there is served.
 */
function isBuildInternal(pathname: string): boolean {
  return pathname.split(/[/\\]/).some((segment) => segment.startsWith(".") && segment !== ".well-known");
}

export function staticSite(rootDir: string) {
  const root = resolve(rootDir);
  const cache = new Map<string, CachedFile>();

  // Contents are kept in memory and re-read only when a file's size or mtime changes, so a build
  // replaced in place (a deploy without a restart) is served at once. Misses are not remembered:
  // anyone can ask for endless made-up paths, and memory must not grow with them.
  const read = (path: string): CachedFile | null => {
    try {
      const stat = statSync(path);
      if (!stat.isFile()) return null;
      const etag = `"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}"`;
      const cached = cache.get(path);
      if (cached?.etag === etag) return cached;
      const file = { body: readFileSync(path), etag };
      cache.set(path, file);
      return file;
    } catch {
      return null;
    }
  };

  const cacheControl = (relative: string) => {
    if (relative.startsWith(`assets${sep}`)) return "public, max-age=31536000, immutable";
    if (/\.(html|js|webmanifest)$/.test(relative)) return "no-cache"; // index.html, sw.js, manifest
    return "public, max-age=86400";
  };

  const send = (c: Context, absolute: string, status: 200 | 404) => {
    const relative = absolute.slice(root.length + 1);
    const type = TYPES[extname(absolute).toLowerCase()] ?? "application/octet-stream";
    const accepts = c.req.header("accept-encoding") ?? "";
    let file = read(absolute)!;
    let encoding: string | undefined;
    for (const [token, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
      if (!accepts.includes(token)) continue;
      const compressed = read(absolute + suffix);
      if (compressed) {
        file = compressed;
        encoding = token;
        break;
      }
    }
    const headers: Record<string, string> = {
      "Content-Type": type,
      "Cache-Control": cacheControl(relative),
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    if (encoding) headers["Content-Encoding"] = encoding;
    if (status === 200 && matchesIfNoneMatch(c.req.header("if-none-match"), file.etag)) return c.body(null, 304, headers);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    return c.body(file.body as Uint8Array<ArrayBuffer>, status, headers);
  };

  return (c: Context) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text("Bad request", 400);
    }
    if (isBuildInternal(pathname)) return c.text("Not found", 404);
    const candidate = normalize(join(root, pathname));
    if (candidate !== root && !candidate.startsWith(root + sep)) return c.text("Not found", 404);

    // A .br/.gz twin is sent only as the Content-Encoding of its original, never as a file of its own.
    const original = candidate.replace(/\.(br|gz)$/, "");
    if (original !== candidate && read(original)) return c.text("Not found", 404);
    if (read(candidate)) return send(c, candidate, 200);
    // A prerendered page, if the build wrote one (e.g. dist/menu/index.html).
    const prerendered = join(candidate, "index.html");
    if (candidate !== root && read(prerendered)) return send(c, prerendered, 200);

    const shell = join(root, "index.html");
    if (extname(pathname) && !pathname.endsWith(".html")) return c.text("Not found", 404);
    if (!existsSync(shell)) return c.text("The web app is not built. Run `npm run build`.", 503);
    return send(c, shell, isAppRoute(pathname) ? 200 : 404);
  };
}
