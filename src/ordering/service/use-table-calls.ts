/**
 * "Call a server" and "Ask for the bill" for one table: POST the call, then follow it on the table's
 * live stream (the one the menu and the order status already hear) until staff mark it done. On load
 * and after every reconnect the table's open calls are read again, so a reloaded phone still says
 * "on the way", and a call finished while the stream was down is seen as done.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { CALL_KINDS, type CallKind } from "../../../contract/menu";
import type { Call } from "../../../contract/schemas";
import { api, stationEventsPath } from "../../shared/api";
import { useLiveEvents } from "../../shared/use-live-events";

export type CallView =
  { state: "idle" } | { state: "sending" } | { state: "open"; call: Call } | { state: "done"; call: Call } | { state: "error" };

export type CallViews = Record<CallKind, CallView>;

const IDLE: CallViews = { server: { state: "idle" }, bill: { state: "idle" } };

/** The views after learning the table's open calls: each open one shows; one we showed open that is gone was finished. */
export function withOpenCalls(views: CallViews, open: readonly Call[]): CallViews {
  const next = { ...views };
  for (const kind of CALL_KINDS) {
    const call = open.find((candidate) => candidate.kind === kind && candidate.status === "open");
    const view = views[kind];
    if (call) next[kind] = { state: "open", call };
    else if (view.state === "open") next[kind] = { state: "done", call: { ...view.call, status: "done" } };
  }
  return next;
}

/** The views after a live `call.updated` (or `call.created`) for this table. */
export function withCallEvent(views: CallViews, call: Call): CallViews {
  const view = views[call.kind];
  if (call.status === "open") return { ...views, [call.kind]: { state: "open", call } };
  // Done: only news for the call this phone is showing (an older one finishing changes nothing).
  if (view.state === "open" && view.call.id === call.id) return { ...views, [call.kind]: { state: "done", call } };
  return views;
}

export function useTableCalls(stationId: string | null): { calls: CallViews; request: (kind: CallKind) => void } {
  const [calls, setCalls] = useState<CallViews>(IDLE);
  /** The table the answers are for: one that arrives after the table changed is dropped. */
  const stationRef = useRef(stationId);

  const refresh = useCallback(() => {
    if (!stationId) return;
    api.diningTableCalls(stationId).then(
      (open) => stationRef.current === stationId && setCalls((views) => withOpenCalls(views, open)),
      () => undefined, // the buttons still work; the next reconnect reads again
    );
  }, [stationId]);

  useEffect(() => {
    stationRef.current = stationId;
    setCalls(IDLE);
    refresh();
  }, [stationId, refresh]);

  useLiveEvents(stationId ? stationEventsPath(stationId) : null, {
    onEvent: (event) => {
      if (event === null) return refresh();
      if (
        (event.type === "call.updated" || event.type === "call.created") &&
        event.data.station_id.toLowerCase() === stationId?.toLowerCase()
      ) {
        setCalls((views) => withCallEvent(views, event.data));
      }
    },
    onOpen: refresh,
  });

  const request = useCallback(
    (kind: CallKind) => {
      if (!stationId) return;
      setCalls((views) => ({ ...views, [kind]: { state: "sending" } }));
      api.callStaff(stationId, kind).then(
        (call) => stationRef.current === stationId && setCalls((views) => ({ ...views, [kind]: { state: "open", call } })),
        () => stationRef.current === stationId && setCalls((views) => ({ ...views, [kind]: { state: "error" } })),
      );
    },
    [stationId],
  );

  return { calls, request };
}
