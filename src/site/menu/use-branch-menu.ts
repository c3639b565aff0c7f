import { useCallback, useEffect, useState } from "react";
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
 */
export function useBranchMenu(branchId: number): { state: BranchMenuState; retry: () => void } {
  const [state, setState] = useState<BranchMenuState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    apiFetch<Partial<Record<string, Product[]>>>(`/products_by_category?branch_id=${branchId}`, {
      signal: controller.signal,
    })
      .then((data) => setState({ status: "ready", menu: normalizeMenu(data) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return; // the page was left or retried: nobody is waiting for this answer
        setState({ status: "error", message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [branchId, attempt]);

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
