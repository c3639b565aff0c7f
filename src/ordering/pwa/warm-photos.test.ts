import { describe, expect, it } from "vitest";
import type { Menu, Product } from "../../../contract/schemas";
import { menuThumbnails, thumbnailUrl, warmPhotos } from "./warm-photos";

const photo = (hash: string) => ({
  url: `/api/photos/${hash}-480`,
  srcset: `/api/photos/${hash}-240 240w, /api/photos/${hash}-480 480w, /api/photos/${hash}-720 720w`,
  width: 480,
  height: 640,
  alt: "",
});

describe("the thumbnail a menu item shows", () => {
  it("is the narrowest candidate covering 88 CSS px at the phone's pixel ratio, or the widest", () => {
    expect(thumbnailUrl(photo("a"), 1)).toBe("/api/photos/a-240");
    expect(thumbnailUrl(photo("a"), 2.625)).toBe("/api/photos/a-240");
    expect(thumbnailUrl(photo("a"), 3)).toBe("/api/photos/a-480");
    expect(thumbnailUrl(photo("a"), 9)).toBe("/api/photos/a-720");
    expect(thumbnailUrl({ url: "/api/photos/b", srcset: "" }, 2)).toBe("/api/photos/b");
  });

  it("is listed once per dish with a photo, in menu order", () => {
    const dish = (id: number, hash?: string) => ({ id, photo: hash ? photo(hash) : null }) as unknown as Product;
    const menu = { starter: [dish(1, "a"), dish(2)], main: [dish(3, "b"), dish(4, "a")] } as unknown as Menu;
    expect(menuThumbnails(menu, 2)).toEqual(["/api/photos/a-240", "/api/photos/b-240"]);
  });
});

describe("warming the photos", () => {
  it("asks only for those not kept, skips a failure, and stops at its budget", async () => {
    const asked: string[] = [];
    const kept = new Set(["/p/1"]);
    const urls = ["/p/1", "/p/2", "/p/3", "/p/4", "/p/5", "/p/6"];
    const result = await warmPhotos(urls, {
      isKept: async (url) => kept.has(url),
      fetchThrough: async (url) => {
        asked.push(url);
        if (url === "/p/3") throw new Error("offline for a moment");
        return 400;
      },
      budgetBytes: 1000,
      concurrency: 1,
    });
    // 2 and 4 spend 800; 5 crosses the budget; 6 is left for the next visit. 3 failed: skipped, not retried now.
    expect(result).toEqual(["/p/2", "/p/3", "/p/4", "/p/5"]);
    expect(asked).toEqual(result);
  });
});
