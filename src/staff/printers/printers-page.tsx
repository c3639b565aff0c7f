import { useState } from "react";
import { branchName } from "../../../contract/menu";
import type { Printer } from "../../../contract/schemas";
import { staffApi } from "../lib/staff-api";
import { useBranchId } from "../branch/branch-store";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { ProblemMessage } from "../lib/problem-message";
import { useConfirmedDelete } from "../lib/use-confirmed-delete";
import { useDocumentTitle } from "../../shared/use-document-title";
import { NEW_PRINTER, PrinterForm, type PrinterValues } from "./printer-form";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";
import { STATUS_NAMES } from "./printer-words";
import { usePrinters } from "./use-printers";
import "./printers.css";

/** The branch's kitchen and bar printers: where each one is, whether it answers, and how many tickets wait for it. */
export default function PrintersPage() {
  useDocumentTitle("Printers · Limitless staff");
  const branchId = useBranchId();
  const branch = branchName(branchId);
  const { state: list, reload } = usePrinters(branchId);
  const printers = list.status === "ready" ? list.data : null;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const deletion = useConfirmedDelete<Printer>({
    remove: (printer) => staffApi.deletePrinter(printer.id),
    name: (printer) => `Printer ${printer.name}`,
    announce: setAnnouncement,
    reload,
    focusAfterId: "add-printer-button",
  });

  const create = async (values: PrinterValues) => {
    const printer = await staffApi.createPrinter({ ...values, branch_id: branchId });
    setCreating(false);
    setAnnouncement(`Printer ${printer.name} added.`);
    reload();
  };

  const save = async (printer: Printer, values: PrinterValues) => {
    const updated = await staffApi.updatePrinter(printer.id, values);
    setEditing(null);
    setAnnouncement(`Printer ${updated.name} saved.`);
    reload();
  };

  return (
    <section className="printers" aria-labelledby="printers-title">
      <div className="staff-header-row">
        <h1 id="printers-title">Printers · {branch}</h1>
        <div className="staff-actions">
          <button
            type="button"
            id="add-printer-button"
            className="staff-button staff-button--primary"
            onClick={() => setCreating(true)}
            disabled={creating}
          >
            Add printer
          </button>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {creating && (
        <PrinterForm
          title="New printer"
          initial={NEW_PRINTER}
          submitLabel="Add printer"
          onSubmit={create}
          onCancel={() => setCreating(false)}
        />
      )}

      {list.status === "loading" && <p role="status">loading...</p>}
      {list.status === "failed" && <ProblemMessage problem={list.error} onRetry={reload} />}
      {printers?.length === 0 && (
        <p className="staff-notice">
          No printers yet for {branch}. Every order prints a ticket at the kitchen and bar printers you add here.
        </p>
      )}
      {printers && printers.length > 0 && (
        <table className="printer-grid">
          <caption className="visually-hidden">Printers of {branch}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Prints for</th>
              <th scope="col">Address</th>
              <th scope="col">Status</th>
              <th scope="col">Waiting</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {printers.map((printer) =>
              editing === printer.id ? (
                <tr key={printer.id}>
                  <td colSpan={6}>
                    <PrinterForm
                      title={`Edit ${printer.name}`}
                      initial={printer}
                      submitLabel="Save printer"
                      onSubmit={(values) => save(printer, values)}
                      onCancel={() => setEditing(null)}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={printer.id} data-printer-id={printer.id}>
                  <th scope="row">{printer.name}</th>
                  <td>
                    {PREP_AREA_NAMES[printer.prep_station]}
                    {printer.receipts && " · bills"}
                  </td>
                  <td>
                    {printer.host}:{printer.port}
                  </td>
                  <td className={`printer-status printer-status--${printer.status}`}>{STATUS_NAMES[printer.status]}</td>
                  <td className="printer-queue">{printer.queued}</td>
                  <td>
                    <div className="staff-actions">
                      <button type="button" className="staff-button" onClick={() => setEditing(printer.id)}>
                        Edit<span className="visually-hidden"> {printer.name}</span>
                      </button>
                      <button type="button" className="staff-button staff-button--danger" onClick={() => deletion.ask(printer)}>
                        Delete<span className="visually-hidden"> {printer.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}

      <ConfirmDialog {...deletion.dialog} title={`Delete printer ${deletion.item?.name ?? ""}?`} confirmLabel="Delete printer">
        {deletion.item && deletion.item.queued > 0 && <p>The {deletion.item.queued} tickets waiting for it will not print.</p>}
        <ProblemMessage problem={deletion.problem} />
      </ConfirmDialog>
    </section>
  );
}
