/**
 * A branch's menu, the one way every screen gets it (diner's order screen, the public menu pages,
 * the kitchen's sold-out switches):
 * - cached: the last menu this tab read for the branch shows at once while a fresh copy loads;
 *   the service worker also answers from its cache first (stale-while-revalidate);
 * - live: `product.updated` events on the tab's stream flip sold-out switches the moment staff
 *   do; a quiet reload follows a reconnect, a newer copy in the service worker, the tab coming
 *   back into view, and every minute while visible (cheap: ETag + 304).
 * A failed load ends in an error state with a retry, unless a menu is already on screen: that stays.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { CATEGORY_KEYS } from "../../contract/menu";
import type { Menu, Product } from "../../contract/schemas";
import { api } from "./api";
import { isAbort } from "./api-client";
import { useLiveEvents } from "./use-live-events";

export type MenuState = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; menu: Menu };

export interface MenuOptions {
  /** The tab's live stream (api.ts paths) carrying this branch's product updates; null = none. */
  stream: string | null;
  /** Read past the service worker's cache: staff switches must show what the server says now. */
  noStore?: boolean;
}

const REFRESH_EVERY_MS = 60_000;
const cache = new Map<number, Menu>();

/** `branchId` null: nothing to load yet (the caller is still finding out which branch). */
export function useMenu(branchId: number | null, { stream, noStore = false }: MenuOptions) {
  const initial = (): MenuState => {
    const cached = branchId === null ? undefined : cache.get(branchId);
    return cached ? { status: "ready", menu: cached } : { status: "loading" };
  };
  const [state, setState] = useState<MenuState>(initial);
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);
  const opened = useRef(false);

  const show = useCallback(
    (update: (menu: Menu) => Menu) =>
      setState((current) => {
        if (current.status !== "ready" || branchId === null) return current;
        const menu = update(current.menu);
        cache.set(branchId, menu);
        return { status: "ready", menu };
      }),
    [branchId],
  );

  /** quiet = refresh in place (no "loading", keep what is shown if it fails). */
  const load = useCallback(
    async (quiet: boolean, signal?: AbortSignal) => {
      if (branchId === null) return;
      const mine = ++generation.current;
      if (!quiet && !cache.has(branchId)) setState({ status: "loading" });
      try {
        const menu = normalizeMenu(await api.menu(branchId, { signal, cache: noStore ? "no-store" : undefined }));
        if (mine !== generation.current) return;
        cache.set(branchId, menu);
        setState({ status: "ready", menu });
      } catch (error) {
        // A newer load or a left page: nobody to tell. A menu on screen stays on screen.
        if (mine !== generation.current || isAbort(error)) return;
        setState((current) => (current.status === "ready" ? current : { status: "error", error }));
      }
    },
    [branchId, noStore],
  );

  useEffect(() => {
    setState(initial);
    const controller = new AbortController();
    void load(false, controller.signal);
    return () => controller.abort();
    // `initial` reads the cache for this branch; it changes exactly when `load` does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, attempt]);

  useEffect(() => {
    const refresh = () => void load(true);
    const whenVisible = () => document.visibilityState === "visible" && refresh();
    const timer = setInterval(whenVisible, REFRESH_EVERY_MS);
    const onMessage = (event: MessageEvent<{ meta?: string }>) => {
      if (event.data?.meta === "workbox-broadcast-update") refresh();
    };
    const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
    sw?.addEventListener("controllerchange", refresh);
    sw?.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", whenVisible);
    return () => {
      clearInterval(timer);
      sw?.removeEventListener("controllerchange", refresh);
      sw?.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", whenVisible);
    };
  }, [load]);

  const applyProduct = useCallback(
    (product: Pick<Product, "id" | "available"> & Partial<Pick<Product, "stock">>) => show((menu) => withAvailability(menu, product)),
    [show],
  );

  useLiveEvents(branchId === null ? null : stream, {
    onEvent: (event) => {
      if (event === null) return void load(true); // an unreadable event: read the menu instead
      if (event.type !== "product.updated" || event.data.branch_id !== branchId) return;
      applyProduct(event.data);
      // Let the service worker's cached menu catch up too, so a later visit (maybe offline) doesn't
      // show the old state; its "updated" message then refreshes this screen from the new copy.
      if (!noStore && navigator.serviceWorker?.controller) api.menu(branchId).catch(() => undefined);
    },
    // Reconnected: catch up on switches missed meanwhile (the first open has the load above).
    onOpen: () => {
      if (opened.current) void load(true);
      opened.current = true;
    },
  });

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const reload = useCallback(() => load(true), [load]);
  return { state, retry, reload, applyProduct };
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
export function withAvailability(menu: Menu, product: Pick<Product, "id" | "available"> & Partial<Pick<Product, "stock">>): Menu {
  const next = { ...menu };
  const changes = { available: product.available, ...(product.stock !== undefined && { stock: product.stock }) };
  for (const key of Object.keys(next) as (keyof Menu)[]) {
    if (next[key].some((item) => item.id === product.id)) {
      next[key] = next[key].map((item) => (item.id === product.id ? { ...item, ...changes } : item));
    }
  }
  return next;
}
