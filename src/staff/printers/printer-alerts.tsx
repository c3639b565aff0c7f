import { Link, useLocation } from "react-router-dom";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";
import { useBranchId } from "../branch/branch-store";
import { usePrinters } from "./use-printers";
import "./printers.css";

const tickets = (n: number) => (n === 1 ? "1 ticket" : `${n} tickets`);

/** On every staff screen: each of the branch's printers that does not answer, with the tickets waiting for it. */
export function PrinterAlerts() {
  const branchId = useBranchId();
  const onPrintersPage = useLocation().pathname === "/staff/printers";
  const { state } = usePrinters(branchId);
  const offline = state.status === "ready" ? state.data.filter((printer) => printer.status === "offline") : [];
  if (offline.length === 0) return null;
  return (
    <div className="printer-alerts">
      {offline.map((printer) => (
        <p key={printer.id} className="staff-alert staff-alert--danger printer-alert" role="alert" data-printer-id={printer.id}>
          <strong>
            Printer “{printer.name}” ({PREP_AREA_NAMES[printer.prep_station]}) is offline
          </strong>{" "}
          · <span className="printer-alert__queue">{tickets(printer.queued)} waiting</span>. They print once it is back on: check its power,
          paper and cable.
          {!onPrintersPage && (
            <>
              {" "}
              <Link to="/staff/printers">Printers</Link>
            </>
          )}
        </p>
      ))}
    </div>
  );
}
