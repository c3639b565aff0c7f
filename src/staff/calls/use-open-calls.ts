import type { Call } from "../../../contract/schemas";
import { useServerData, type ServerDataOptions } from "../../shared/use-server-data";
import { useWrite } from "../../shared/use-write";
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
 * while a staff screen is up. Each call is finished on its own (`finishing(id)` while it is out; a
 * second tap on the same call sends nothing).
 */
export function useOpenCalls(branchId: number, onNewCall: (call: Call) => void) {
  const { state, update } = useServerData({ key: branchId, ...openCallsData(branchId, onNewCall) });
  const { run, busyWith: finishing, problem: finishError } = useWrite();

  const finish = (call: Call) =>
    run(
      async () => {
        const done = await staffApi.finishCall(call.id);
        update((calls) => applyCall(calls ?? [], done));
      },
      { key: call.id },
    );

  // A list that cannot load stays as it was and reloads on the stream's next (re)connect.
  const problem = finishError ?? (state.status === "loading" ? null : state.error);
  return { calls: state.status === "ready" ? state.data : NO_CALLS, problem, finishing, finish };
}
