/**
 * Loads what the order screen shows: the table from the QR link (GET /api/stations/{id}, which also
 * tells the branch), then that branch's menu. Without a valid table the menu is still browsable,
 * read-only, from branch 1. Failures become a real error state with a retry (the old site stayed on
 * "Loading..." forever).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { BRANCHES } from "../../../contract/menu";
import type { Menu, Product } from "../../../contract/schemas";
import { ApiError } from "../../lib/api-client";
import { useCart, type CartStation } from "../cart/cart-store";
import { branchProductEventsPath, stationEventsPath, useDinerEvents } from "../live/use-diner-events";
import { fetchMenu, fetchStation, isUuid } from "../ordering-api";

export const READ_ONLY_BRANCH = 1;
const REFRESH_EVERY_MS = 60_000;
const SCAN_MESSAGE = "Scan the QR code on your table to order. You can browse the menu meanwhile.";

export type OrderMenuState =
  | { phase: "loading" }
  | { phase: "error"; message: string }
  | { phase: "ready"; menu: Menu; station: CartStation | null; notice: string | null };

interface Resolved {
  station: CartStation | null;
  notice: string | null;
}

async function resolveStation(stationId: string | null): Promise<Resolved> {
  if (!stationId) return { station: null, notice: SCAN_MESSAGE };
  if (!isUuid(stationId)) {
    return { station: null, notice: `This link is not a table's code. ${SCAN_MESSAGE}` };
  }
  try {
    const found = await fetchStation(stationId);
    return { station: { id: found.id, branchId: found.branch_id, codename: found.codename }, notice: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { station: null, notice: `We couldn't find this table — please scan the QR code on your table again.` };
    }
    // Offline and never cached: the cart still knows this table's branch from an earlier visit.
    const remembered = useCart.getState().station;
    if (error instanceof ApiError && error.isNetworkError && remembered?.id === stationId) {
      return { station: remembered, notice: null };
    }
    throw error;
  }
}

/** The menu with one product's availability as the server just reported it. */
export function withAvailability(menu: Menu, product: Pick<Product, "id" | "available">): Menu {
  const next = { ...menu };
  for (const key of Object.keys(next) as (keyof Menu)[]) {
    if (next[key].some((item) => item.id === product.id)) {
      next[key] = next[key].map((item) => (item.id === product.id ? { ...item, available: product.available } : item));
    }
  }
  return next;
}

function branchName(branchId: number): string {
  return BRANCHES.find((branch) => branch.id === branchId)?.name ?? `branch ${branchId}`;
}

export function useOrderMenu(stationId: string | null): { state: OrderMenuState; retry: () => void } {
  const [state, setState] = useState<OrderMenuState>({ phase: "loading" });
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);

  /** quiet = refresh in place (no "Loading...", keep what is shown if it fails). */
  const load = useCallback(
    async (quiet: boolean) => {
      const mine = ++generation.current;
      if (!quiet) setState({ phase: "loading" });
      try {
        const { station, notice } = await resolveStation(stationId);
        const menu = await fetchMenu(station?.branchId ?? READ_ONLY_BRANCH);
        if (mine !== generation.current) return;
        let message = notice;
        if (station && useCart.getState().enterStation(station)) {
          message = `This table is at our ${branchName(station.branchId)} location, so we emptied the cart you started at the other one.`;
        }
        setState((previous) => ({
          phase: "ready",
          menu,
          station,
          // A quiet refresh keeps what the diner was told (e.g. that an old cart was emptied).
          notice: message ?? (quiet && previous.phase === "ready" ? previous.notice : null),
        }));
      } catch (error) {
        if (mine !== generation.current || quiet) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ phase: "error", message });
      }
    },
    [stationId],
  );

  useEffect(() => {
    void load(false);
  }, [load, attempt]);

  // Fresh data without a reload: when the service worker first takes control (so its cache gets
  // the menu for next time offline), when it reports a newer cached menu, when the phone wakes, and
  // every minute while the menu is on screen (sold-out switches; cheap: ETag + 304).
  useEffect(() => {
    const refresh = () => void load(true);
    const timer = setInterval(() => document.visibilityState === "visible" && refresh(), REFRESH_EVERY_MS);
    const onMessage = (event: MessageEvent<{ meta?: string }>) => {
      if (event.data?.meta === "workbox-broadcast-update") refresh();
    };
    const onVisible = () => document.visibilityState === "visible" && refresh();
    const sw = navigator.serviceWorker;
    sw?.addEventListener("controllerchange", refresh);
    sw?.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      sw?.removeEventListener("controllerchange", refresh);
      sw?.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [load]);

  // Sold-out switches the moment staff flip them (the minute refresh above is the fallback), from
  // the tab's one live stream: the table's, or for a menu opened without a table, the branch's.
  const station = state.phase === "ready" ? state.station : undefined;
  const branchId = station === undefined ? null : (station?.branchId ?? READ_ONLY_BRANCH);
  let streamPath: string | null = null;
  if (station) streamPath = stationEventsPath(station.id);
  else if (branchId !== null) streamPath = branchProductEventsPath(branchId);
  useDinerEvents(streamPath, {
    onEvent: (event) => {
      if (event === null) {
        void load(true); // an unreadable event: read the menu instead
        return;
      }
      if (event.type !== "product.updated" || branchId === null) return;
      const product = event.data;
      setState((current) => (current.phase === "ready" ? { ...current, menu: withAvailability(current.menu, product) } : current));
      // Let the service worker's cached menu catch up too, so a later refresh or an offline visit
      // doesn't show the old state; its "updated" message then refreshes this page from the new copy.
      if (navigator.serviceWorker?.controller) fetchMenu(branchId).catch(() => undefined);
    },
  });

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
