import { useState } from "react";
import { Choice } from "../../shared/controls";
import { FormField } from "../../shared/form-field";
import { branchName } from "../../../contract/menu";
import { addDays, restaurantDay } from "../../../contract/restaurant-time";
import type { SalesReport } from "../../../contract/schemas";
import { staffApi } from "../lib/staff-api";
import { formatMoney } from "../../shared/i18n/format";
import { useServerData } from "../../shared/use-server-data";
import { useWrite } from "../../shared/use-write";
import { useBranchId } from "../branch/branch-store";
import { DataTable } from "../lib/data-table";
import { ProblemMessage } from "../lib/problem-message";
import { saveBlob } from "../lib/save-file";
import { useDocumentTitle } from "../../shared/use-document-title";
import { SalesChart } from "./sales-chart";
import "./reports.css";

type Mode = "day" | "range";

const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
// The day as a calendar names it: the date string is read as UTC midnight, so format it in UTC too.
const dayFormat = new Intl.DateTimeFormat("en-CA", { dateStyle: "full", timeZone: "UTC" });
const dayName = (day: string) => dayFormat.format(Date.parse(day));

/**
 * Sales for a day or a range of days in the restaurant's time zone: totals, orders by hour (a chart
 * and the same numbers as a table), the top products, and the orders as a CSV file.
 */
export default function ReportsPage() {
  useDocumentTitle("Reports · Limitless staff");
  const branchId = useBranchId();
  const today = restaurantDay();
  const [mode, setMode] = useState<Mode>("day");
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const { run, busy: downloading, problem: downloadProblem } = useWrite();

  const lastDay = mode === "day" ? from : to;
  const rangeProblem = !from || !lastDay ? "Choose a date." : from > lastDay ? "The first day must not be after the last." : null;

  const { state } = useServerData<string, SalesReport>({
    key: rangeProblem ? null : `${branchId} ${from} ${lastDay}`,
    load: (_key, signal) => staffApi.salesReport(branchId, from, lastDay, { signal }),
  });

  const download = () =>
    run(async () => {
      const { blob, fileName } = await staffApi.ordersReportCsv(branchId, from, lastDay);
      saveBlob(blob, fileName ?? `orders-${from}.csv`);
    });

  const report = state.status === "ready" ? state.data : null;
  const period = from === lastDay ? dayName(from) : `${dayName(from)} to ${dayName(lastDay)}`;

  return (
    <section className="reports" aria-labelledby="reports-title">
      <div className="staff-header-row">
        <h1 id="reports-title">Sales · {branchName(branchId)}</h1>
      </div>

      <form className="reports__controls" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="reports__mode">
          <legend>Report for</legend>
          {(["day", "range"] as const).map((value) => (
            <Choice key={value} type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)}>
              {value === "day" ? "One day" : "Several days"}
            </Choice>
          ))}
        </fieldset>
        <FormField id="report-from" label={mode === "day" ? "Day" : "From"}>
          {(props) => (
            <input {...props} type="date" value={from} max={addDays(today, 1)} onChange={(event) => setFrom(event.target.value)} />
          )}
        </FormField>
        {mode === "range" && (
          <FormField id="report-to" label="To">
            {(props) => (
              <input {...props} type="date" value={to} min={from} max={addDays(today, 1)} onChange={(event) => setTo(event.target.value)} />
            )}
          </FormField>
        )}
        <div className="staff-actions">
          <button type="button" className="staff-button" onClick={() => (setMode("day"), setFrom(today))}>
            Today
          </button>
          <button type="button" className="staff-button" onClick={() => (setMode("day"), setFrom(addDays(today, -1)))}>
            Yesterday
          </button>
          <button type="button" className="staff-button" onClick={() => (setMode("range"), setFrom(addDays(today, -6)), setTo(today))}>
            Last 7 days
          </button>
        </div>
      </form>

      {rangeProblem && (
        <p className="staff-field__error" role="alert">
          {rangeProblem}
        </p>
      )}
      {!rangeProblem && state.status === "loading" && <p role="status">Loading the report…</p>}
      {!rangeProblem && state.status === "failed" && <ProblemMessage problem={state.error} />}

      {!rangeProblem && report && (
        <>
          <h2 className="reports__period">{period}</h2>
          <dl className="reports__totals">
            <div>
              <dt>Orders</dt>
              <dd>{report.orders}</dd>
            </div>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatMoney(report.subtotal)}</dd>
            </div>
            <div>
              <dt>HST</dt>
              <dd>{formatMoney(report.tax)}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatMoney(report.total)}</dd>
            </div>
          </dl>
          <p className="reports__note">Cancelled orders are not counted. Times are Toronto time.</p>

          <div className="staff-actions">
            <button type="button" className="staff-button" onClick={() => void download()} disabled={downloading}>
              {downloading ? "Preparing…" : "Download orders CSV"}
            </button>
          </div>
          <ProblemMessage problem={downloadProblem} />

          <div className="reports__grid">
            <figure className="reports__figure">
              <figcaption>
                <h3>Orders by hour</h3>
              </figcaption>
              <SalesChart byHour={report.by_hour} />
              <details className="reports__hours">
                <summary>Orders by hour as a table</summary>
                <DataTable
                  columns={["Hour", "Orders", "Total"]}
                  rows={report.by_hour.map((hour) => ({
                    key: hour.hour,
                    cells: [hourLabel(hour.hour), hour.orders, formatMoney(hour.total)],
                  }))}
                  rowHeadings
                />
              </details>
            </figure>

            <div>
              <h3>Top products</h3>
              {report.top_products.length === 0 ? (
                <p>No products sold.</p>
              ) : (
                <DataTable
                  className="reports__products"
                  columns={["Product", "Sold", "Total"]}
                  rows={report.top_products.map((product) => ({
                    key: product.product_id,
                    cells: [product.name, product.quantity, formatMoney(product.total)],
                  }))}
                  rowHeadings
                />
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
