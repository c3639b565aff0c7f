/**
 * "Happy hour: Monday–Friday, 2–6 p.m." from the branch's own windows (GET /api/branches/{id}), in
 * the visitor's language, so the site never disagrees with the prices the phones charge. Nothing while
 * it loads or when the branch has none.
 */
import { useEffect, useState } from "react";
import { minutesOfDay, type HappyHourWindow } from "../../../contract/happy-hour";
import type { Branch } from "../../../contract/schemas";
import { api } from "../../shared/api";
import { formatAndList, formatWeekday } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { LOCALE_TAGS, type Language } from "../../shared/i18n/language";
import { liveMenuMessages } from "./messages";

/** [1,2,3,4,5] → "Monday–Friday"; [6,7] → "Saturday and Sunday"; runs of three days or more as ranges. */
export function describeWeekdays(weekdays: readonly number[], code: Language): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < days.length;) {
    let end = start;
    while (end + 1 < days.length && days[end + 1] === days[end]! + 1) end += 1;
    if (end - start >= 2) parts.push(`${formatWeekday(days[start]!, code)}–${formatWeekday(days[end]!, code)}`);
    else for (let index = start; index <= end; index += 1) parts.push(formatWeekday(days[index]!, code));
    start = end + 1;
  }
  return formatAndList(parts, code);
}

/** "14:00"–"18:00" → "2–6 p.m." (the locale's own range form). */
export function describeHours(window: Pick<HappyHourWindow, "from" | "to">, code: Language): string {
  const at = (time: string) => Date.UTC(2024, 0, 1) + minutesOfDay(time) * 60_000;
  const onTheHour = minutesOfDay(window.from) % 60 === 0 && minutesOfDay(window.to) % 60 === 0;
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[code], { hour: "numeric", ...(!onTheHour && { minute: "2-digit" }), timeZone: "UTC" });
  return format.formatRange(at(window.from), at(window.to));
}

export function HappyHourNote({ branchId }: { branchId: number }) {
  const [branch, setBranch] = useState<Branch | null>(null);
  const code = useLanguage();
  const t = useMessages(liveMenuMessages);
  useEffect(() => {
    let current = true;
    api.branch(branchId).then(
      (found) => current && setBranch(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [branchId]);
  if (!branch || branch.happy_hours.length === 0) return null;
  const when = branch.happy_hours.map((window) => `${describeWeekdays(window.weekdays, code)}, ${describeHours(window, code)}`).join("; ");
  return (
    <p className="happy-hour-note">
      <strong>{t.happyHour}</strong> <span className="nowrap">{when}</span>
    </p>
  );
}
