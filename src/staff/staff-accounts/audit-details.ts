/**
 * An audit entry's details as a line a person reads: "role: kitchen → floor · branch ids: 1 → 1, 2",
 * and a branch's happy-hour windows as the public menu says them. The server writes details in the
 * wire's words, a changed field as `{ from, to }` (api/audit/audit-service.ts); what this does not
 * recognise still shows, as it is.
 */
import type { HappyHourWindow } from "../../../contract/happy-hour";
import { describeHappyHours } from "../../shared/i18n/happy-hours-text";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) && Object.keys(value).length === 2 && "from" in value && "to" in value;

const isWindowList = (value: unknown): value is HappyHourWindow[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && Array.isArray(item.weekdays));

function describeValue(value: unknown): string {
  if (isChange(value)) return `${describeValue(value.from)} → ${describeValue(value.to)}`;
  if (isWindowList(value)) return describeHappyHours(value, "en");
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(describeValue).join(", ");
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

export function describeAuditDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key.replaceAll("_", " ")}: ${describeValue(value)}`)
    .join(" · ");
}
