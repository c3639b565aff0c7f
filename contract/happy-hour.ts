/**
 * Happy hour, the one rule both sides read (docs/decisions/0022-happy-hour.md): a branch's windows are
 * ISO weekdays and wall-clock times in the branch's time zone, `from` inclusive and `to` exclusive
 * ("14:00"–"18:00" covers 14:00:00 up to 17:59:59.999). The server prices an order by it at the moment
 * it accepts the order; the phone shows the prices and the window's end by it. Pure and zod-free (the
 * diner's bundle imports it), built on Intl's time-zone data, so a DST day is handled as the zone
 * database says.
 */

export interface HappyHourWindow {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: number[];
  /** "14:00", inclusive. */
  from: string;
  /** "18:00", exclusive; later than `from` on the same day. */
  to: string;
}

export const HAPPY_HOURS_MAX = 20;
/** "00:00" … "23:59". */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "14:30" → 870 (minutes after midnight). */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  /** ISO weekday of the local date. */
  weekday: number;
  /** Seconds since local midnight. */
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

const isoWeekdayOfDate = (year: number, month: number, day: number) => ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;

function wallClock(timeZone: string, instant: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const { year, month, day } = parts as { year: number; month: number; day: number };
  return {
    year,
    month,
    day,
    weekday: isoWeekdayOfDate(year, month, day),
    second: (parts.hour! % 24) * 3600 + parts.minute! * 60 + parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at `instant`, in ms. */
function offsetAt(timeZone: string, instant: number): number {
  const wall = wallClock(timeZone, instant);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.second * 1000;
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the zone's clock shows `minutes` after midnight of the given local date. The offset is
 * read near the answer, then at it, so a time on the other side of a DST change from midnight is exact.
 */
function zonedInstant(timeZone: string, year: number, month: number, day: number, minutes: number): number {
  const wallAsUtc = Date.UTC(year, month - 1, day) + minutes * 60_000;
  const guess = wallAsUtc - offsetAt(timeZone, wallAsUtc);
  return wallAsUtc - offsetAt(timeZone, guess);
}

/** The window `instant` falls in, if any. */
function windowAt(windows: readonly HappyHourWindow[], wall: WallClock): HappyHourWindow | undefined {
  return windows.find(
    (window) =>
      window.weekdays.includes(wall.weekday) && wall.second >= minutesOfDay(window.from) * 60 && wall.second < minutesOfDay(window.to) * 60,
  );
}

/**
 * When the happy hour `instant` falls in ends, or null outside every window. Windows that touch
 * ("14:00–16:00" and "16:00–18:00") run on as one.
 */
export function happyHourEndsAt(windows: readonly HappyHourWindow[], timeZone: string, instant: Date | number): Date | null {
  let at = typeof instant === "number" ? instant : instant.getTime();
  let end: number | null = null;
  // At most one step per window: each step moves to a later end.
  for (let step = 0; step <= windows.length; step += 1) {
    const wall = wallClock(timeZone, at);
    const window = windowAt(windows, wall);
    if (!window) break;
    end = zonedInstant(timeZone, wall.year, wall.month, wall.day, minutesOfDay(window.to));
    at = end;
  }
  return end === null ? null : new Date(end);
}

/** Whether an order accepted at `instant` is priced at happy-hour prices. */
export function isHappyHour(windows: readonly HappyHourWindow[], timeZone: string, instant: Date | number): boolean {
  return happyHourEndsAt(windows, timeZone, instant) !== null;
}

/** When the next happy hour after `instant` begins (within a week), or null when there is none. */
export function nextHappyHourStart(windows: readonly HappyHourWindow[], timeZone: string, instant: Date | number): Date | null {
  const now = typeof instant === "number" ? instant : instant.getTime();
  const today = wallClock(timeZone, now);
  let next: number | null = null;
  for (let days = 0; days <= 7; days += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const weekday = isoWeekdayOfDate(year, month, day);
    for (const window of windows) {
      if (!window.weekdays.includes(weekday)) continue;
      const start = zonedInstant(timeZone, year, month, day, minutesOfDay(window.from));
      if (start > now && (next === null || start < next)) next = start;
    }
    if (next !== null) break;
  }
  return next === null ? null : new Date(next);
}

/** A product's unit base price in cents at a moment that is (or is not) happy hour. */
export function basePriceCents(product: { priceCents: number; happyHourPriceCents: number | null }, happyHour: boolean): number {
  return happyHour && product.happyHourPriceCents !== null ? product.happyHourPriceCents : product.priceCents;
}
