import { useEffect, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { roleMay } from "../../../contract/roles";
import { restated } from "../../shared/client-errors";
import { KitchenAlerts } from "../alerts/kitchen-alerts";
import { useSession } from "../auth/session-store";
import { TableCalls } from "../calls/table-calls";
import { ProblemMessage } from "../lib/problem-message";
import { PrinterAlerts } from "../printers/printer-alerts";
import { mayOpen } from "../lib/screens";
import { StaffLayout } from "./staff-layout";
import "../../shared/controls.css";
import "./staff.css";

/**
 * The staff app's frame for every signed-in screen (docs/decisions/0031): while the server confirms
 * the session, "Loading…"; signed out, /login with the requested location remembered (`from`);
 * signed in, the staff layout (its navigation, who and which branch) around `main`, which holds the
 * alerts every staff screen shows and the screen, or "Not allowed" for a screen the role may not use.
 * `main` is the app's main region (app/frames.tsx), so skip link, focus and error boundary are the
 * same as every frame's.
 */
export default function StaffShell({ main }: { main: (content: ReactNode) => ReactNode }) {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const error = useSession((state) => state.error);
  const check = useSession((state) => state.check);
  const location = useLocation();

  useEffect(() => {
    if (useSession.getState().status === "unknown") void check();
  }, [check]);

  if (status === "signed-out") return <Navigate to="/login" replace state={{ from: location }} />;
  if (status === "failed" && error) {
    return main(
      <ProblemMessage problem={restated(error, (message) => `Could not check your sign-in: ${message}`)} onRetry={() => void check()} />,
    );
  }
  if (status !== "signed-in" || !user) return main(<p role="status">Loading...</p>);

  const allowed = mayOpen(user.role, location.pathname);
  return (
    <StaffLayout user={user}>
      {main(
        <>
          {/* Only what the role may read is fetched: the printers are the menu's people's. Calls show everywhere, answered by the service's. */}
          <KitchenAlerts />
          {roleMay(user.role, "menu") && <PrinterAlerts />}
          {roleMay(user.role, "calls") && <TableCalls canAnswer={roleMay(user.role, "service")} />}
          {allowed ? (
            <Outlet />
          ) : (
            <div className="staff-problem" role="alert">
              <h1 className="staff-page-title">Not allowed</h1>
              <p>
                Your account ({user.role}) may not use this screen. Ask an owner or a manager if you need it, or switch user on this tablet.
              </p>
            </div>
          )}
        </>,
      )}
    </StaffLayout>
  );
}
