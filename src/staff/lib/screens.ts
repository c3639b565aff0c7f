/**
 * The staff screens, each with the permission (contract/roles.ts, the one place roles are defined)
 * its role needs: the staff frame's navigation offers a role exactly the screens it may use, and a
 * screen opened directly by a role that may not use it says so instead of failing call by call. The
 * server refuses those calls anyway. Each role also has a home: where its work is.
 */
import { roleMay, type Permission, type StaffRole } from "../../../contract/roles";

export const STAFF_SCREENS = [
  { to: "/staff", label: "Home", permission: "reports" },
  { to: "/kitchen", label: "Kitchen", permission: "kitchen" },
  { to: "/stations", label: "Stations", permission: "tablesList" },
  { to: "/staff/floor", label: "Floor", permission: "service" },
  { to: "/staff/tabs", label: "Tabs", permission: "service" },
  { to: "/staff/menu", label: "Menu editor", permission: "menu" },
  { to: "/upload_menu", label: "Upload menu", permission: "menu" },
  { to: "/staff/happy-hours", label: "Happy hours", permission: "menu" },
  { to: "/staff/printers", label: "Printers", permission: "menu" },
  { to: "/staff/reports", label: "Reports", permission: "reports" },
  { to: "/staff/day", label: "End of day", permission: "reports" },
  { to: "/staff/accounts", label: "Staff", permission: "staffAccounts" },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

export type StaffScreen = (typeof STAFF_SCREENS)[number];

export const screensFor = (role: StaffRole): StaffScreen[] => STAFF_SCREENS.filter((screen) => roleMay(role, screen.permission));

/** Whether `role` may open the staff screen at `pathname` (true for a path that is not one of them). */
export function mayOpen(role: StaffRole, pathname: string): boolean {
  const screen = STAFF_SCREENS.find((s) => s.to === pathname.replace(/(.)\/+$/, "$1"));
  return !screen || roleMay(role, screen.permission);
}

/**
 * Where a role's work is, and where it lands after signing in: the kitchen on its board, the floor on
 * its floor plan, owners and managers on the staff home (today's numbers and what needs them now).
 */
const HOMES: Record<StaffRole, StaffScreen["to"]> = {
  owner: "/staff",
  manager: "/staff",
  kitchen: "/kitchen",
  floor: "/staff/floor",
};

export const homeFor = (role: StaffRole): string => HOMES[role];
