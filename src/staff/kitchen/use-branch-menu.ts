import { useCallback, useEffect, useState } from "react";
import type { Menu, Product, ServerEvents } from "../../../contract/schemas";
import { apiFetch } from "../../lib/api-client";
import { isAbort, problemOf, type Problem } from "../lib/errors";

export type MenuState = { status: "loading" } | { status: "error"; problem: Problem } | { status: "ready"; menu: Menu };

/** The branch's menu for the sold-out switches, kept current by `product.updated` events. */
export function useBranchMenu(branchId: number) {
  const [state, setState] = useState<MenuState>({ status: "loading" });

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        // "no-store": the diners' service worker answers the menu from its cache first (stale-while-
        // revalidate) but lets a no-store request through; the sold-out switches must show what the server says now.
        const menu = await apiFetch<Menu>(`/products_by_category?branch_id=${branchId}`, { signal, cache: "no-store" });
        setState({ status: "ready", menu });
      } catch (error) {
        if (!isAbort(error)) setState({ status: "error", problem: problemOf(error) });
      }
    },
    [branchId],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const applyProduct = useCallback((product: Product | ServerEvents["product.updated"]) => {
    setState((current) => {
      if (current.status !== "ready") return current;
      const menu = { ...current.menu };
      for (const key of Object.keys(menu) as (keyof Menu)[]) {
        if (menu[key].some((item) => item.id === product.id)) {
          menu[key] = menu[key].map((item) => (item.id === product.id ? { ...item, available: product.available } : item));
        }
      }
      return { status: "ready", menu };
    });
  }, []);

  return { state, reload, applyProduct };
}
