/**
 * A branch's menu, the one way every screen gets it (diner's order screen, the public menu pages,
 * the kitchen's sold-out switches):
 * - cached: the last menu this tab read for the branch shows at once while a fresh copy loads;
 *   the service worker also answers from its cache first (stale-while-revalidate);
 * - live: `product.updated` events on the tab's stream flip sold-out switches the moment staff
 *   do; a quiet reload follows a reconnect, a newer copy in the service worker, the tab coming
 *   back into view, and every minute while visible (cheap: ETag + 304).
 * A failed load ends in a failed state with a retry, unless a menu is already on screen: that stays.
 */
import { useCallback, useEffect } from "react";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Menu, Product } from "../../contract/schemas";
import { api } from "./api";
import { useServerData, type ServerData, type ServerDataOptions } from "./use-server-data";

export type MenuState = ServerData<Menu>;

export interface MenuOptions {
  /** The tab's live stream (api.ts paths) carrying this branch's product updates; null = none. */
  stream: string | null;
  /** Read past the service worker's cache: staff switches must show what the server says now. */
  noStore?: boolean;
}

type Availability = Pick<Product, "id" | "available"> & Partial<Pick<Product, "stock">>;

const REFRESH_EVERY_MS = 60_000;
const cache = new Map<number, Menu>();

/** The menu's data, by the one way (useServerData). */
export function menuData({ stream, noStore = false }: MenuOptions): Omit<ServerDataOptions<number, Menu>, "key"> {
  return {
    stream,
    load: async (id, signal) => normalizeMenu(await api.menu(id, { signal, cache: noStore ? "no-store" : undefined })),
    initial: (id) => cache.get(id),
    onData: (menu, id) => cache.set(id, menu),
    reduce: (menu, event, id) =>
      menu && event.type === "product.updated" && event.data.branch_id === id ? withProduct(menu, event.data) : undefined,
    onEvent: (event) => {
      // Let the service worker's cached menu catch up too, so a later visit (maybe offline) doesn't
      // show the old state; its "updated" message then refreshes this screen from the new copy.
      if (event.type === "product.updated" && !noStore && navigator.serviceWorker?.controller) {
        api.menu(event.data.branch_id).catch(() => undefined);
      }
    },
    refreshEveryMs: REFRESH_EVERY_MS,
    // The first load has just read it; the menu changes rarely enough that a reconnect is the time to catch up.
    reloadOnFirstOpen: false,
  };
}

/** `branchId` null: nothing to load yet (the caller is still finding out which branch). */
export function useMenu(branchId: number | null, options: MenuOptions) {
  const { state, reload, update } = useServerData({ key: branchId, ...menuData(options) });

  useEffect(() => {
    const onMessage = (event: MessageEvent<{ meta?: string }>) => {
      if (event.data?.meta === "workbox-broadcast-update") reload();
    };
    const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
    sw?.addEventListener("controllerchange", reload);
    sw?.addEventListener("message", onMessage);
    return () => {
      sw?.removeEventListener("controllerchange", reload);
      sw?.removeEventListener("message", onMessage);
    };
  }, [reload]);

  const applyProduct = useCallback((product: Availability) => update((menu) => menu && withAvailability(menu, product)), [update]);
  return { state, reload, applyProduct };
}

/**
 * Every category key present (an absent one is an empty list), products available unless told
 * otherwise; marks and stock default to none, so a menu from an older server (or cache) reads the same.
 */
export function normalizeMenu(data: Partial<Record<string, Partial<Product>[]>> | null | undefined): Menu {
  const menu = {} as Menu;
  for (const key of CATEGORY_KEYS) {
    const products = Array.isArray(data?.[key]) ? data[key] : [];
    menu[key] = products.map((product) => ({
      ...(product as Product),
      available: product.available !== false,
      allergens: Array.isArray(product.allergens) ? product.allergens : [],
      diet: Array.isArray(product.diet) ? product.diet : [],
      stock: typeof product.stock === "number" ? product.stock : null,
    }));
  }
  return menu;
}

/** The menu with one product's availability (and stock count, when the report has one) as the server just reported it. */
export function withAvailability(menu: Menu, product: Availability): Menu {
  const next = { ...menu };
  const changes = { available: product.available, ...(product.stock !== undefined && { stock: product.stock }) };
  for (const key of Object.keys(next) as (keyof Menu)[]) {
    if (next[key].some((item) => item.id === product.id)) {
      next[key] = next[key].map((item) => (item.id === product.id ? { ...item, ...changes } : item));
    }
  }
  return next;
}

/**
 * The menu with a product as a `product.updated` event carries it (the whole product and its
 * category, as the menu editor saves it): replaced where it was, moved when its category changed,
 * added at the end of its category when new and on. A deleted product is announced switched off, so
 * one the menu does not hold is not added back. Without a category, only its availability changes.
 */
export function withProduct(menu: Menu, event: Availability & Partial<Product> & { category?: keyof Menu }): Menu {
  const { category, branch_id: _branch, ...product } = event as typeof event & { branch_id?: number };
  if (!category || !(category in menu) || typeof product.name !== "string") return withAvailability(menu, event);
  const next = { ...menu };
  for (const key of Object.keys(next) as (keyof Menu)[]) {
    if (key !== category && next[key].some((item) => item.id === product.id))
      next[key] = next[key].filter((item) => item.id !== product.id);
  }
  const full = { ...(product as Product), stock: product.stock ?? null };
  const held = Object.values(menu).some((items) => items.some((item) => item.id === product.id));
  if (!held && !product.available) return menu;
  next[category] = next[category].some((item) => item.id === product.id)
    ? next[category].map((item) => (item.id === product.id ? full : item))
    : [...next[category], full];
  return next;
}
