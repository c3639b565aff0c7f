import { useRef } from "react";
import { Link, useLocation } from "react-router-dom";
import { branchName } from "../../../contract/menu";
import { useBranchId } from "../branch/branch-store";
import { useKitchenSound } from "../lib/use-kitchen-sound";
import { tableLabel } from "../lib/table-label";
import { useKitchenAlerts } from "./use-kitchen-alerts";
import "./alerts.css";

/** Several orders falling due together sound one alarm, not a burst of them. */
const QUIET_MS = 5_000;

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });

/**
 * On every staff screen: the alarm for orders no kitchen board has shown (with a sound), and a banner
 * when no board is online for the branch, so an order cannot sit unnoticed.
 */
export function KitchenAlerts() {
  const branchId = useBranchId();
  // A kitchen board is a board: it is online as long as it is open.
  const onBoard = useLocation().pathname === "/kitchen";
  const sound = useKitchenSound();
  const lastRing = useRef(0);
  const { unseen, noBoardOnline } = useKitchenAlerts(branchId, () => {
    if (Date.now() - lastRing.current < QUIET_MS) return;
    lastRing.current = Date.now();
    sound.ring();
  });

  return (
    <div className="staff-alerts">
      {noBoardOnline && !onBoard && (
        <p className="staff-alert staff-alert--warning" role="alert">
          <strong>No kitchen board is online</strong> for {branchName(branchId)}: new orders reach no screen in the kitchen.{" "}
          <Link to="/kitchen">Open the kitchen board</Link>
        </p>
      )}
      {unseen.length > 0 && (
        <div className="staff-alert staff-alert--danger" role="alert">
          <p>
            <strong>{unseen.length === 1 ? "An order has" : `${unseen.length} orders have`} not been seen by the kitchen</strong>
            {onBoard ? "" : " — check that a kitchen board is on."}
          </p>
          <ul>
            {unseen.map((order) => (
              <li key={order.id}>
                Order #{order.number} · {tableLabel(order.station_codename)} · placed at {timeOf(order.created_at)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
