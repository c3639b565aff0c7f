/**
 * The one time-zone engine: calendar days, weekdays and clock hours as a branch lives them, whatever
 * zone the server or the browser runs in. Every rule that depends on the local date or hour reads it:
 * a daily special's weekday, happy hour (happy-hour.ts), a report's days and hours, a ticket's time.
 * Each takes the branch's `time_zone` (branches.time_zone); left out, it is the restaurant's own,
 * America/Toronto, where both branches are. A report's "Sunday" starts at that zone's midnight, which
 * in Toronto is 04:00 or 05:00 UTC depending on daylight saving time, and a DST day has 23 or 25
 * hours. Built on Intl's time-zone data, so the rules stay those of the platform's (updated) zone
 * database. Pure and zod-free: the diner's bundle imports it.
 */
import { RESTAURANT_TIME_ZONE } from "./menu";

/** "2026-11-23". */
export type IsoDay = string;

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday of the local date: 1 = Monday … 7 = Sunday. */
  weekday: number;
}

interface ZoneReader {
  format: Intl.DateTimeFormat;
  /** The last second read and its wall clock: an order, its cart and its happy hour read the same second. */
  lastSecond: number;
  last: WallClock | null;
}

const readers = new Map<string, ZoneReader>();

function readerFor(timeZone: string): ZoneReader {
  let reader = readers.get(timeZone);
  if (!reader) {
    const format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    reader = { format, lastSecond: Number.NaN, last: null };
    readers.set(timeZone, reader);
  }
  return reader;
}

/** Whether the platform knows `timeZone` (an IANA name such as "America/Vancouver"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    readerFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export const isoWeekdayOfDate = (year: number, month: number, day: number) =>
  ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;

/** The wall clock of `timeZone` at `instant`. */
export function wallClock(instant: Date | number, timeZone: string = RESTAURANT_TIME_ZONE): WallClock {
  const at = typeof instant === "number" ? instant : instant.getTime();
  const reader = readerFor(timeZone);
  const second = Math.floor(at / 1000);
  if (reader.last && reader.lastSecond === second) return reader.last;
  const parts: Record<string, number> = {};
  for (const part of reader.format.formatToParts(at)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const { year, month, day } = parts as { year: number; month: number; day: number };
  const wall: WallClock = Object.freeze({
    year,
    month,
    day,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
    weekday: isoWeekdayOfDate(year, month, day),
  });
  reader.lastSecond = second;
  reader.last = wall;
  return wall;
}

/** The restaurant's (or the zone's) wall clock at `instant`. */
export const restaurantClock = wallClock;

/**
 * The ISO weekday (Monday = 1 … Sunday = 7) that a moment falls on in the branch's time zone: a
 * special is orderable on its day there, whatever the phone's or the server's clock zone.
 */
export function isoWeekday(instant: Date | number, timeZone: string = RESTAURANT_TIME_ZONE): number {
  return wallClock(instant, timeZone).weekday;
}

/** Seconds since local midnight on `wall`'s date. */
export const secondOfDay = (wall: WallClock) => wall.hour * 3600 + wall.minute * 60 + wall.second;

/** How far the zone's clock is ahead of UTC at `instant`, in ms (negative: Toronto is behind). */
function offsetAt(timeZone: string, instant: number): number {
  const wall = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the zone's clock shows `minutes` after midnight of the given local date. The offset is
 * read near the answer, then at it, so a time on the other side of a DST change from its UTC date is
 * exact (Toronto changes its clocks at 02:00, so midnight always exists exactly once).
 */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, minutes = 0): number {
  const wallAsUtc = Date.UTC(year, month - 1, day) + minutes * 60_000;
  const guess = wallAsUtc - offsetAt(timeZone, wallAsUtc);
  return wallAsUtc - offsetAt(timeZone, guess);
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

/** The day it is (or was) in the zone at `instant`. */
export function restaurantDay(instant: Date | number = Date.now(), timeZone: string = RESTAURANT_TIME_ZONE): IsoDay {
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The day `days` after (or before) `day`. */
export function addDays(day: IsoDay, days: number): IsoDay {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The instant the zone's `day` begins (its local midnight). */
export function startOfRestaurantDay(day: IsoDay, timeZone: string = RESTAURANT_TIME_ZONE): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(zonedInstant(timeZone, year, month, date));
}

/** From the start of `from` to the start of the day after `to`: both days whole, in the zone's time. */
export function restaurantDayRange(from: IsoDay, to: IsoDay, timeZone: string = RESTAURANT_TIME_ZONE): { start: Date; end: Date } {
  return { start: startOfRestaurantDay(from, timeZone), end: startOfRestaurantDay(addDays(to, 1), timeZone) };
}

/** "2026-11-23 18:05:09", the zone's local time of `instant` (for people and spreadsheets). */
export function restaurantDateTime(instant: Date | number, timeZone: string = RESTAURANT_TIME_ZONE): string {
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}
