/**
 * The check screen's dialogs, on the app's one Dialog: a discount, comp or void with its reason; a
 * manager's PIN approving a floor account's adjustment on the same tablet (no sign-out); a refund.
 */
import { useId, useState, type FormEvent } from "react";
import { REASON_MAX_LENGTH, type AdjustmentKind } from "../../../contract/check";
import { DECIMAL_PRICE } from "../../../contract/money";
import type { Adjustment, AdjustmentCreate, CheckLine, Payment } from "../../../contract/schemas";
import type { ApiError } from "../../shared/api-client";
import { clientError } from "../../shared/client-errors";
import { Dialog } from "../../shared/dialog";
import { FormField } from "../../shared/form-field";
import { AmountField } from "./amount-field";
import { formatMoney } from "../../shared/i18n/format";
import { useWrite } from "../../shared/use-write";
import { PinFields, pinProblem } from "../auth/pin-fields";
import { ProblemMessage } from "../lib/problem-message";
import { staffApi } from "../lib/staff-api";

export const KIND_LABELS: Record<AdjustmentKind, string> = { discount: "Discount", comp: "Comp", void: "Void" };

interface FormShellProps {
  title: string;
  busy: boolean;
  problem: ApiError | null;
  submitLabel: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onCancel(): void;
  children: React.ReactNode;
}

function FormShell({ title, busy, problem, submitLabel, onSubmit, onCancel, children }: FormShellProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={() => !busy && onCancel()} className="staff-dialog" labelledBy={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ProblemMessage problem={problem} />
      <form className="staff-form" onSubmit={onSubmit}>
        {children}
        <div className="staff-actions">
          <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
            {submitLabel}
          </button>
          <button type="button" className="staff-button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A discount, comp or void, of a line or (discounts and comps) the whole check, with a reason. */
export function AdjustDialog({
  tabId,
  kind,
  line,
  onDone,
  onCancel,
}: {
  tabId: string;
  kind: AdjustmentKind;
  line: CheckLine | null;
  onDone(adjustment: Adjustment): void;
  onCancel(): void;
}) {
  const [by, setBy] = useState<"percent" | "amount" | "whole">(kind === "discount" ? "percent" : "whole");
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const { run, busy, problem, setProblem } = useWrite();
  const what = line ? `${line.quantity} × ${line.name}` : "the whole check";
  const wholeAllowed = kind !== "discount" && line !== null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: AdjustmentCreate = { kind, reason: reason.trim(), ...(line && { line_id: line.id }) };
    if (kind !== "void" && by !== "whole") {
      if (by === "percent") {
        const percent = Number(value);
        if (!Number.isInteger(percent) || percent < 1 || percent > 100)
          return setProblem(clientError("A percentage is a whole number from 1 to 100."));
        body.percent = percent;
      } else {
        if (!DECIMAL_PRICE.test(value.trim()) || Number(value) <= 0) return setProblem(clientError("An amount looks like 5.00."));
        body.amount = value.trim();
      }
    }
    if (!body.reason) return setProblem(clientError("Say why."));
    void run(async () => onDone(await staffApi.adjustCheck(tabId, body)));
  };

  return (
    <FormShell
      title={`${KIND_LABELS[kind]}: ${what}`}
      busy={busy}
      problem={problem}
      submitLabel={KIND_LABELS[kind]}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {kind !== "void" && (
        <fieldset className="check-choice">
          <legend>How much</legend>
          {wholeAllowed && (
            <label>
              <input type="radio" name="adjust-by" checked={by === "whole"} onChange={() => setBy("whole")} /> All of it
            </label>
          )}
          <label>
            <input type="radio" name="adjust-by" checked={by === "percent"} onChange={() => setBy("percent")} /> A percentage
          </label>
          <label>
            <input type="radio" name="adjust-by" checked={by === "amount"} onChange={() => setBy("amount")} /> An amount
          </label>
        </fieldset>
      )}
      {kind !== "void" && by !== "whole" && (
        <AmountField
          id="adjust-value"
          label={by === "percent" ? "Percent (1–100)" : "Amount ($)"}
          required
          value={value}
          onChange={setValue}
        />
      )}
      <FormField id="adjust-reason" label="Reason" hint={`At most ${REASON_MAX_LENGTH} characters; it goes in the audit log.`}>
        {(props) => (
          <input {...props} type="text" required maxLength={REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
    </FormShell>
  );
}

/** A manager or owner types their e-mail and PIN on this tablet to approve a floor account's adjustment. */
export function ApproveDialog({
  adjustment,
  description,
  onDone,
  onCancel,
}: {
  adjustment: Adjustment;
  description: string;
  onDone(adjustment: Adjustment): void;
  onCancel(): void;
}) {
  const [email, setEmail] = useState("");
  const [pin, setPin] = useState("");
  const { run, busy, problem } = useWrite();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => onDone(await staffApi.approveAdjustment(adjustment.id, { email: email.trim(), pin })), {
      problem: (error) => {
        setPin("");
        return pinProblem(error);
      },
    });
  };

  return (
    <FormShell title="A manager's approval" busy={busy} problem={problem} submitLabel="Approve" onSubmit={submit} onCancel={onCancel}>
      <p>
        {description} — asked by {adjustment.requested_by}: “{adjustment.reason}”. A manager types their e-mail and PIN here; nobody is
        signed out.
      </p>
      <PinFields idPrefix="approve" whose="Manager's" email={email} pin={pin} onEmail={setEmail} onPin={setPin} />
    </FormShell>
  );
}

/** Money given back on a payment of a closed check, in part or whole, with a reason. */
export function RefundDialog({ payment, onDone, onCancel }: { payment: Payment; onDone(): void; onCancel(): void }) {
  const refundableCents =
    Math.round(Number(payment.amount) * 100) + Math.round(Number(payment.tip) * 100) - Math.round(Number(payment.refunded) * 100);
  const [amount, setAmount] = useState((refundableCents / 100).toFixed(2));
  const [reason, setReason] = useState("");
  const { run, busy, problem, setProblem } = useWrite();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!DECIMAL_PRICE.test(amount.trim()) || Number(amount) <= 0) return setProblem(clientError("An amount looks like 5.00."));
    if (!reason.trim()) return setProblem(clientError("Say why."));
    void run(async () => {
      await staffApi.refundPayment(payment.id, amount.trim(), reason.trim());
      onDone();
    });
  };

  return (
    <FormShell
      title={`Refund a ${payment.method} payment`}
      busy={busy}
      problem={problem}
      submitLabel="Refund"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p>At most {formatMoney(refundableCents)} (the payment and its tip, less earlier refunds).</p>
      <AmountField id="refund-amount" label="Amount ($)" required value={amount} onChange={setAmount} />
      <FormField id="refund-reason" label="Reason">
        {(props) => (
          <input {...props} type="text" required maxLength={REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
    </FormShell>
  );
}
