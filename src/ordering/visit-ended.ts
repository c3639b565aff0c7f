/**
 * The end of a table's visit, as this phone remembers it (API.md "Trust at the table"). Once the
 * table's stream said `visit.ended`, the phone follows the table no more until the diner asks ("Start a
 * new visit"): a reload keeps saying the visit is over instead of joining whoever sits there next. A
 * fresh scan of the QR code opens the same URL as a reload, so only the button counts as asking.
 */
import { useEffect, useSyncExternalStore } from "react";
import { stationEventsPath } from "../shared/api";
import { rejoinStream, useStreamEnded } from "../shared/use-live-events";

const ENDED_KEY = "limitless.visitEnded";
/** Tables remembered: a phone used at many tables keeps only its latest few. */
const KEEP = 20;

function load(): readonly string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ENDED_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return []; // no storage (private mode): the page still knows, until it is reloaded
  }
}

let ended = load();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function save(next: readonly string[]): void {
  ended = next;
  try {
    localStorage.setItem(ENDED_KEY, JSON.stringify(next));
  } catch {
    // as in load()
  }
  listeners.forEach((listener) => listener());
}

function useRemembered(tableId: string | null): boolean {
  return useSyncExternalStore(subscribe, () => tableId !== null && ended.includes(tableId.toLowerCase()));
}

/** The table's live stream, or null when its visit ended for this phone (it follows the table no more). */
export function useTableStream(tableId: string | null): string | null {
  const remembered = useRemembered(tableId);
  return tableId === null || remembered ? null : stationEventsPath(tableId);
}

/** The table whose current visit this phone follows: null when it saw the table's visit end. */
export function useFollowedTable(tableId: string | null): string | null {
  return useRemembered(tableId) ? null : tableId;
}

/** Whether the visit this phone followed at the table has ended (now, or before a reload). */
export function useVisitEnded(tableId: string | null): boolean {
  const live = useStreamEnded(tableId === null ? null : stationEventsPath(tableId));
  const remembered = useRemembered(tableId);
  useEffect(() => {
    if (live && tableId !== null && !remembered) save([...ended, tableId.toLowerCase()].slice(-KEEP));
  }, [live, tableId, remembered]);
  return live || remembered;
}

/** The diner asked to join the table's next visit: its stream opens again, from now on. */
export function startNewVisit(tableId: string): void {
  rejoinStream(stationEventsPath(tableId));
  save(ended.filter((id) => id !== tableId.toLowerCase()));
}
