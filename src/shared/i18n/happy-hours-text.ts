/**
 * A branch's happy hours in words, "Monday–Friday, 2–6 p.m.", in the reader's language: the public
 * menu pages say when happy hour is, and the Staff screen's audit log what its windows were and became.
 */
import { minutesOfDay, type HappyHourWindow } from "../../../contract/happy-hour";
import { formatAndList, formatWeekday } from "./format";
import { LOCALE_TAGS, type Language } from "./language";

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

/** "Monday–Friday, 2–6 p.m.; Sunday, 12–3 p.m." */
export function describeHappyHours(windows: readonly HappyHourWindow[], code: Language): string {
  return windows.map((window) => `${describeWeekdays(window.weekdays, code)}, ${describeHours(window, code)}`).join("; ");
}
