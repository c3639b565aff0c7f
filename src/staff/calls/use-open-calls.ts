import { useCallback, useState } from "react";
import type { Call } from "../../../contract/schemas";
import { asApiError, type ApiError } from "../../shared/api-client";
import { useServerData, type ServerDataOptions } from "../../shared/use-server-data";
import { staffApi, branchEventsPath } from "../lib/staff-api";
import { applyCall } from "./open-calls";

const NO_CALLS: Call[] = [];

/** The open calls' data, by the one way (useServerData). */
export function openCallsData(branchId: number, onNewCall: (call: Call) => void): Omit<ServerDataOptions<number, Call[]>, "key"> {
  return {
    stream: branchEventsPath(branchId),
    load: (id, signal) => staffApi.openCalls(id, { signal }),
    reduce: (calls, event, id) =>
      (event.type === "call.created" || event.type === "call.updated") && event.data.branch_id === id
        ? applyCall(calls ?? [], event.data)
        : undefined,
    onEvent: (event) => event.type === "call.created" && event.data.branch_id === branchId && onNewCall(event.data),
  };
}

/**
 * The branch's open table calls: the list on start and after every (re)connect, kept current by the
 * branch's live stream (the one the kitchen board also listens to). `onNewCall` hears each call made
 * while a staff screen is up.
 */
export function useOpenCalls(branchId: number, onNewCall: (call: Call) => void) {
  const { state, update } = useServerData({ key: branchId, ...openCallsData(branchId, onNewCall) });
  const [finishing, setFinishing] = useState<ReadonlySet<string>>(new Set());
  const [finishError, setFinishError] = useState<ApiError | null>(null);

  const finish = useCallback(
    async (call: Call) => {
      setFinishing((current) => new Set(current).add(call.id));
      setFinishError(null);
      try {
        const done = await staffApi.finishCall(call.id);
        update((calls) => applyCall(calls ?? [], done));
      } catch (error) {
        setFinishError(asApiError(error));
      } finally {
        setFinishing((current) => {
          const next = new Set(current);
          next.delete(call.id);
          return next;
        });
      }
    },
    [update],
  );

  // A list that cannot load stays as it was and reloads on the stream's next (re)connect.
  const problem = finishError ?? (state.status === "loading" ? null : state.error);
  return { calls: state.status === "ready" ? state.data : NO_CALLS, problem, finishing, finish };
}
