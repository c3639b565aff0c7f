import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { restated } from "../../shared/client-errors";
import { ProblemMessage } from "../lib/problem-message";
import { StaffLayout } from "../layout/staff-layout";
import { mayOpen } from "../layout/screens";
import { useSession } from "./session-store";
import "../layout/staff.css";

/**
 * The protected-route wrapper: 'Loading...' while the server confirms the session, then the staff
 * screen, or /login with the requested location remembered in navigation state (`from`).
 */
export default function RequireStaff() {
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
    return (
      <ProblemMessage problem={restated(error, (message) => `Could not check your sign-in: ${message}`)} onRetry={() => void check()} />
    );
  }
  if (status !== "signed-in" || !user) return <p role="status">Loading...</p>;
  return (
    <StaffLayout user={user}>
      {mayOpen(user.role, location.pathname) ? (
        <Outlet />
      ) : (
        <div className="staff-problem" role="alert">
          <h1 className="staff-page-title">Not allowed</h1>
          <p>
            Your account ({user.role}) may not use this screen. Ask an owner or a manager if you need it, or switch user on this tablet.
          </p>
        </div>
      )}
    </StaffLayout>
  );
}
