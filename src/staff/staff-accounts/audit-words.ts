/**
 * The audit log in words (issue 32, item 6): "Ana Reyes (owner) added Sam Lee as kitchen staff at
 * Thornhill", "Price of Sisig changed from 12.99 to 13.49 (Ana Reyes, owner)". The server writes each
 * entry in the wire's words (api/audit/audit-service.ts: an action, a target such as `staff:3`, and
 * details with a changed field as `{ from, to }`); this says them for people, and what it does not
 * know still shows, as it is.
 */
import { branchName } from "../../../contract/menu";
import type { StaffRole } from "../../../contract/roles";
import type { AuditEntry } from "../../../contract/schemas";
import { formatAndList } from "../../shared/i18n/format";
import { describeAuditDetails } from "./audit-details";

/** Who someone is, as the accounts list says: looked up by the entry's actor and target ids. */
export interface Person {
  name: string;
  email: string;
  role: StaffRole;
}

export type AuditKind = "staff" | "menu" | "happy_hours" | "printers" | "other";

export const AUDIT_KINDS: Record<AuditKind, string> = {
  staff: "Staff accounts",
  menu: "Menu and prices",
  happy_hours: "Happy hours",
  printers: "Printers",
  other: "Other",
};

export function auditKind(entry: Pick<AuditEntry, "action">): AuditKind {
  const [subject] = entry.action.split(".");
  if (subject === "staff") return "staff";
  if (subject === "product" || subject === "menu") return "menu";
  if (subject === "happy_hours") return "happy_hours";
  if (subject === "printer") return "printers";
  return "other";
}

const ROLE_AS: Record<StaffRole, string> = { owner: "an owner", manager: "a manager", kitchen: "kitchen staff", floor: "floor staff" };
const FIELD_WORDS: Record<string, string> = {
  price: "Price",
  happy_hour_price: "Happy-hour price",
  description: "Description",
  category: "Category",
  available: "On the menu",
  stock: "Stock",
  prep_station: "Prep station",
  weekday: "Weekday special",
  name: "Name",
  role: "Role",
  branch_ids: "Branches",
  host: "Address",
  port: "Port",
  receipts: "Prints the bills",
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) && Object.keys(value).length === 2 && "from" in value && "to" in value;
const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (field === "branch_ids" && Array.isArray(value)) return value.length ? formatAndList(value.map(Number).map(branchName), "en") : "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return describeAuditDetails({ value }).replace(/^value: /, "");
}

/** "Price of Sisig changed from 12.99 to 13.49", one per changed field. */
function changes(details: Record<string, unknown>, subject: string): string[] {
  return Object.entries(details)
    .filter(([, value]) => isChange(value))
    .map(([field, value]) => {
      const { from, to } = value as { from: unknown; to: unknown };
      const label = FIELD_WORDS[field] ?? field.replaceAll("_", " ");
      return `${label} of ${subject} changed from ${valueWords(field, from)} to ${valueWords(field, to)}`;
    });
}

/**
 * The entry as a sentence. `people` finds an account by id (the actor's, or a staff target's); the
 * entry's e-mail stands in for one it does not know.
 */
export function auditSentence(entry: AuditEntry, people: (id: number) => Person | undefined): string {
  const actorPerson = entry.actor_id === null ? undefined : people(entry.actor_id);
  const actor = actorPerson ? `${actorPerson.name || actorPerson.email} (${actorPerson.role})` : (entry.actor_email ?? "The system");
  const by = actorPerson ? `${actorPerson.name || actorPerson.email}, ${actorPerson.role}` : (entry.actor_email ?? "the system");
  const details = entry.details;
  const [subject, id] = entry.target.split(":");
  const branch = entry.branch_id === null ? "" : ` at ${branchName(entry.branch_id)}`;
  const target = subject === "staff" ? people(Number(id)) : undefined;
  const staffName = target?.name || target?.email || text(details.name) || text(details.email) || `account ${id}`;
  const productName = isChange(details.name) ? text(details.name.to) : text(details.name) || `dish ${id}`;
  const printerName = isChange(details.name) ? text(details.name.to) : text(details.name) || `printer ${id}`;

  switch (entry.action) {
    case "staff.created": {
      const role = ROLE_AS[details.role as StaffRole] ?? "staff";
      const branches =
        Array.isArray(details.branch_ids) && details.role !== "owner" ? ` at ${valueWords("branch_ids", details.branch_ids)}` : "";
      return `${actor} added ${text(details.name) || text(details.email)} as ${role}${branches}`;
    }
    case "staff.updated": {
      const said = changes(details, staffName);
      return said.length ? `${said.join("; ")} (${by})` : `${actor} changed ${staffName}'s account`;
    }
    case "staff.password_reset":
      return `${actor} reset the password of ${staffName}`;
    case "staff.deactivated":
      return `${actor} deactivated ${staffName}, who was signed out everywhere`;
    case "staff.reactivated":
      return `${actor} reactivated ${staffName}`;
    case "staff.pin_set":
      return `${actor} set a PIN for ${staffName}`;
    case "staff.pin_removed":
      return `${actor} removed the PIN of ${staffName}`;
    case "product.created":
      return `${actor} added ${productName} to the menu${branch}`;
    case "product.deleted":
      return `${actor} removed ${productName} from the menu${branch}`;
    case "product.photo_set":
      return `${actor} set a new photo of ${productName}`;
    case "product.photo_removed":
      return `${actor} removed the photo of ${productName}`;
    case "product.updated": {
      if (typeof details.stock === "number") return `${actor} set the stock of ${productName} to ${details.stock}`;
      if (details.stock === null && !("fields" in details)) return `${actor} stopped counting the stock of ${productName}`;
      if (typeof details.available === "boolean")
        return details.available ? `${actor} put ${productName} back on the menu` : `${actor} marked ${productName} sold out`;
      const said = changes(details, productName);
      return said.length ? `${said.join("; ")} (${by})` : `${actor} edited ${productName}`;
    }
    case "menu.reordered":
      return `${actor} reordered the menu${branch}`;
    case "menu.imported":
      return `${actor} replaced the menu${branch} from a CSV file${Object.keys(details).length ? ` (${describeAuditDetails(details)})` : ""}`;
    case "happy_hours.changed": {
      const change = details.happy_hours;
      return isChange(change)
        ? `${actor} changed the happy hours${branch} from ${valueWords("happy_hours", change.from)} to ${valueWords("happy_hours", change.to)}`
        : `${actor} changed the happy hours${branch}`;
    }
    case "printer.created":
      return `${actor} added the printer “${printerName}”${branch} (${text(details.host)}:${text(details.port)}, ${text(details.prep_station)})`;
    case "printer.updated": {
      const said = changes(details, `the printer “${printerName}”`);
      return said.length ? `${said.join("; ")} (${by})` : `${actor} changed the printer “${printerName}”`;
    }
    case "printer.deleted":
      return `${actor} removed the printer “${printerName}”${branch}`;
    default: {
      const rest = describeAuditDetails(details);
      return `${actor}: ${entry.action} ${entry.target}${rest ? ` — ${rest}` : ""}`;
    }
  }
}
