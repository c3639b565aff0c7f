import { useEffect, useRef, useState } from "react";
import type { Call } from "../../../contract/schemas";
import { restaurantClock } from "../../../contract/restaurant-time";
import { focusIsLost, focusMainHeading } from "../../shared/focus";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { tableLabel } from "../lib/table-label";
import { useCallSound } from "./call-sound";
import { useOpenCalls } from "./use-open-calls";
import "./table-calls.css";

const KIND_TEXT: Record<Call["kind"], string> = { server: "wants a server", bill: "asks for the bill" };

const clockTime = (iso: string) => {
  const { hour, minute } = restaurantClock(Date.parse(iso));
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
};

/**
 * The branch's open table calls, on every staff screen (the kitchen board's too): each arrives live
 * with a sound and, for a role that serves tables (`canAnswer`), is answered with one tap. Nothing
 * shows while no table is calling.
 */
export function TableCalls({ canAnswer }: { canAnswer: boolean }) {
  const branchId = useBranchId();
  const sound = useCallSound();
  const [news, setNews] = useState("");
  const { calls, problem, finishing, finish } = useOpenCalls(branchId, (call) => {
    sound.ring();
    setNews(`${tableLabel(call.station_codename)} ${KIND_TEXT[call.kind]}.`);
  });

  // "Done" takes its call, and its button, off the list: focus moves on to the call that took its place
  // (or the one before it), or to the screen's heading once no call is left, never to the page's body.
  const listRef = useRef<HTMLUListElement>(null);
  const answered = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const done = answered.current;
    if (!done || calls.some((call) => call.id === done.id)) return;
    answered.current = null;
    const focused = document.activeElement;
    // Only if focus was on that button (now gone or disabled), not if the user has moved on.
    if (!focusIsLost() && !(focused instanceof HTMLButtonElement && focused.disabled)) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
    const next = buttons[Math.min(done.index, buttons.length - 1)];
    if (next) next.focus();
    else focusMainHeading();
  }, [calls]);

  return (
    <>
      {/* Said once per new call; the list itself is not live, so answering one does not repeat them all. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {news}
      </p>
      <section className="table-calls" aria-label="Table calls" hidden={calls.length === 0 && !problem}>
        {calls.length > 0 && (
          <ul className="table-calls__list" ref={listRef}>
            {calls.map((call, index) => (
              <li key={call.id} className={`table-call table-call--${call.kind}`}>
                <p className="table-call__text">
                  <strong className="table-call__table">{tableLabel(call.station_codename)}</strong> {KIND_TEXT[call.kind]}
                  <span className="table-call__time"> · since {clockTime(call.created_at)}</span>
                </p>
                {canAnswer && (
                  <button
                    type="button"
                    className="staff-button staff-button--primary"
                    onClick={() => {
                      answered.current = { id: call.id, index };
                      void finish(call);
                    }}
                    disabled={finishing(call.id)}
                    aria-label={`Done: ${tableLabel(call.station_codename)} ${KIND_TEXT[call.kind]}`}
                  >
                    Done
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <ProblemMessage problem={problem} />
      </section>
    </>
  );
}
