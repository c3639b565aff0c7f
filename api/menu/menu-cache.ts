/**
 * Menus served from memory: each branch's JSON, its gzip and brotli forms, its ETag and the heads of
 * the answers are built once and dropped whenever that branch's menu changes (sold-out toggle, CSV
 * import). Phones on restaurant Wi-Fi get a few kilobytes instead of tens, and a cached answer costs
 * no more than a health check. The ETag hashes the content, so every instance gives the same one and
 * a phone's cached copy stays valid across restarts. A branch's menu goes when a change to it is
 * announced (`menu`, api/db/announce.ts), on every instance.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Announcements } from "../db/announcements";
import type { Db } from "../db/database";
import { matchesIfNoneMatch } from "../lib/http-cache";
import { loadMenu } from "./menu-repository";

type Bytes = Uint8Array<ArrayBuffer>;

interface Variant {
  body: string | Bytes;
  init: ResponseInit;
}

export interface CachedMenu {
  json: string;
  gzip: Bytes;
  brotli: Bytes;
  etag: string;
  /** The 200 answers, one per encoding, headers included. */
  readonly variants: { identity: Variant; gzip: Variant; brotli: Variant };
}

function variant(body: string | Bytes, etag: string, encoding?: "gzip" | "br"): Variant {
  // Headers as a plain object with Content-Length: the adapter writes them as they are.
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength),
    etag,
    "cache-control": "no-cache",
    vary: "Accept-Encoding",
  };
  if (encoding) headers["content-encoding"] = encoding;
  return { body, init: { status: 200, headers } };
}

function buildMenu(json: string): CachedMenu {
  const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  const gzip = new Uint8Array(gzipSync(json));
  const brotli = new Uint8Array(brotliCompressSync(json));
  return {
    json,
    gzip,
    brotli,
    etag,
    variants: { identity: variant(json, etag), gzip: variant(gzip, etag, "gzip"), brotli: variant(brotli, etag, "br") },
  };
}

const BR = /\bbr\b/;
const GZIP = /\bgzip\b/;

/** GET products_by_category for a cached menu: 304 when the caller's copy is current, else the best encoding it takes. */
export function menuAnswer(menu: CachedMenu, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Response {
  if (ifNoneMatch !== undefined && (ifNoneMatch === menu.etag || matchesIfNoneMatch(ifNoneMatch, menu.etag))) {
    // An empty string rather than null keeps the answer on @hono/node-server's direct path; the server
    // drops the Content-Length: 0 that it would imply (lib/response-head.ts).
    return new Response("", { status: 304, headers: { etag: menu.etag, "cache-control": "no-cache", vary: "Accept-Encoding" } });
  }
  const accepts = acceptEncoding ?? "";
  const chosen = BR.test(accepts) ? menu.variants.brotli : GZIP.test(accepts) ? menu.variants.gzip : menu.variants.identity;
  return new Response(chosen.body, chosen.init);
}

export class MenuCache {
  /** Keyed by the branch id as a URL writes it ("1"), so a request's raw query value finds its entry. */
  private readonly entries = new Map<string, CachedMenu>();
  /** Menus being built, so a burst of requests after a change builds each once. */
  private readonly building = new Map<string, Promise<CachedMenu>>();
  /** Bumped by every invalidation: a build that started before it is served but not kept. */
  private generation = 0;
  private bypassed = false;

  constructor(
    private readonly db: Db,
    announcements: Announcements,
  ) {
    announcements.on("menu", (branchId) => this.invalidate(Number(branchId)));
    announcements.onMissed(() => this.setBypassed(!announcements.hearsAll));
  }

  /**
   * The cached menu for a raw `branch_id` query value, without validating it: an entry exists only
   * under the canonical id of a branch that `get` was called for, so any other value misses and goes
   * through validation.
   */
  peek(rawBranchId: string | undefined): CachedMenu | undefined {
    return rawBranchId === undefined ? undefined : this.entries.get(rawBranchId);
  }

  /** The branch's menu, built on first use. The caller has checked that the branch exists. */
  async get(branchId: number): Promise<CachedMenu> {
    const key = String(branchId);
    const cached = this.entries.get(key);
    if (cached) return cached;
    let pending = this.building.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = loadMenu(this.db, branchId)
        .then((menu) => {
          const built = buildMenu(JSON.stringify(menu));
          if (generation === this.generation && !this.bypassed) this.entries.set(key, built);
          return built;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private invalidate(branchId: number): void {
    this.generation += 1;
    this.entries.delete(String(branchId));
    this.building.delete(String(branchId));
  }

  /**
   * While another instance's changes might go unheard (its notifications' connection is down), keep
   * nothing: every request reads the database. Turned off again, the cache starts empty.
   */
  private setBypassed(bypassed: boolean): void {
    this.bypassed = bypassed;
    this.generation += 1;
    this.entries.clear();
    this.building.clear();
  }
}
