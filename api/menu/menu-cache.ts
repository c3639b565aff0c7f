/**
 * Menus served from memory: the serialized JSON and its ETag are built once per branch and
 * dropped whenever that branch's menu changes (sold-out toggle, CSV import). The ETag is a hash of
 * the content, so every instance gives the same one and a phone's cached copy stays valid across restarts.
 */
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { loadMenu } from "./menu-repository";

export interface CachedMenu {
  json: string;
  etag: string;
}

export class MenuCache {
  private readonly entries = new Map<number, CachedMenu>();

  constructor(private readonly db: Db) {}

  get(branchId: number): CachedMenu {
    let entry = this.entries.get(branchId);
    if (!entry) {
      const json = JSON.stringify(loadMenu(this.db, branchId));
      entry = { json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
      this.entries.set(branchId, entry);
    }
    return entry;
  }

  invalidate(branchId: number): void {
    this.entries.delete(branchId);
  }
}
