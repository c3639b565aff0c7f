/**
 * "Call a server" and "Ask for the bill" for one table: POST the call, then follow it on the table's
 * live stream (the one the menu and the order status already hear) until staff mark it done. On load
 * and after every reconnect the table's open calls are read again, so a reloaded phone still says
 * "on the way", and a call finished while the stream was down is seen as done.
 */
import { useCallback } from "react";
import { CALL_KINDS, type CallKind } from "../../../contract/menu";
import type { Call } from "../../../contract/schemas";
import { api, diningTableEventsPath } from "../../shared/api";
import { useTableStream } from "../visit-ended";
import { useServerData, type ServerDataOptions } from "../../shared/use-server-data";

/** A call request's own course on this phone; `status` and "failed" as in every async state of the app (ServerData). */
export type CallView =
  { status: "idle" } | { status: "sending" } | { status: "open"; call: Call } | { status: "done"; call: Call } | { status: "failed" };

export type CallViews = Record<CallKind, CallView>;

const IDLE: CallViews = { server: { status: "idle" }, bill: { status: "idle" } };

/** The views after learning the table's open calls: each open one shows; one we showed open that is gone was finished. */
export function withOpenCalls(views: CallViews, open: readonly Call[]): CallViews {
  const next = { ...views };
  for (const kind of CALL_KINDS) {
    const call = open.find((candidate) => candidate.kind === kind && candidate.status === "open");
    const view = views[kind];
    if (call) next[kind] = { status: "open", call };
    else if (view.status === "open") next[kind] = { status: "done", call: { ...view.call, status: "done" } };
  }
  return next;
}

/** The calls the views show open. */
function openCalls(views: CallViews): Call[] {
  return CALL_KINDS.flatMap((kind) => {
    const view = views[kind];
    return view.status === "open" ? [view.call] : [];
  });
}

/** The views after a live `call.updated` (or `call.created`) for this table. */
export function withCallEvent(views: CallViews, call: Call): CallViews {
  const view = views[call.kind];
  if (call.status === "open") return { ...views, [call.kind]: { status: "open", call } };
  // Done: only news for the call this phone is showing (an older one finishing changes nothing).
  if (view.status === "open" && view.call.id === call.id) return { ...views, [call.kind]: { status: "done", call } };
  return views;
}

/** The table's calls, by the one way (useServerData). */
export function callStaffData(tableId: string | null): Omit<ServerDataOptions<string, CallViews>, "key"> {
  return {
    stream: tableId ? diningTableEventsPath(tableId) : null,
    load: async (id, signal) => withOpenCalls(IDLE, await api.diningTableCalls(id, { signal })),
    // What the phone showed open and the server no longer lists was finished meanwhile.
    merge: (shown, answer) => withOpenCalls(shown ?? IDLE, openCalls(answer)),
    reduce: (views, event, id) =>
      (event.type === "call.updated" || event.type === "call.created") && event.data.station_id.toLowerCase() === id.toLowerCase()
        ? withCallEvent(views ?? IDLE, event.data)
        : undefined,
  };
}

export function useCallStaff(tableId: string | null): { calls: CallViews; request: (kind: CallKind) => void } {
  // After the visit ended the phone may still call staff, but hears nothing of the table's next party.
  const stream = useTableStream(tableId);
  const { state, update } = useServerData({ key: tableId, ...callStaffData(tableId), stream });

  const request = useCallback(
    (kind: CallKind) => {
      if (!tableId) return;
      const set = (view: CallView) => update((views) => ({ ...(views ?? IDLE), [kind]: view }), tableId);
      set({ status: "sending" });
      // An answer that arrives after the table changed is dropped (`update` is for `tableId` only).
      api.callStaff(tableId, kind).then(
        (call) => set({ status: "open", call }),
        () => set({ status: "failed" }),
      );
    },
    [tableId, update],
  );

  return { calls: state.status === "ready" ? state.data : IDLE, request };
}
