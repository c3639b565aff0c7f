/** "Call a server" and "Ask for the bill", with what is happening in words ("Someone is on the way"). */
import type { CallKind } from "../../../contract/menu";
import { useTableCalls, type CallView } from "./use-table-calls";

const BUTTONS: { kind: CallKind; label: string }[] = [
  { kind: "server", label: "Call a server" },
  { kind: "bill", label: "Ask for the bill" },
];

function message(kind: CallKind, view: CallView): string | null {
  switch (view.state) {
    case "sending":
      return kind === "server" ? "Calling a server…" : "Asking for the bill…";
    case "open":
      return kind === "server" ? "A server is called — someone is on the way." : "Bill requested — someone is on the way.";
    case "done":
      return kind === "server" ? "Done — enjoy!" : "Done — thank you!";
    case "error":
      return "We couldn't reach the restaurant. Please try again, or wave to a server.";
    default:
      return null;
  }
}

export function CallButtons({ stationId }: { stationId: string }) {
  const { calls, request } = useTableCalls(stationId);
  return (
    <section className="table-service" aria-label="Table service">
      <div className="table-service-buttons">
        {BUTTONS.map(({ kind, label }) => (
          <button key={kind} type="button" className="button-secondary" disabled={calls[kind].state === "sending"} onClick={() => request(kind)}>
            {label}
          </button>
        ))}
      </div>
      <div role="status" className="table-service-status">
        {BUTTONS.map(({ kind }) => {
          const text = message(kind, calls[kind]);
          return text && <p key={kind} data-call={kind} data-state={calls[kind].state}>{text}</p>;
        })}
      </div>
    </section>
  );
}
