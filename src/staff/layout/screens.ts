/**
 * The staff screens, each with the permission (contract/roles.ts) its role needs: the bar offers a
 * role only the screens it may use, and a screen opened directly by a role that may not use it says
 * so instead of failing call by call. The server refuses those calls anyway.
 */
import { roleMay, type Permission, type StaffRole } from "../../../contract/roles";

export const STAFF_SCREENS = [
  { to: "/stations", label: "Stations", permission: "tablesList" },
  { to: "/staff/menu", label: "Menu editor", permission: "menu" },
  { to: "/upload_menu", label: "Upload menu", permission: "menu" },
  { to: "/kitchen", label: "Kitchen", permission: "kitchen" },
  { to: "/staff/floor", label: "Floor", permission: "service" },
  { to: "/staff/tabs", label: "Tabs", permission: "service" },
  { to: "/staff/reports", label: "Reports", permission: "reports" },
  { to: "/staff/printers", label: "Printers", permission: "menu" },
  { to: "/staff/accounts", label: "Staff", permission: "staffAccounts" },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

export const screensFor = (role: StaffRole) => STAFF_SCREENS.filter((screen) => roleMay(role, screen.permission));

/** Whether `role` may open the staff screen at `pathname` (true for a path that is not one of them). */
export function mayOpen(role: StaffRole, pathname: string): boolean {
  const screen = STAFF_SCREENS.find((s) => s.to === pathname.replace(/\/+$/, ""));
  return !screen || roleMay(role, screen.permission);
}
