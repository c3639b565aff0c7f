import { useState } from "react";
import { useWrite } from "../../shared/use-write";
import { problemText, useSignOutOnEnd } from "../lib/problem-message";
import { staffApi } from "../lib/staff-api";

/** Prints the order's tickets again (they say REPRINT); says so, or why not, beside the button. */
export function ReprintButton({ orderId, number }: { orderId: string; number: number }) {
  const { run, busy, problem } = useWrite();
  const [said, setSaid] = useState("");
  useSignOutOnEnd(problem);
  const reprint = async () => {
    setSaid("");
    await run(
      async () => {
        const answer = await staffApi.reprint(orderId);
        setSaid(answer.jobs.length === 1 ? "Sent to the printer." : `Sent to ${answer.jobs.length} printers.`);
      },
      {
        problem: (found) => {
          setSaid(problemText(found));
          return found;
        },
      },
    );
  };
  return (
    <>
      <button type="button" className="staff-button" disabled={busy} onClick={() => void reprint()}>
        Reprint<span className="visually-hidden"> order {number}</span>
      </button>
      <span className="reprint-status" role="status">
        {said}
      </span>
    </>
  );
}
