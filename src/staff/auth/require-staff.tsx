import { Outlet } from "react-router-dom";

/** Placeholder protected-route wrapper — built in the staff issue. */
export default function RequireStaff() {
  return <Outlet />;
}
