/**
 * A menu page whose live menu cannot be read says so with a 503 (the crawler comes back; the diner
 * reads the printed menus and the apology), and is rendered afresh once the menu is back: a 503 is
 * never kept as the page.
 */
import { describe, expect, it, vi } from "vitest";
import type { Menu, Product } from "../../contract/schemas";
import type { AppContext } from "../app-context";
import { SiteRenderer } from "./site-renderer";

const SISIG = {
  id: 7,
  name: "Pork Sisig",
  description: "Sizzling chopped pork, onion and chili.",
  price: "13.49",
  happy_hour_price: null,
  available: true,
  customizations: {},
  allergens: [],
  diet: [],
  prep_station: "kitchen",
  prep_minutes: 12,
  stock: null,
  photo: null,
} satisfies Product;
const MENU: Menu = { special: [], starter: [], fries: [], burger: [], seafood: [], main: [SISIG], drink: [], bucket: [] };

vi.mock("../branches/branch-queries", () => ({ findBranch: () => Promise.resolve(undefined) }));

function rendererWithMenu(read: () => Promise<{ etag: string; json: string }>) {
  const deps = {
    config: { staticDir: null, siteEnv: {} },
    menuCache: { get: read },
    database: { db: {} },
    clock: { now: () => new Date("2026-11-24T15:00:00Z") },
    logger: { error: vi.fn() },
  } as unknown as AppContext;
  return { renderer: new SiteRenderer(deps), logger: deps.logger };
}

describe("SiteRenderer when a live menu cannot be read", () => {
  it("answers 503 with the apology, logs why, and renders the page again once the menu is back", async () => {
    let up = false;
    const { renderer, logger } = rendererWithMenu(async () => {
      if (!up) throw new Error("database is locked");
      return { etag: '"v1"', json: JSON.stringify(MENU) };
    });

    const down = await renderer.page("/menu", "en", "https://limitless.example");
    expect(down.status).toBe(503);
    expect(down.html).toContain("The live menu can&#x27;t be shown right now.");
    expect(logger.error).toHaveBeenCalledWith(
      "site: a branch's menu could not be read",
      expect.objectContaining({ error: "Error: database is locked" }),
    );

    up = true;
    const back = await renderer.page("/menu", "en", "https://limitless.example");
    expect(back.status).toBe(200);
    expect(back.html).not.toContain("can&#x27;t be shown right now");
    expect(back.html).toContain("Pork Sisig");
    expect(back.html).toContain("13.49");
  });

  it("keeps pages without a live menu at 200 whatever the menus' state", async () => {
    const { renderer } = rendererWithMenu(() => Promise.reject(new Error("down")));
    expect((await renderer.page("/about", "fil", "https://limitless.example")).status).toBe(200);
    expect((await renderer.page(null, "zh", "https://limitless.example")).status).toBe(404);
  });
});
