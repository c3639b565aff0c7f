/**
 * What the order screen shows: the table from the QR link (GET /api/stations/{id}, which also tells
 * the branch), then that branch's menu (the shared, cached, live menu hook) on the table's stream.
 * Without a valid table the menu is still browsable, read-only, from branch 1. Failures become an
 * error state with a retry, never an endless "Loading...". Its state is the app's one async shape
 * (`ServerData`, docs/decisions/0016): the table's and the menu's, combined.
 */
import { useCallback, useEffect, useState } from "react";
import { branchName } from "../../../contract/menu";
import { isUuid } from "../../../contract/ids";
import type { Menu } from "../../../contract/schemas";
import { api, branchProductEventsPath } from "../../shared/api";
import { ApiError } from "../../shared/api-client";
import { useMenu } from "../../shared/use-menu";
import { useLiveEvents } from "../../shared/use-live-events";
import { useServerData, type ServerData } from "../../shared/use-server-data";
import { useCart, type CartTable } from "../cart/cart-store";
import { useTableStream } from "../visit-ended";

export const READ_ONLY_BRANCH = 1;

/** What the screen tells the diner about the table; the words are the screen's (its language may change). */
export type TableNotice = { kind: "scan" | "notATable" | "notFound" } | { kind: "otherBranch"; branch: string };

/** What the order screen shows: the branch's menu, the table (null: no table, the menu is read-only) and the notice. */
export interface OrderMenu {
  menu: Menu;
  table: CartTable | null;
  notice: TableNotice | null;
}

interface Resolved {
  table: CartTable | null;
  notice: TableNotice | null;
}

async function resolveTable(tableId: string | null): Promise<Resolved> {
  if (!tableId) return { table: null, notice: { kind: "scan" } };
  if (!isUuid(tableId)) return { table: null, notice: { kind: "notATable" } };
  try {
    const found = await api.diningTable(tableId);
    return { table: { id: found.id, branchId: found.branch_id, codename: found.codename }, notice: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { table: null, notice: { kind: "notFound" } };
    }
    // Offline and never cached: the cart still knows this table's branch from an earlier visit.
    const remembered = useCart.getState().table;
    if (error instanceof ApiError && error.isNetworkError && remembered?.id === tableId) {
      return { table: remembered, notice: null };
    }
    throw error;
  }
}

export function useOrderMenu(tableId: string | null): { state: ServerData<OrderMenu>; retry: () => void } {
  // The table whose cart moved to another branch when it was entered: the diner is told so.
  const [movedBranch, setMovedBranch] = useState<string | null>(null);
  const resolved = useServerData<string, Resolved>({
    key: tableId ?? "",
    load: (id) => resolveTable(id || null),
    onData: ({ table }) => {
      if (table && useCart.getState().enterTable(table)) setMovedBranch(table.id);
    },
  });

  // When the service worker first takes control, read the table again through it, so its cache
  // has the table for the next visit offline (the menu hook does the same for the menu).
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!tableId || !isUuid(tableId) || !sw) return;
    const warm = () => void api.diningTable(tableId).catch(() => undefined);
    sw.addEventListener("controllerchange", warm);
    return () => sw.removeEventListener("controllerchange", warm);
  }, [tableId]);

  // The tab's one live stream: the table's, or for a menu opened without a table, the branch's.
  const table = resolved.state.status === "ready" ? resolved.state.data.table : undefined;
  const branchId = table === undefined ? null : (table?.branchId ?? READ_ONLY_BRANCH);
  // After the table's visit ended (for this phone), the menu follows the branch only.
  const tableStream = useTableStream(table ? table.id : null);
  let stream: string | null = tableStream;
  if (stream === null && branchId !== null) stream = branchProductEventsPath(branchId);
  const menu = useMenu(branchId, { stream });
  // A manager changed the branch's happy hours: the prices follow while the menu is open.
  useLiveEvents(stream, {
    onEvent: (event) => {
      if (event?.type === "branch.updated")
        void import("./happy-hour-watch").then(
          (module) => module.branchChanged(event.data),
          () => undefined,
        );
    },
  });

  const { reload: reloadTable } = resolved;
  const { reload: reloadMenu } = menu;
  const retry = useCallback(() => {
    reloadTable();
    reloadMenu();
  }, [reloadTable, reloadMenu]);

  let state: ServerData<OrderMenu>;
  if (resolved.state.status !== "ready") state = resolved.state;
  else if (menu.state.status !== "ready") state = menu.state;
  else {
    const { table: found, notice } = resolved.state.data;
    const moved = found && movedBranch === found.id ? { kind: "otherBranch" as const, branch: branchName(found.branchId) } : null;
    // Either's last reload may have failed: what shows is then possibly out of date, as useServerData says.
    const error = menu.state.error ?? resolved.state.error;
    state = { status: "ready", data: { menu: menu.state.data, table: found, notice: moved ?? notice }, error };
  }
  return { state, retry };
}
