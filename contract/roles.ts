/**
 * Staff roles and what each may do (API.md "Running the restaurant", the permissions table). Every
 * staff endpoint names one permission in api-routes.ts; the server refuses the others with 403
 * `forbidden` before the handler runs (api/lib/endpoint.ts), and the web app offers a role only the
 * screens and actions its permissions allow. Zod-free, so the web app uses it at runtime.
 */
export const STAFF_ROLES = ["owner", "manager", "kitchen", "floor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** One permission per row of the contract's table, plus the two every signed-in account has. */
export const PERMISSIONS = {
  /** Who one is, sign-out, taking over a shared tablet with a PIN. */
  signedIn: ["owner", "manager", "kitchen", "floor"],
  /** `/api/staff…`: a manager manages kitchen and floor accounts of their branches only (checked by the staff module). */
  staffAccounts: ["owner", "manager"],
  /** Menu edit, CSV import and export, photos, happy hours, printers. */
  menu: ["owner", "manager"],
  /** Sold out / stock, and the kitchen board: orders, advance, bump, seen, reprint, board presence. */
  kitchen: ["owner", "manager", "kitchen", "floor"],
  /** The tables' list (floor reads it to find a table's tab). */
  tablesList: ["owner", "manager", "floor"],
  /** Tables (stations) create, rename, delete, QR sheet. */
  tables: ["owner", "manager"],
  /** Calls and tabs: read, answer, close; the check: adjust (a floor account's wait for a manager's PIN), split, pay. */
  service: ["owner", "manager", "floor"],
  /** Money given back on a paid check. */
  refunds: ["owner", "manager"],
  /**
   * The open table calls, read: every staff screen shows them, the kitchen board too, so a call is seen
   * when only the kitchen's tablet is on (docs/decisions/0031). Answering one is `service`'s.
   */
  calls: ["owner", "manager", "kitchen", "floor"],
  /** Reports, the orders CSV, metrics, the end of day and its cash count. */
  reports: ["owner", "manager"],
  /** The audit log of staff, menu and price changes. */
  auditLog: ["owner"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function roleMay(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** An owner works at every branch; the others at the branches their account lists. */
export function worksAt(account: { role: StaffRole; branch_ids: readonly number[] }, branchId: number): boolean {
  return account.role === "owner" || account.branch_ids.includes(branchId);
}

/** The roles an account of `role` may create, change and deactivate (none for kitchen and floor). */
export function manageableRoles(role: StaffRole): readonly StaffRole[] {
  if (role === "owner") return STAFF_ROLES;
  if (role === "manager") return ["kitchen", "floor"];
  return [];
}

/** A take-over PIN: 4–8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
