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
import { api, branchProductEventsPath } from "../../shared/api";
import { ApiError } from "../../shared/api-client";
import { useMenu } from "../../shared/use-menu";
import { useServerData } from "../../shared/use-server-data";
import { useCart, type CartStation } from "../cart/cart-store";
import { useTableStream } from "../visit-ended";

export const READ_ONLY_BRANCH = 1;

/** What the screen tells the diner about the table; the words are the screen's (its language may change). */
export type TableNotice = { kind: "scan" | "notATable" | "notFound" } | { kind: "otherBranch"; branch: string };

export type OrderMenuState =
  | { status: "loading" }
  | { status: "failed"; error: ApiError }
  | { status: "ready"; menu: Menu; station: CartStation | null; notice: TableNotice | null };

interface Resolved {
  station: CartStation | null;
  notice: TableNotice | null;
}

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

export function useOrderMenu(stationId: string | null): { state: OrderMenuState; retry: () => void } {
  // The table whose cart moved to another branch when it was entered: the diner is told so.
  const [movedBranch, setMovedBranch] = useState<string | null>(null);
  const table = useServerData<string, Resolved>({
    key: stationId ?? "",
    load: (id) => resolveStation(id || null),
    onData: ({ station }) => {
      if (station && useCart.getState().enterStation(station)) setMovedBranch(station.id);
    },
  });

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
  const station = table.state.status === "ready" ? table.state.data.station : undefined;
  const branchId = station === undefined ? null : (station?.branchId ?? READ_ONLY_BRANCH);
  // After the table's visit ended (for this phone), the menu follows the branch only.
  const tableStream = useTableStream(station ? station.id : null);
  let stream: string | null = tableStream;
  if (stream === null && branchId !== null) stream = branchProductEventsPath(branchId);
  const menu = useMenu(branchId, { stream });

  const { reload: reloadTable } = table;
  const { reload: reloadMenu } = menu;
  const retry = useCallback(() => {
    reloadTable();
    reloadMenu();
  }, [reloadTable, reloadMenu]);

  let state: OrderMenuState;
  if (table.state.status !== "ready") state = table.state;
  else if (menu.state.status !== "ready") state = menu.state;
  else {
    const { station: found, notice } = table.state.data;
    const moved = found && movedBranch === found.id ? { kind: "otherBranch" as const, branch: branchName(found.branchId) } : null;
    state = { status: "ready", menu: menu.state.data, station: found, notice: moved ?? notice };
  }
  return { state, retry };
}
