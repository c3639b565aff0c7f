import { useCallback, useEffect, useRef, useState } from "react";
import { CATEGORY_KEYS } from "../../../contract/menu";
import type { Menu, Product } from "../../../contract/schemas";
import { ApiError, apiFetch } from "../../lib/api-client";

export type BranchMenuState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; menu: Menu };

/**
 * One branch's live menu from GET /api/products_by_category — the same data the ordering app
 * uses, so the website never shows a second, hand-typed copy. A failed call ends in an error
 * state with a retry (the old site stayed on "loading..." for ever).
 *
 * The service worker answers this call from its cache first (stale-while-revalidate); when it
 * reports a newer copy, or the visitor comes back to the tab, the menu refreshes quietly, so a
 * sold-out switch shows up without a reload.
 */
export function useBranchMenu(branchId: number): { state: BranchMenuState; retry: () => void } {
  const [state, setState] = useState<BranchMenuState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);

  const load = useCallback(
    async (quiet: boolean, signal?: AbortSignal) => {
      const mine = ++generation.current;
      if (!quiet) setState({ status: "loading" });
      try {
        const data = await apiFetch<Partial<Record<string, Product[]>>>(`/products_by_category?branch_id=${branchId}`, { signal });
        if (mine === generation.current) setState({ status: "ready", menu: normalizeMenu(data) });
      } catch (error) {
        // A newer load, a left page, or a quiet refresh (the menu on screen stays): nobody to tell.
        if (mine !== generation.current || signal?.aborted || quiet) return;
        setState({ status: "error", message: errorMessage(error) });
      }
    },
    [branchId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(false, controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  useEffect(() => {
    const refresh = () => void load(true);
    const onMessage = (event: MessageEvent<{ meta?: string }>) => {
      if (event.data?.meta === "workbox-broadcast-update") refresh();
    };
    const onVisible = () => document.visibilityState === "visible" && refresh();
    const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
    sw?.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      sw?.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [load]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}

/** Every category key present (the spec: "each defaults to empty"), products marked available unless told otherwise. */
export function normalizeMenu(data: Partial<Record<string, Product[]>> | null | undefined): Menu {
  const menu = {} as Menu;
  for (const key of CATEGORY_KEYS) {
    const products = Array.isArray(data?.[key]) ? data[key] : [];
    menu[key] = products.map((product) => ({ ...product, available: product.available !== false }));
  }
  return menu;
}

function errorMessage(error: unknown): string {
  const reason =
    error instanceof ApiError ? error.message : "Something went wrong while loading the menu.";
  return `We couldn't load the menu. ${reason}`;
}
