/**
 * Calendar days and clock hours as the restaurant lives them (America/Toronto), whatever zone the
 * server or the browser runs in. A report's "Sunday" starts at the restaurant's midnight, which is
 * 04:00 or 05:00 UTC depending on daylight saving time, and a DST day has 23 or 25 hours. Built on
 * Intl's time-zone data, so the rules stay those of the platform's (updated) zone database.
 */
import { RESTAURANT_TIME_ZONE } from "./menu";

/** "2026-11-23". */
export type IsoDay = string;

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock formatter of a time zone (made once per zone). */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The restaurant's wall clock at `instant` (a branch's own time zone, Toronto unless said). */
export function restaurantClock(instant: Date | number, timeZone: string = RESTAURANT_TIME_ZONE): WallClock {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(instant)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** How far the restaurant's clock is ahead of UTC at `instant`, in ms (negative: Toronto is behind). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = restaurantClock(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` names a day of the calendar between 1970 and 2999 ("2026-02-30" does not). */
export function isIsoDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match || Number(match[1]) < 1970 || Number(match[1]) > 2999) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The day it is (or was) at the restaurant at `instant`. */
export function restaurantDay(instant: Date | number = Date.now(), timeZone: string = RESTAURANT_TIME_ZONE): IsoDay {
  const wall = restaurantClock(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The day `days` after (or before) `day`. */
export function addDays(day: IsoDay, days: number): IsoDay {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The instant the restaurant's `day` begins. The offset is read twice: first near the answer, then at
 * it, so a day that starts on the other side of a DST change from its UTC date still starts at local
 * midnight (Toronto changes its clocks at 02:00, so midnight always exists exactly once).
 */
export function startOfRestaurantDay(day: IsoDay, timeZone: string = RESTAURANT_TIME_ZONE): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, date);
  const guess = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  return new Date(wallAsUtc - offsetAt(guess, timeZone));
}

/** From the start of `from` to the start of the day after `to`: both days whole, in the restaurant's (or `timeZone`'s) time. */
export function restaurantDayRange(from: IsoDay, to: IsoDay, timeZone: string = RESTAURANT_TIME_ZONE): { start: Date; end: Date } {
  return { start: startOfRestaurantDay(from, timeZone), end: startOfRestaurantDay(addDays(to, 1), timeZone) };
}

/** "2026-11-23 18:05:09", the restaurant's local time of `instant` (for people and spreadsheets). */
export function restaurantDateTime(instant: Date | number, timeZone: string = RESTAURANT_TIME_ZONE): string {
  const wall = restaurantClock(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}
