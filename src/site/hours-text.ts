/** Opening hours in the reader's language: "Monday–Saturday" and "11:30 a.m. – 2 a.m.". */
import { minutesOfDay } from "../../contract/happy-hour";
import { describeWeekdays } from "../shared/i18n/happy-hours-text";
import { LOCALE_TAGS, type Language } from "../shared/i18n/language";
import type { OpeningHours } from "./site-config";

/** "2 a.m.", "11:30 a.m."; Chinese on the 24-hour clock as it is written there ("02:00", "11:30"). */
function timeOfDay(time: string, code: Language): string {
  const minutes = minutesOfDay(time);
  const options: Intl.DateTimeFormatOptions =
    code === "zh"
      ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
      : { hour: "numeric", ...(minutes % 60 !== 0 && { minute: "2-digit" }) };
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[code], { ...options, timeZone: "UTC" });
  return format.format(Date.UTC(2024, 0, 1) + minutes * 60_000);
}

export function describeDays(hours: OpeningHours, code: Language): string {
  return describeWeekdays(hours.weekdays, code);
}

/** Closing after midnight reads as it is said ("11:30 a.m. – 2 a.m."), not as a range backwards in time. */
export function describeTimes(hours: OpeningHours, code: Language): string {
  return `${timeOfDay(hours.opens, code)} – ${timeOfDay(hours.closes, code)}`;
}
