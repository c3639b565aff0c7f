import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { StaffLayout } from "../layout/staff-layout";
import { useSession } from "./session-store";
import "../layout/staff.css";

/**
 * The protected-route wrapper: 'Loading...' while the server confirms the session, then the staff
 * screen, or /login with the requested location remembered in navigation state (`from`).
 */
export default function RequireStaff() {
  const status = useSession((state) => state.status);
  const email = useSession((state) => state.email);
  const error = useSession((state) => state.error);
  const check = useSession((state) => state.check);
  const location = useLocation();

  useEffect(() => {
    if (useSession.getState().status === "unknown") void check();
  }, [check]);

  if (status === "signed-out") return <Navigate to="/login" replace state={{ from: location }} />;
  if (status === "error") {
    return (
      <div className="staff-problem" role="alert">
        <p>Could not check your sign-in: {error}</p>
        <button type="button" className="staff-button" onClick={() => void check()}>
          Try again
        </button>
      </div>
    );
  }
  if (status !== "signed-in") return <p role="status">Loading...</p>;
  return (
    <StaffLayout email={email}>
      <Outlet />
    </StaffLayout>
  );
}
