/**
 * A table's check on the tablet (docs/decisions/0028-the-check.md): every line of the visit's rounds,
 * discounts, comps and voids with a reason (a floor account's wait for a manager's PIN typed on this
 * tablet), an equal split or payment by items, a payment per part with method and tip, the change due
 * in cash, refunds of a closed check, and the check closing itself at zero. `?station_id=` opens a
 * table's open check, `?tab=` any check by its id. Kept current by the branch's live stream.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../contract/menu";
import { parsePriceToCents } from "../../../contract/money";
import { roleMay } from "../../../contract/roles";
import { SPLIT_WAYS_MAX, SPLIT_WAYS_MIN, type AdjustmentKind } from "../../../contract/check";
import type { Adjustment, Check, CheckLine, Payment } from "../../../contract/schemas";
import type { ApiError } from "../../shared/api-client";
import { clientError } from "../../shared/client-errors";
import { focusIsLost, focusMainHeading } from "../../shared/focus";
import { AmountField } from "./amount-field";
import { formatMoney } from "../../shared/i18n/format";
import { randomUuid } from "../../shared/random-uuid";
import { useDocumentTitle } from "../../shared/use-document-title";
import { RELOAD, useServerData } from "../../shared/use-server-data";
import { useWrite } from "../../shared/use-write";
import type { LiveEvent } from "../../shared/use-live-events";
import { useSession } from "../auth/session-store";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { branchEventsPath, staffApi } from "../lib/staff-api";
import { tableLabel } from "../lib/table-label";
import { AdjustDialog, ApproveDialog, KIND_LABELS, RefundDialog } from "./check-dialogs";
import { CheckTotals } from "../lib/check-totals";
import "./check.css";

const METHOD_LABELS: Record<PaymentMethod, string> = { cash: "Cash", card: "Card", other: "Other" };
const cents = (price: string) => parsePriceToCents(price) ?? 0;
const money = (value: number) => (value / 100).toFixed(2);

/** A write on the check; `refused` hears a refusal before it is shown. */
type CheckWrite = (send: () => Promise<unknown>, refused?: (error: ApiError) => void) => Promise<boolean>;

type Dialogs =
  | { kind: "adjust"; adjustment: AdjustmentKind; line: CheckLine | null }
  | { kind: "approve"; adjustment: Adjustment }
  | { kind: "refund"; payment: Payment }
  | null;

/** Whether a live event is about this check (its table's orders and check). */
function concerns(event: LiveEvent, check: Check | undefined, key: string): boolean {
  if (event.type === "tab.updated" || event.type === "tab.closed")
    return event.data.id === check?.id || `station:${event.data.station_id}` === key;
  if (event.type === "order.created" || event.type === "order.updated") return `station:${event.data.station_id}` === key;
  return false;
}

