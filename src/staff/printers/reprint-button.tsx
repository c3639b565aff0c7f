import { useState } from "react";
import { describeProblem, problemOf } from "../lib/errors";
import { printersApi } from "./printers-api";

/** Prints the order's tickets again (they say REPRINT); says so, or why not, beside the button. */
export function ReprintButton({ orderId, number }: { orderId: string; number: number }) {
  const [state, setState] = useState<{ busy: boolean; said: string }>({ busy: false, said: "" });
  const reprint = async () => {
    setState({ busy: true, said: "" });
    try {
      const answer = await printersApi.reprint(orderId);
      setState({ busy: false, said: answer.jobs.length === 1 ? "Sent to the printer." : `Sent to ${answer.jobs.length} printers.` });
    } catch (error) {
      problemOf(error);
      setState({ busy: false, said: describeProblem(error).message });
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
