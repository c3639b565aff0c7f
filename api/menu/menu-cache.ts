/**
 * Menus served from memory: each branch's JSON, its gzip and brotli forms and its ETag are built once
 * and dropped whenever that branch's menu changes (sold-out toggle, CSV import). Phones on restaurant
 * Wi-Fi get a few kilobytes instead of tens. The ETag hashes the content, so every instance gives the
 * same one and a phone's cached copy stays valid across restarts.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Db } from "../db/client";
import { loadMenu } from "./menu-repository";

export interface CachedMenu {
  json: string;
  gzip: Uint8Array<ArrayBuffer>;
  brotli: Uint8Array<ArrayBuffer>;
  etag: string;
}

export class MenuCache {
  private readonly entries = new Map<number, CachedMenu>();

  constructor(private readonly db: Db) {}

  get(branchId: number): CachedMenu {
    let entry = this.entries.get(branchId);
    if (!entry) {
      const json = JSON.stringify(loadMenu(this.db, branchId));
      entry = {
        json,
        gzip: new Uint8Array(gzipSync(json)),
        brotli: new Uint8Array(brotliCompressSync(json)),
        etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`,
      };
      this.entries.set(branchId, entry);
    }
    return entry;
  }

  invalidate(branchId: number): void {
    this.entries.delete(branchId);
  }
}
