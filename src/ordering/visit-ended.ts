/**
 * The end of a table's visit as this phone follows it (API.md "Trust at the table"): once the table's
 * stream said `visit.ended`, the phone follows the table no more — not its stream, not its cart — until
 * the diner presses "Start a new visit". The live-events module remembers ended streams across reloads.
 */
import { diningTableEventsPath } from "../shared/api";
import { rejoinStream, useStreamEnded } from "../shared/use-live-events";

/** Whether the visit this phone followed at the table has ended (now, or before a reload). */
export function useVisitEnded(tableId: string | null): boolean {
  return useStreamEnded(tableId === null ? null : diningTableEventsPath(tableId));
}

/** The table's live stream, or null once its visit ended for this phone. */
export function useTableStream(tableId: string | null): string | null {
  return useVisitEnded(tableId) || tableId === null ? null : diningTableEventsPath(tableId);
}

/** The table whose current visit this phone follows: null once it saw the table's visit end. */
export function useFollowedTable(tableId: string | null): string | null {
  return useVisitEnded(tableId) ? null : tableId;
}

/** The diner asked to join the table's next visit: its stream opens again, from now on. */
export const startNewVisit = (tableId: string): void => rejoinStream(diningTableEventsPath(tableId));
