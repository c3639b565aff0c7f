/**
 * The end of a branch's day (its time zone): the checks closed, what came off them, tax and tips, what
 * was taken by method less refunds, the cash counted in the drawer against what is expected (over or
 * short), the tabs still open; printed on the receipts printer or saved as CSV.
 */
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { branchName } from "../../../contract/menu";
import { DECIMAL_PRICE } from "../../../contract/money";
import { restaurantDay } from "../../../contract/restaurant-time";
import type { DayReport } from "../../../contract/schemas";
import { clientError } from "../../shared/client-errors";
import { AmountField } from "./amount-field";
import { formatMoney } from "../../shared/i18n/format";
import { useDocumentTitle } from "../../shared/use-document-title";
import { RELOAD, useServerData } from "../../shared/use-server-data";
import { useWrite } from "../../shared/use-write";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { saveBlob } from "../lib/save-file";
import { branchEventsPath, staffApi } from "../lib/staff-api";
import { tableLabel } from "../lib/table-label";
import "./check.css";

const signed = (value: string) => (value.startsWith("-") ? `−${formatMoney(value.slice(1))}` : formatMoney(value));
const timeFormat = new Intl.DateTimeFormat("en-CA", { hour: "2-digit", minute: "2-digit", timeZone: "America/Toronto" });

export default function DayPage() {
  useDocumentTitle("End of day · Limitless staff");
  const branchId = useBranchId();
  const [date, setDate] = useState(() => restaurantDay());
  const [counted, setCounted] = useState("");
  const [notice, setNotice] = useState("");
  const { run, busy, problem, setProblem } = useWrite();
  const { state, reload } = useServerData<string, DayReport>({
    key: date ? `${branchId} ${date}` : null,
    stream: branchEventsPath(branchId),
    reloadDelayMs: 500,
    load: (_key, signal) => staffApi.dayReport(branchId, date, { signal }),
    reduce: (_report, event) => (event.type === "tab.closed" || event.type === "tab.updated" ? RELOAD : undefined),
  });
  const report = state.status === "ready" ? state.data : null;

  /** A write whose answer is said in the notice. */
  const act = (what: () => Promise<string>) => run(async () => setNotice(await what()));

  const saveCount = (event: FormEvent) => {
    event.preventDefault();
    if (!DECIMAL_PRICE.test(counted.trim())) return setProblem(clientError("Enter the cash counted, like 412.35."));
    void act(async () => {
      const answer = await staffApi.setCashCount(branchId, date, counted.trim());
      reload();
      return `Cash counted: ${formatMoney(answer.cash_counted ?? "0")}. Over/short: ${signed(answer.over_short ?? "0.00")}.`;
    });
  };

  const rows: [string, string][] = report
    ? [
        ["Checks closed", String(report.checks)],
        ["Orders", String(report.orders)],
        ["Gross", formatMoney(report.gross)],
        ["Discounts", formatMoney(report.discounts)],
        ["Comps", formatMoney(report.comps)],
        [`Voids (${report.voided_lines} lines)`, formatMoney(report.voids)],
        ["Net", formatMoney(report.net)],
        ["HST", formatMoney(report.tax)],
        ["Tips", formatMoney(report.tips)],
        ["Refunds", formatMoney(report.refunds)],
        ["Cash", signed(report.payments.cash)],
        ["Card", signed(report.payments.card)],
        ["Other", signed(report.payments.other)],
        ["Taken", signed(report.taken)],
        ["Cash expected", signed(report.cash_expected)],
        ["Cash counted", report.cash_counted === null ? "not counted" : formatMoney(report.cash_counted)],
        ["Over / short", report.over_short === null ? "—" : signed(report.over_short)],
        ["Open tabs", String(report.open_tabs)],
      ]
    : [];

  return (
    <section className="check-day" aria-labelledby="day-title">
      <div className="staff-header-row">
        <h1 id="day-title">End of day · {branchName(branchId)}</h1>
        <label className="check-split">
          Day <input type="date" value={date} max={restaurantDay()} onChange={(e) => setDate(e.target.value)} />
        </label>
      </div>
      <p role="status" className={notice ? "staff-notice check-notice" : "visually-hidden check-notice"}>
        {notice}
      </p>
      <ProblemMessage problem={problem ?? (state.status === "loading" ? null : state.error)} onRetry={reload} />
      {state.status === "loading" && <p role="status">Loading the day…</p>}
      {report && (
        <>
          <dl aria-label="The day in numbers">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <form className="check-day__count" onSubmit={saveCount}>
            <AmountField id="cash-counted" label="Cash counted in the drawer ($)" required value={counted} onChange={setCounted} />
            <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
              Save the count
            </button>
          </form>
          <div className="staff-actions">
            <button
              type="button"
              className="staff-button"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  await staffApi.printDayReport(branchId, date);
                  return "Sent to the receipts printer.";
                })
              }
            >
              Print
            </button>
            <button
              type="button"
              className="staff-button"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const { blob, fileName } = await staffApi.dayReportCsv(branchId, date);
                  saveBlob(blob, fileName ?? `day-${date}.csv`);
                  return "The day's CSV is downloaded.";
                })
              }
            >
              Download CSV
            </button>
          </div>
          <h2>Checks closed</h2>
          {report.closed_checks.length === 0 ? (
            <p>No check closed this day.</p>
          ) : (
            <ul className="check-payments">
              {report.closed_checks.map((check) => (
                <li key={check.id}>
                  <span>
                    {timeFormat.format(Date.parse(check.closed_at))} · {tableLabel(check.station_codename)} · {formatMoney(check.total)}
                    {Number(check.tips) > 0 && ` + ${formatMoney(check.tips)} tips`}
                  </span>
                  <Link className="staff-button" to={`/staff/check?tab=${check.id}`}>
                    Open
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
