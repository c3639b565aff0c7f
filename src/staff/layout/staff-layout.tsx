import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { KitchenAlerts } from "../alerts/kitchen-alerts";
import { BranchSwitcher } from "../branch/branch-switcher";
import { TableCalls } from "../calls/table-calls";
import { PrinterAlerts } from "../printers/printer-alerts";
import "./staff.css";

const LINKS = [
  { to: "/stations", label: "Stations" },
  { to: "/upload_menu", label: "Upload menu" },
  { to: "/kitchen", label: "Kitchen" },
  { to: "/staff/tabs", label: "Tabs" },
  { to: "/staff/reports", label: "Reports" },
  { to: "/staff/printers", label: "Printers" },
] as const;

/** The bar above every staff screen: where to go, which branch, who is signed in. */
export function StaffLayout({ email, children }: { email: string | null; children: ReactNode }) {
  return (
    <div className="staff">
      <div className="staff-bar">
        <nav aria-label="Staff">
          <ul className="staff-nav">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="staff-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/logout" className="staff-nav__link">
                Sign out
              </NavLink>
            </li>
          </ul>
        </nav>
        <BranchSwitcher />
        {email && <p className="staff-bar__user">Signed in as {email}</p>}
      </div>
      <KitchenAlerts />
      <PrinterAlerts />
      <TableCalls />
      {children}
    </div>
  );
}
