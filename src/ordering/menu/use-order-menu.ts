/**
 * What the order screen shows: the table from the QR link (GET /api/stations/{id}, which also tells
 * the branch), then that branch's menu (the shared, cached, live menu hook) on the table's stream.
 * Without a valid table the menu is still browsable, read-only, from branch 1. Failures become an
 * error state with a retry, never an endless "Loading...".
 */
import { useCallback, useEffect, useState } from "react";
import { branchName } from "../../../contract/menu";
import { isUuid } from "../../../contract/ids";
import type { Menu } from "../../../contract/schemas";
import { api, branchProductEventsPath, stationEventsPath } from "../../shared/api";
import { ApiError } from "../../shared/api-client";
import { useMenu } from "../../shared/use-menu";
import { useCart, type CartStation } from "../cart/cart-store";

export const READ_ONLY_BRANCH = 1;

/** What the screen tells the diner about the table; the words are the screen's (its language may change). */
export type TableNotice = { kind: "scan" | "notATable" | "notFound" } | { kind: "otherBranch"; branch: string };

export type OrderMenuState =
  | { phase: "loading" }
  | { phase: "error"; message: string }
  | { phase: "ready"; menu: Menu; station: CartStation | null; notice: TableNotice | null };

interface Resolved {
  station: CartStation | null;
  notice: TableNotice | null;
}

type StationState = { phase: "loading" } | { phase: "error"; message: string } | ({ phase: "ready" } & Resolved);

async function resolveStation(stationId: string | null): Promise<Resolved> {
  if (!stationId) return { station: null, notice: { kind: "scan" } };
  if (!isUuid(stationId)) return { station: null, notice: { kind: "notATable" } };
  try {
    const found = await api.station(stationId);
    return { station: { id: found.id, branchId: found.branch_id, codename: found.codename }, notice: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { station: null, notice: { kind: "notFound" } };
    }
    // Offline and never cached: the cart still knows this table's branch from an earlier visit.
    const remembered = useCart.getState().station;
    if (error instanceof ApiError && error.isNetworkError && remembered?.id === stationId) {
      return { station: remembered, notice: null };
    }
    throw error;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useOrderMenu(stationId: string | null): { state: OrderMenuState; retry: () => void } {
  const [table, setTable] = useState<StationState>({ phase: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setTable({ phase: "loading" });
    resolveStation(stationId).then(
      ({ station, notice }) => {
        if (!current) return;
        let message = notice;
        if (station && useCart.getState().enterStation(station)) {
          message = { kind: "otherBranch", branch: branchName(station.branchId) };
        }
        setTable({ phase: "ready", station, notice: message });
      },
      (error: unknown) => current && setTable({ phase: "error", message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [stationId, attempt]);

  // When the service worker first takes control, read the table again through it, so its cache
  // has the table for the next visit offline (the menu hook does the same for the menu).
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!stationId || !isUuid(stationId) || !sw) return;
    const warm = () => void api.station(stationId).catch(() => undefined);
    sw.addEventListener("controllerchange", warm);
    return () => sw.removeEventListener("controllerchange", warm);
  }, [stationId]);

  // The tab's one live stream: the table's, or for a menu opened without a table, the branch's.
  const station = table.phase === "ready" ? table.station : undefined;
  const branchId = station === undefined ? null : (station?.branchId ?? READ_ONLY_BRANCH);
  let stream: string | null = null;
  if (station) stream = stationEventsPath(station.id);
  else if (branchId !== null) stream = branchProductEventsPath(branchId);
  const menu = useMenu(branchId, { stream });

  const retryMenu = menu.retry;
  const retry = useCallback(() => {
    setAttempt((value) => value + 1);
    retryMenu();
  }, [retryMenu]);

  let state: OrderMenuState;
  if (table.phase !== "ready") state = table;
  else if (menu.state.status === "loading") state = { phase: "loading" };
  else if (menu.state.status === "error") state = { phase: "error", message: messageOf(menu.state.error) };
  else state = { phase: "ready", menu: menu.state.menu, station: table.station, notice: table.notice };
  return { state, retry };
}
