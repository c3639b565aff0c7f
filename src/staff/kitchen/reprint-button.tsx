import { useState } from "react";
import { asApiError, type ApiError } from "../../shared/api-client";
import { problemText, useSignOutOnEnd } from "../lib/problem-message";
import { staffApi } from "../lib/staff-api";

/** Prints the order's tickets again (they say REPRINT); says so, or why not, beside the button. */
export function ReprintButton({ orderId, number }: { orderId: string; number: number }) {
  const [state, setState] = useState<{ busy: boolean; said: string; problem?: ApiError }>({ busy: false, said: "" });
  useSignOutOnEnd(state.problem ?? null);
  const reprint = async () => {
    setState({ busy: true, said: "" });
    try {
      const answer = await staffApi.reprint(orderId);
      setState({ busy: false, said: answer.jobs.length === 1 ? "Sent to the printer." : `Sent to ${answer.jobs.length} printers.` });
    } catch (error) {
      const problem = asApiError(error);
      setState({ busy: false, said: problemText(problem), problem });
    }
  };
  return (
    <>
      <button type="button" className="staff-button" disabled={state.busy} onClick={() => void reprint()}>
        Reprint<span className="visually-hidden"> order {number}</span>
      </button>
      <span className="reprint-status" role="status">
        {state.said}
      </span>
    </>
  );
}
