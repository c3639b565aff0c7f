import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Call } from "../../../contract/schemas";
import { staffApi, branchEventsPath } from "../lib/staff-api";
import { isAbort } from "../../shared/api-client";
import { useLiveEvents } from "../../shared/use-live-events";
import { problemOf, type Problem } from "../lib/errors";
import { applyCall } from "./open-calls";

/**
 * The branch's open table calls: the list on start and after every (re)connect, kept current by the
 * branch's live stream (the one the kitchen board also listens to). `onNewCall` hears each call made
 * while a staff screen is up.
 */
export function useTableCalls(branchId: number, onNewCall: (call: Call) => void) {
  const [calls, setCalls] = useState<Call[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [finishing, setFinishing] = useState<ReadonlySet<string>>(new Set());
  const onNewCallRef = useRef(onNewCall);
  useLayoutEffect(() => {
    onNewCallRef.current = onNewCall;
  });
  const generation = useRef(0);
  /** Calls the stream reported while a list request was in flight: applied on top of its answer. */
  const collectors = useRef(new Set<Call[]>());

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    const seen: Call[] = [];
    collectors.current.add(seen);
    try {
      const open = await staffApi.openCalls(branchId);
      if (mine !== generation.current) return;
      setCalls(seen.reduce(applyCall, open));
      setProblem(null);
    } catch (error) {
      // A list that cannot load stays as it was and reloads on the stream's next (re)connect.
      if (!isAbort(error) && mine === generation.current) setProblem(problemOf(error));
    } finally {
      collectors.current.delete(seen);
    }
  }, [branchId]);

  useEffect(() => {
    setCalls([]);
    void refresh();
  }, [refresh]);

  useLiveEvents(branchEventsPath(branchId), {
    onEvent: (event) => {
      if (event === null) return void refresh();
      if (event.type !== "call.created" && event.type !== "call.updated") return;
      const call = event.data;
      if (call.branch_id !== branchId) return;
      for (const seen of collectors.current) seen.push(call);
      setCalls((current) => applyCall(current, call));
      if (event.type === "call.created") onNewCallRef.current(call);
    },
    onOpen: () => void refresh(),
  });

  const finish = useCallback(async (call: Call) => {
    setFinishing((current) => new Set(current).add(call.id));
    setProblem(null);
    try {
      const done = await staffApi.finishCall(call.id);
      setCalls((current) => applyCall(current, done));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setFinishing((current) => {
        const next = new Set(current);
        next.delete(call.id);
        return next;
      });
    }
  }, []);

  return { calls, problem, finishing, finish };
}
