import type { Printer } from "../../../contract/schemas";
import { RELOAD, useServerData, type ServerDataOptions } from "../../shared/use-server-data";
import { branchEventsPath, staffApi } from "../lib/staff-api";

/** A printer's status can change without an event reaching this tab (a board was asleep): read now and then too. */
const POLL_MS = 15_000;

/** The printers' data, by the one way (useServerData). */
export function printersData(branchId: number): Omit<ServerDataOptions<number, Printer[]>, "key"> {
  return {
    stream: branchEventsPath(branchId),
    load: (id, signal) => staffApi.printers(id, { signal }),
    // An order while one is offline grew its queue.
    reduce: (printers, event) =>
      event.type === "printer.offline" ||
      event.type === "printer.online" ||
      ((event.type === "order.created" || event.type === "order.updated") && printers?.some((printer) => printer.status === "offline"))
        ? RELOAD
        : undefined,
    refreshEveryMs: POLL_MS,
  };
}

/**
 * The branch's printers with their status and queue: read on open, on every `printer.offline` /
 * `printer.online` of the branch's staff stream, on an order while one is offline, and every 15 s.
 */
export function usePrinters(branchId: number) {
  return useServerData({ key: branchId, ...printersData(branchId) });
}
