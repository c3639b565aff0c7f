/**
 * Serves the built web app: precompressed files (.br/.gz written at build time), long-lived caching
 * for hashed assets, and the history fallback — a route of the app (contract/app-routes.ts) gets the
 * shell with 200; any other path the public site's not-found page, 404 (`notFound`, api/site).
 * `/api/*` and the public pages never reach this.
 */
import { readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Context } from "hono";
import { isAppRoute } from "../contract/app-routes";
import { matchesIfNoneMatch } from "./lib/http-cache";
import { requestHeader } from "./lib/response-head";

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

export function staticSite(rootDir: string, notFound: (c: Context) => Response | Promise<Response>) {
  const root = resolve(rootDir);
  const shellPath = join(root, "index.html");
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

  const send = (c: Context, absolute: string, found: CachedFile) => {
    const relative = absolute.slice(root.length + 1);
    const type = TYPES[extname(absolute).toLowerCase()] ?? "application/octet-stream";
    const accepts = requestHeader(c, "accept-encoding") ?? "";
    let file = found;
    let encoding: string | undefined;
    for (const [token, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!accepts.includes(token)) continue;
      const compressed = read(absolute + suffix);
      if (compressed) {
        file = compressed;
        encoding = token;
        break;
      }
    }
    // A plain header object: the adapter writes it as it is, without building a Headers object.
    const headers: Record<string, string> = {
      "content-type": type,
      "cache-control": cacheControl(relative),
      etag: file.etag,
      vary: "Accept-Encoding",
    };
    if (encoding) headers["content-encoding"] = encoding;
    if (matchesIfNoneMatch(requestHeader(c, "if-none-match"), file.etag)) return new Response(null, { status: 304, headers });
    if (c.req.method === "HEAD") return new Response(null, { headers });
    return new Response(file.body as Uint8Array<ArrayBuffer>, { headers });
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
    const file = read(candidate);
    if (file) return send(c, candidate, file);

    if (extname(pathname) && !pathname.endsWith(".html")) return c.text("Not found", 404);
    if (!isAppRoute(pathname)) return notFound(c);
    const shell = read(shellPath);
    if (!shell) return c.text("The web app is not built. Run `npm run build`.", 503);
    return send(c, shellPath, shell);
  };
}
