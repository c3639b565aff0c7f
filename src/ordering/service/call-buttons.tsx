/** "Call a server" and "Ask for the bill", with what is happening in words ("Someone is on the way"). */
import type { CallKind } from "../../../contract/menu";
import { useMessages } from "../../shared/i18n/i18n";
import { tableServiceMessages } from "../messages";
import { useCallStaff, type CallView } from "./use-call-staff";

type Words = ReturnType<typeof tableServiceMessages.get>;

const BUTTONS: { kind: CallKind }[] = [{ kind: "server" }, { kind: "bill" }];

function message(kind: CallKind, view: CallView, t: Words): string | null {
  switch (view.status) {
    case "sending":
      return kind === "server" ? t.callingServer : t.askingBill;
    case "open":
      return kind === "server" ? t.serverCalled : t.billAsked;
    case "done":
      return kind === "server" ? t.serverDone : t.billDone;
    case "failed":
      return t.error;
    default:
      return null;
  }
}

/** `showButtons`: false keeps only what is happening in view (the header's "Call staff" shows the buttons). */
export function CallButtons({ tableId, showButtons = true }: { tableId: string; showButtons?: boolean }) {
  const { calls, request } = useCallStaff(tableId);
  const t = useMessages(tableServiceMessages);
  return (
    <section className="table-service" aria-label={t.label}>
      <div className="table-service-buttons" hidden={!showButtons}>
        {BUTTONS.map(({ kind }) => (
          <button
            key={kind}
            type="button"
            className="button-secondary"
            disabled={calls[kind].status === "sending"}
            onClick={() => request(kind)}
          >
            {t[kind]}
          </button>
        ))}
      </div>
      <div role="status" className="table-service-status">
        {BUTTONS.map(({ kind }) => {
          const text = message(kind, calls[kind], t);
          return (
            text && (
              <p key={kind} data-call={kind} data-status={calls[kind].status}>
                {text}
              </p>
            )
          );
        })}
      </div>
    </section>
  );
}
