import type { ReactNode } from "react";
import { PageLink } from "../../shared/page-link";
import { roleMay } from "../../../contract/roles";
import type { CurrentUser } from "../../../contract/schemas";
import { KitchenAlerts } from "../alerts/kitchen-alerts";
import { SwitchUser } from "../auth/switch-user";
import { BranchSwitcher } from "../branch/branch-switcher";
import { TableCalls } from "../calls/table-calls";
import { PrinterAlerts } from "../printers/printer-alerts";
import { screensFor } from "./screens";
import "./staff.css";

/** The bar above every staff screen: where to go (the screens the role may use), which branch, who is signed in. */
export function StaffLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <div className="staff">
      <div className="staff-bar">
        <nav aria-label="Staff">
          <ul className="staff-nav">
            {screensFor(user.role).map((link) => (
              <li key={link.to}>
                <PageLink to={link.to} className="staff-nav__link">
                  {link.label}
                </PageLink>
              </li>
            ))}
            <li>
              <PageLink to="/logout" className="staff-nav__link">
                Sign out
              </PageLink>
            </li>
          </ul>
        </nav>
        <BranchSwitcher branchIds={user.branch_ids} />
        <p className="staff-bar__user">
          Signed in as {user.name ? `${user.name} (${user.logged_in_as})` : user.logged_in_as}, {user.role}
        </p>
        <SwitchUser />
      </div>
      <KitchenAlerts />
      <PrinterAlerts />
      {roleMay(user.role, "service") && <TableCalls />}
      {children}
    </div>
  );
}