export default function CheckPage() {
  const [params, setParams] = useSearchParams();
  const stationId = params.get("station_id");
  const tabParam = params.get("tab");
  const key = tabParam ? `tab:${tabParam}` : stationId ? `station:${stationId}` : null;
  const user = useSession((state) => state.user);
  const branchId = useBranchId();
  const { state, reload } = useServerData<string, Check>({
    key,
    stream: branchEventsPath(branchId),
    reloadDelayMs: 200,
    load: (k, signal) => (k.startsWith("tab:") ? staffApi.check(k.slice(4), { signal }) : staffApi.tab(k.slice(8), { signal })),
    reduce: (check, event, k) => (concerns(event, check, k) ? RELOAD : undefined),
  });
  const check = state.status === "ready" ? state.data : null;
  useDocumentTitle(check ? `${tableLabel(check.station_codename)} · check · Limitless staff` : "Check · Limitless staff");
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState("");
  const { run, busy, problem, setProblem } = useWrite();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A refusal is shown and the check read again: it may have changed on another tablet.
  const write: CheckWrite = (send, refused) =>
    run(send, {
      problem: (error) => {
        refused?.(error);
        reload();
        return error;
      },
    });

  // An action can take away the control it was made with (an adjustment turned down, a line voided, the
  // Pay panel of a check just paid): once the check is read again, focus left on nothing goes to its heading.
  const acted = useRef(false);
  useEffect(() => {
    if (!acted.current || !check) return;
    acted.current = false;
    if (focusIsLost()) focusMainHeading();
  }, [check]);

  const done = (text: string) => {
    acted.current = true;
    setDialog(null);
    setNotice(text);
    setProblem(null);
    reload();
  };

  if (!key) {
    return (
      <section className="check-page">
        <h1>Check</h1>
        <p>
          Open a table's check from <Link to="/staff/tabs">Tabs</Link>.
        </p>
      </section>
    );
  }

  const open = check?.status === "open";
  const mayRefund = user ? roleMay(user.role, "refunds") : false;
  const lineName = (id: string | null) => {
    const line = check?.lines.find((l) => l.id === id);
    return line ? `${line.quantity} × ${line.name}` : "the whole check";
  };

  const reject = (adjustment: Adjustment) =>
    write(async () => {
      await staffApi.rejectAdjustment(adjustment.id);
      done(`${KIND_LABELS[adjustment.kind]} of ${lineName(adjustment.line_id)} turned down.`);
    });

  return (
    <section className="check-page" aria-labelledby="check-title">
      <div className="staff-header-row">
        <h1 id="check-title">
          {check ? `${tableLabel(check.station_codename)} · check` : "Check"}
          {check?.status === "closed" && <span className="check-badge">Closed</span>}
        </h1>
        <Link className="staff-button" to="/staff/tabs">
          Back to tabs
        </Link>
      </div>
      <p role="status" className={notice ? "staff-notice check-notice" : "visually-hidden check-notice"}>
        {notice}
      </p>
      <ProblemMessage problem={problem ?? (state.status === "loading" ? null : state.error)} onRetry={reload} />
      {state.status === "loading" && <p role="status">Loading the check…</p>}
      {check && check.id === null && <p>No orders on this table's tab yet.</p>}
      {check && check.id !== null && (
        <div className="check-columns">
          <div>
            <h2>Lines</h2>
            <ul className="check-lines">
              {check.lines.map((line) => (
                <li
                  key={line.id}
                  className={
                    line.adjustment?.kind === "void" && line.adjustment.status === "applied" ? "check-line check-line--void" : "check-line"
                  }
                >
                  {open && !line.paid && !(line.adjustment?.kind === "void" && line.adjustment.status === "applied") ? (
                    <label className="check-line__pick">
                      <input
                        type="checkbox"
                        checked={selected.has(line.id)}
                        onChange={(event) => {
                          const next = new Set(selected);
                          if (event.target.checked) next.add(line.id);
                          else next.delete(line.id);
                          setSelected(next);
                        }}
                      />
                      <span className="visually-hidden">Pay {line.name} by items</span>
                    </label>
                  ) : (
                    <span className="check-line__pick" aria-hidden="true" />
                  )}
                  <div className="check-line__what">
                    <strong>
                      {line.quantity} × {line.name}
                    </strong>
                    {line.options.length > 0 && <span className="check-muted"> + {line.options.map((o) => o.name).join(", ")}</span>}
                    <span className="check-muted"> · order #{line.order_number}</span>
                    {line.adjustment && (
                      <div className="check-line__adjustment">
                        {KIND_LABELS[line.adjustment.kind]} {line.adjustment.status === "pending" ? "(waiting for a manager)" : ""} −
                        {formatMoney(line.adjustment.amount)}: {line.adjustment.reason}
                        {line.adjustment.kind === "void" && " · stays on the kitchen's record"}
                      </div>
                    )}
                    {line.paid && <div className="check-line__adjustment">Paid by items</div>}
                  </div>
                  <div className="check-line__money">
                    <span>{formatMoney(line.line_total)}</span>
                    <span className="check-muted">share {formatMoney(line.share)}</span>
                  </div>
                  {open && !line.adjustment && !line.paid && (
                    <div className="check-line__actions">
                      {(["void", "comp", "discount"] as const).map((kind) => (
                        <button
                          key={kind}
                          type="button"
                          className="staff-button"
                          aria-label={`${KIND_LABELS[kind]} ${line.quantity} × ${line.name}`}
                          onClick={() => setDialog({ kind: "adjust", adjustment: kind, line })}
                        >
                          {KIND_LABELS[kind]}
                        </button>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {open && (
              <div className="staff-actions">
                <button
                  type="button"
                  className="staff-button"
                  onClick={() => setDialog({ kind: "adjust", adjustment: "discount", line: null })}
                >
                  Discount the check
                </button>
                <button
                  type="button"
                  className="staff-button"
                  onClick={() => setDialog({ kind: "adjust", adjustment: "comp", line: null })}
                >
                  Comp an amount
                </button>
              </div>
            )}
            <Adjustments
              check={check}
              lineName={lineName}
              busy={busy}
              onApprove={(a) => setDialog({ kind: "approve", adjustment: a })}
              onReject={(a) => void reject(a)}
            />
          </div>
          <div>
            <CheckTotals check={check} />
            {open && (
              <PayPanel
                check={check}
                selected={selected}
                busy={busy}
                write={write}
                onPaid={(text, closedId) => {
                  setSelected(new Set());
                  done(text);
                  if (closedId) setParams({ tab: closedId });
                }}
                onProblem={setProblem}
              />
            )}
            <Payments
              check={check}
              mayRefund={mayRefund && check.status === "closed"}
              onRefund={(payment) => setDialog({ kind: "refund", payment })}
            />
          </div>
        </div>
      )}
      {check?.id && dialog?.kind === "adjust" && (
        <AdjustDialog
          tabId={check.id}
          kind={dialog.adjustment}
          line={dialog.line}
          onCancel={() => setDialog(null)}
          onDone={(adjustment) =>
            done(
              adjustment.status === "pending"
                ? `${KIND_LABELS[adjustment.kind]} of ${lineName(adjustment.line_id)} is waiting for a manager's PIN.`
                : `${KIND_LABELS[adjustment.kind]} of ${lineName(adjustment.line_id)}: −${formatMoney(adjustment.amount)}.`,
            )
          }
        />
      )}
      {dialog?.kind === "approve" && (
        <ApproveDialog
          adjustment={dialog.adjustment}
          description={`${KIND_LABELS[dialog.adjustment.kind]} of ${lineName(dialog.adjustment.line_id)}, −${formatMoney(dialog.adjustment.amount)}`}
          onCancel={() => setDialog(null)}
          onDone={(adjustment) =>
            done(`${KIND_LABELS[adjustment.kind]} of ${lineName(adjustment.line_id)} approved by ${adjustment.approved_by ?? "a manager"}.`)
          }
        />
      )}
      {dialog?.kind === "refund" && (
        <RefundDialog payment={dialog.payment} onCancel={() => setDialog(null)} onDone={() => done("Refund recorded.")} />
      )}
    </section>
  );
}

function Adjustments({
  check,
  lineName,
  busy,
  onApprove,
  onReject,
}: {
  check: Check;
  lineName(id: string | null): string;
  /** A write on the check is out: turning one down waits for it. */
  busy: boolean;
  onApprove(adjustment: Adjustment): void;
  onReject(adjustment: Adjustment): void;
}) {
  if (check.adjustments.length === 0) return null;
  return (
    <>
      <h2>Discounts, comps and voids</h2>
      <ul className="check-adjustments">
        {check.adjustments.map((adjustment) => (
          <li key={adjustment.id}>
            <span>
              {KIND_LABELS[adjustment.kind]} of {lineName(adjustment.line_id)}
              {adjustment.percent !== null && ` (${adjustment.percent} %)`}: −{formatMoney(adjustment.amount)} · “{adjustment.reason}” ·{" "}
              {adjustment.status === "pending"
                ? `waiting for a manager (asked by ${adjustment.requested_by})`
                : adjustment.status === "rejected"
                  ? `turned down by ${adjustment.approved_by ?? "staff"}`
                  : `by ${adjustment.approved_by ?? adjustment.requested_by}`}
            </span>
            {adjustment.status === "pending" && check.status === "open" && (
              <span className="staff-actions">
                <button type="button" className="staff-button staff-button--primary" onClick={() => onApprove(adjustment)}>
                  Approve with a manager's PIN
                </button>
                <button type="button" className="staff-button" disabled={busy} onClick={() => onReject(adjustment)}>
                  Turn down
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Recording a payment: the balance, a part of an equal split, or the lines ticked (their shares, tax
 * included); a method, a tip, and in cash what was handed over, which answers the change due. The
 * payment's Idempotency-Key stays the same while its form does, so a retry after a lost answer is the
 * same payment.
 */
function PayPanel({
  check,
  selected,
  busy,
  write,
  onPaid,
  onProblem,
}: {
  check: Check;
  selected: ReadonlySet<string>;
  busy: boolean;
  write: CheckWrite;
  onPaid(text: string, closedId: string | null): void;
  /** A problem found before anything is sent. */
  onProblem(error: ApiError): void;
}) {
  const [ways, setWays] = useState(String(check.split?.ways ?? 2));
  const [method, setMethod] = useState<PaymentMethod>("card");
  const [amount, setAmount] = useState("");
  const [tip, setTip] = useState("");
  const [handed, setHanded] = useState("");
  const [key, setKey] = useState(randomUuid);
  const byItems = [...selected].filter((id) => check.lines.some((line) => line.id === id && !line.paid));
  const itemsShare = byItems.reduce((sum, id) => sum + cents(check.lines.find((l) => l.id === id)!.share), 0);
  const amountCents =
    byItems.length > 0 ? Math.min(itemsShare, cents(check.balance)) : amount.trim() ? cents(amount.trim()) : cents(check.balance);
  const tipCents = tip.trim() ? cents(tip.trim()) : 0;
  const handedCents = handed.trim() ? cents(handed.trim()) : null;
  const change = method === "cash" && handedCents !== null ? handedCents - amountCents - tipCents : null;
  const fresh = () => setKey(randomUuid());
  /** A changed amount, tip or cash handed over is another payment: it gets a key of its own. */
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    fresh();
  };

  const split = () => {
    const n = Number(ways);
    if (!Number.isInteger(n) || n < SPLIT_WAYS_MIN || n > SPLIT_WAYS_MAX)
      return onProblem(clientError(`Split ${SPLIT_WAYS_MIN} to ${SPLIT_WAYS_MAX} ways.`));
    void write(async () => {
      const answer = await staffApi.splitCheck(check.id!, n);
      setAmount(answer.parts[0] ?? "");
      onPaid(`Split ${n} ways: ${answer.parts.map((p) => formatMoney(p)).join(", ")}.`, null);
    });
  };

  const pay = () => {
    if (change !== null && change < 0) return onProblem(clientError("The cash handed over is less than the amount and the tip."));
    // Refused: the next try is another payment. Not answered at all: the same key, so a retry is the same payment.
    const refused = (error: ApiError) => {
      if (error.status > 0) fresh();
    };
    void write(async () => {
      const answer = await staffApi.payCheck(
        check.id!,
        {
          method,
          ...(byItems.length > 0 ? { line_ids: byItems } : { amount: money(amountCents) }),
          ...(tipCents > 0 && { tip: money(tipCents) }),
          ...(method === "cash" && handedCents !== null && { tendered: money(handedCents) }),
        },
        key,
      );
      fresh();
      setAmount("");
      setTip("");
      setHanded("");
      const changeText = cents(answer.change_due) > 0 ? ` Change due: ${formatMoney(answer.change_due)}.` : "";
      const closed = answer.tab_status === "closed";
      onPaid(
        `${METHOD_LABELS[answer.method]} payment of ${formatMoney(answer.amount)}${cents(answer.tip) > 0 ? ` with a ${formatMoney(answer.tip)} tip` : ""} recorded.${changeText}${closed ? " The check is paid and closed." : ` Left to pay: ${formatMoney(answer.balance)}.`}`,
        closed ? answer.tab_id : null,
      );
    }, refused);
  };

  return (
    <section className="check-pay" aria-labelledby="pay-title">
      <h2 id="pay-title">Pay</h2>
      <div className="check-split">
        <label htmlFor="split-ways">Split equally</label>
        <input
          id="split-ways"
          type="number"
          min={SPLIT_WAYS_MIN}
          max={SPLIT_WAYS_MAX}
          value={ways}
          onChange={(e) => setWays(e.target.value)}
        />
        <button type="button" className="staff-button" disabled={busy} onClick={split}>
          Split
        </button>
      </div>
      {check.split && check.split.parts.length > 0 && (
        <ul className="check-parts" aria-label="Parts left to pay">
          {check.split.parts.map((part, index) => (
            <li key={index}>
              <button
                type="button"
                className="staff-button"
                aria-pressed={byItems.length === 0 && amount === part && index === 0}
                onClick={() => {
                  setAmount(part);
                  fresh();
                }}
              >
                Part {check.split!.paid_parts + index + 1} of {check.split!.ways}: {formatMoney(part)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="check-choice">
        <legend>Method</legend>
        {PAYMENT_METHODS.map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="pay-method"
              checked={method === m}
              onChange={() => {
                setMethod(m);
                fresh();
              }}
            />{" "}
            {METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>
      <div className="check-pay__fields">
        {byItems.length > 0 ? (
          <p>
            {byItems.length} line{byItems.length > 1 ? "s" : ""} ticked: {formatMoney(itemsShare)} (tax included)
          </p>
        ) : (
          <AmountField id="pay-amount" label="Amount ($)" placeholder={check.balance} value={amount} onChange={edited(setAmount)} />
        )}
        <AmountField id="pay-tip" label="Tip ($)" placeholder="0.00" value={tip} onChange={edited(setTip)} />
        {method === "cash" && <AmountField id="pay-handed" label="Cash handed over ($)" value={handed} onChange={edited(setHanded)} />}
      </div>
      {change !== null && (
        <p className="check-change" aria-live="polite">
          {change >= 0 ? `Change due: ${formatMoney(change)}` : `Short by ${formatMoney(-change)}`}
        </p>
      )}
      <button type="button" className="staff-button staff-button--primary staff-button--big" disabled={busy} onClick={pay}>
        Record {METHOD_LABELS[method].toLowerCase()} payment of {formatMoney(amountCents)}
        {tipCents > 0 ? ` + ${formatMoney(tipCents)} tip` : ""}
      </button>
    </section>
  );
}

function Payments({ check, mayRefund, onRefund }: { check: Check; mayRefund: boolean; onRefund(payment: Payment): void }) {
  if (check.payments.length === 0) return null;
  return (
    <>
      <h2>Payments</h2>
      <ul className="check-payments">
        {check.payments.map((payment) => (
          <li key={payment.id}>
            <span>
              {METHOD_LABELS[payment.method]} {formatMoney(payment.amount)}
              {cents(payment.tip) > 0 && ` + ${formatMoney(payment.tip)} tip`}
              {cents(payment.change_due) > 0 && ` · change ${formatMoney(payment.change_due)}`}
              {payment.line_ids.length > 0 && ` · ${payment.line_ids.length} line${payment.line_ids.length > 1 ? "s" : ""}`} ·{" "}
              {payment.taken_by}
              {cents(payment.refunded) > 0 && ` · refunded ${formatMoney(payment.refunded)}`}
            </span>
            {mayRefund && cents(payment.refunded) < cents(payment.amount) + cents(payment.tip) && (
              <button type="button" className="staff-button" onClick={() => onRefund(payment)}>
                Refund
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
