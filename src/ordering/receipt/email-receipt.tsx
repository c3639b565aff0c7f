/**
 * "Email me a receipt" on the order's status screen (API.md "The check"): while the table's visit
 * lasts, a diner asks for the table's check by e-mail (`POST /api/stations/{id}/receipt`, at most 3
 * per visit). The server queues the mail and answers at once; a mail server that is down only
 * delays it. Without SMTP on the server (409 `email_off`) the form gives way to asking staff.
 */
import { useRef, useState, type FormEvent } from "react";
import { asApiError, call, type ApiError } from "../../shared/api-client";
import { FormField } from "../../shared/form-field";
import { useMessages } from "../../shared/i18n/i18n";
import { emailReceiptMessages } from "./messages";
import "./email-receipt.css";

/**
 * The diner's one call for a receipt. Not in src/shared/api.ts: that module is in the menu's first
 * download (docs/performance/bundle-budget.md), and only this screen, loaded later, asks for a receipt.
 */
const askForReceipt = (tableId: string, email: string) => call("dinerReceipt", { params: { id: tableId }, body: { email } });

type Messages = NonNullable<(typeof emailReceiptMessages)["value"]>;

type State =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent"; email: string }
  | { kind: "failed"; message: string }
  /** E-mail is off on the server: nothing the diner can do here. */
  | { kind: "off" };

/** What the diner reads for the server's refusal (by the contract's codes), or null when it is about the address. */
function refusal(error: ApiError, t: Messages): string | null {
  if (error.status === 0) return t.noConnection;
  switch (error.code) {
    case "invalid_body":
      return null;
    case "no_visit":
      return t.visitEnded;
    case "tab_empty":
      return t.nothingYet;
    case "rate_limited":
      return t.tooMany;
    case "station_not_found":
      return t.tableNotFound;
    default:
      return t.failed;
  }
}

export function EmailReceipt({ tableId }: { tableId: string }) {
  const t = useMessages(emailReceiptMessages);
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const sending = state.kind === "sending";

  function refuseAddress() {
    setInvalid(true);
    setState({ kind: "idle" });
    input.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    // The browser's own check of an e-mail address (type=email); the server checks it again.
    if (!address || !input.current?.checkValidity()) return refuseAddress();
    setInvalid(false);
    setState({ kind: "sending" });
    try {
      await askForReceipt(tableId, address);
      setState({ kind: "sent", email: address });
    } catch (cause) {
      const error = asApiError(cause);
      if (error.code === "email_off") return setState({ kind: "off" });
      const message = refusal(error, t);
      if (message === null) refuseAddress();
      else setState({ kind: "failed", message });
    }
  }

  return (
    <section className="email-receipt" aria-labelledby="email-receipt-heading">
      <h2 id="email-receipt-heading">{t.heading}</h2>
      {state.kind === "off" ? (
        <p className="order-notice" role="status">
          {t.off}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-busy={sending || undefined}>
          <FormField id="receipt-email" label={t.emailLabel} hint={t.hint} error={invalid ? t.invalidEmail : null}>
            {(field) => (
              <input
                {...field}
                ref={input}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                required
                maxLength={254}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (state.kind === "sent" || state.kind === "failed") setState({ kind: "idle" });
                }}
              />
            )}
          </FormField>
          <button type="submit" className="button-primary" disabled={sending}>
            {sending ? t.sending : t.send}
          </button>
        </form>
      )}
      <p className="email-receipt__news" role="status">
        {state.kind === "sent" ? t.sent({ email: state.email }) : ""}
      </p>
      {state.kind === "failed" && (
        <p className="order-problem" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}
