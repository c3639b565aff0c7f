import { useCallback, useEffect, useRef, useState } from "react";
import type { Printer } from "../../../contract/schemas";
import { isAbort } from "../../shared/api-client";
import { useLiveEvents } from "../../shared/use-live-events";
import { branchEventsPath } from "../lib/staff-api";
import { printersApi } from "./printers-api";

/** A printer's status can change without an event reaching this tab (a board was asleep): read now and then too. */
const POLL_MS = 15_000;

/**
 * The branch's printers with their status and queue: read on open, on every `printer.offline` /
 * `printer.online` of the branch's staff stream, on an order while one is offline (its queue grew),
 * and every 15 s. null until the first answer.
 */
export function usePrinters(branchId: number): { printers: Printer[] | null; reload: () => Promise<void> } {
  const [printers, setPrinters] = useState<Printer[] | null>(null);
  const anyOffline = useRef(false);
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    try {
      const listed = await printersApi.list(branchId, current.signal);
      anyOffline.current = listed.some((printer) => printer.status === "offline");
      setPrinters(listed);
    } catch (error) {
      // Offline for a moment, signed out, or replaced by a newer read: what is shown stays until the next answer.
      if (!isAbort(error)) anyOffline.current = true;
    }
  }, [branchId]);

  useEffect(() => {
    setPrinters(null);
    void reload();
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => {
      clearInterval(timer);
      controller.current?.abort();
    };
  }, [reload]);

  useLiveEvents(branchEventsPath(branchId), {
    onEvent: (event) => {
      if (event === null || event.type === "printer.offline" || event.type === "printer.online") void reload();
      else if (anyOffline.current && (event.type === "order.created" || event.type === "order.updated")) void reload();
    },
    onOpen: () => void reload(),
  });

  return { printers, reload };
}
