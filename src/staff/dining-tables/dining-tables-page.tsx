import { useEffect, useState } from "react";
import { focusLater } from "../../shared/focus";
import type { DiningTable } from "../../../contract/schemas";
import { staffApi } from "../lib/staff-api";
import { useServerData } from "../../shared/use-server-data";
import { branchName } from "../../../contract/menu";
import { roleMay } from "../../../contract/roles";
import { useSession } from "../auth/session-store";
import { useBranchId } from "../branch/branch-store";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { ProblemMessage } from "../lib/problem-message";
import { useConfirmedDelete } from "../lib/use-confirmed-delete";
import { useDocumentTitle } from "../../shared/use-document-title";
import { qrOrigin } from "./order-link";
import { QrPrintSheet } from "./qr-print-sheet";
import { DiningTableCard } from "./dining-table-card";
import { DiningTableForm } from "./dining-table-form";
import type { DiningTableValues } from "../../../contract/form-rules";
import "./dining-tables.css";

/** A new table's defaults: the commonest one. */
const NEW_DINING_TABLE: DiningTableValues = { codename: "4", capacity: 6 };

const byCodename = (a: DiningTable, b: DiningTable) => a.codename.localeCompare(b.codename, undefined, { numeric: true });

/** The current branch's tables ("Stations" to staff), each with the QR code diners scan to order. */
export default function DiningTablesPage() {
  useDocumentTitle("Stations · Limitless staff");
  const branchId = useBranchId();
  const branch = branchName(branchId);
  // Floor staff read the tables to find a tab; only roles with `tables` may change them (the server refuses the rest).
  const mayEdit = useSession((state) => state.user !== null && roleMay(state.user.role, "tables"));
  const {
    state: list,
    reload: load,
    update,
  } = useServerData<number, DiningTable[]>({
    key: branchId,
    load: async (id, signal) => [...(await staffApi.diningTables(id, { signal }))].sort(byCodename),
  });
  // Where the QR codes point: the server's PUBLIC_ORIGIN, else this screen's own origin.
  const { state: settings } = useServerData({ key: "settings", load: (_key, signal) => staffApi.staffSettings({ signal }) });
  const qr = qrOrigin(settings.status === "ready" ? settings.data.public_origin : null, window.location);
  const qrWarning =
    settings.status === "ready" && qr.unreachable
      ? `These QR codes point at ${qr.origin}, an address diners' phones cannot reach. Set PUBLIC_ORIGIN to the restaurant's public address (see the README) before printing them.`
      : null;
  const [creating, setCreating] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const deletion = useConfirmedDelete<DiningTable>({
    remove: (diningTable) => staffApi.deleteDiningTable(diningTable.id),
    name: (diningTable) => `Station ${diningTable.codename}`,
    announce: setAnnouncement,
    reload: load,
    focusAfterId: "new-dining-table-button",
  });

  useEffect(() => setCreating(false), [branchId]);

  const create = async (values: DiningTableValues) => {
    const diningTable = await staffApi.createDiningTable(branchId, values);
    setCreating(false);
    setAnnouncement(`Station ${diningTable.codename} created.`);
    update((diningTables) => [...(diningTables ?? []), diningTable].sort(byCodename));
    focusLater(`dining-table-${diningTable.id}`);
  };

  const save = async (diningTable: DiningTable, values: DiningTableValues) => {
    const updated = await staffApi.updateDiningTable(diningTable.id, values);
    setAnnouncement(`Station ${updated.codename} saved.`);
    update((diningTables) => diningTables?.map((t) => (t.id === updated.id ? updated : t)).sort(byCodename));
  };

  return (
    <section className="dining-tables" aria-labelledby="dining-tables-title">
      <div className="staff-header-row">
        <h1 id="dining-tables-title">Stations · {branch}</h1>
        <div className="staff-actions">
          {mayEdit && (
            <button
              type="button"
              id="new-dining-table-button"
              className="staff-button staff-button--primary"
              onClick={() => setCreating(true)}
              disabled={creating || list.status !== "ready"}
            >
              New Station
            </button>
          )}
          <button
            type="button"
            className="staff-button"
            onClick={() => window.print()}
            disabled={list.status !== "ready" || list.data.length === 0}
          >
            Print QR sheet
          </button>
        </div>
      </div>

      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      {qrWarning && (
        <p className="staff-alert staff-alert--warning" role="alert">
          {qrWarning}
        </p>
      )}

      {creating && (
        <div className="dining-table-new">
          <DiningTableForm
            title="New station"
            initial={NEW_DINING_TABLE}
            submitLabel="Create station"
            onSubmit={create}
            onCancel={() => {
              setCreating(false);
              focusLater("new-dining-table-button");
            }}
          />
        </div>
      )}

      {list.status === "loading" && <p role="status">loading...</p>}
      {list.status === "failed" && <ProblemMessage problem={list.error} onRetry={load} />}
      {list.status === "ready" && list.data.length === 0 && (
        <p className="staff-notice">No stations yet for {branch}. Add one with “New Station”.</p>
      )}
      {list.status === "ready" && list.data.length > 0 && (
        <>
          <ul className="dining-table-list" aria-label={`Stations at ${branch}`}>
            {list.data.map((diningTable) => (
              <DiningTableCard
                key={diningTable.id}
                diningTable={diningTable}
                origin={qr.origin}
                onSave={mayEdit ? save : undefined}
                onDelete={deletion.ask}
              />
            ))}
          </ul>
          <QrPrintSheet diningTables={list.data} branch={branch} origin={qr.origin} warning={qrWarning} />
        </>
      )}

      <ConfirmDialog {...deletion.dialog} title={`Delete station ${deletion.item?.codename ?? ""}?`} confirmLabel="Delete station">
        <p>Its QR code will stop working. Past orders from this table are kept.</p>
        <ProblemMessage problem={deletion.problem} />
      </ConfirmDialog>
    </section>
  );
}
