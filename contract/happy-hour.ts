/**
 * Happy hour, the one rule both sides read (docs/decisions/0022-happy-hour.md): a branch's windows are
 * ISO weekdays and wall-clock times in the branch's time zone, `from` inclusive and `to` exclusive
 * ("14:00"–"18:00" covers 14:00:00 up to 17:59:59.999). The server prices an order by it at the moment
 * it accepts the order; the phone shows the prices and the window's end by it. Pure and zod-free (the
 * diner's bundle imports it); its days and clock times are the one time-zone engine's
 * (restaurant-time.ts), so a DST day is handled as the zone database says.
 */
import { isoWeekdayOfDate, secondOfDay, wallClock, zonedInstant, type WallClock } from "./restaurant-time";

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

/** The window `instant` falls in, if any. */
function windowAt(windows: readonly HappyHourWindow[], wall: WallClock): HappyHourWindow | undefined {
  return windows.find(
    (window) =>
      window.weekdays.includes(wall.weekday) &&
      secondOfDay(wall) >= minutesOfDay(window.from) * 60 &&
      secondOfDay(wall) < minutesOfDay(window.to) * 60,
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
    const wall = wallClock(at, timeZone);
    const window = windowAt(windows, wall);
    if (!window) break;
    end = zonedInstant(timeZone, wall.year, wall.month, wall.day, minutesOfDay(window.to));
    at = end;
  }
  return end === null ? null : new Date(end);
}

/** Whether an order accepted at `instant` is priced at happy-hour prices. */
export function isHappyHour(windows: readonly HappyHourWindow[], timeZone: string, instant: Date | number): boolean {
  // The wall clock alone decides (where it ends is not needed): the clock's reading of this second is
  // kept, so every order of one second formats the time once (working out the end formats two more).
  return windows.length > 0 && windowAt(windows, wallClock(instant, timeZone)) !== undefined;
}

/** When the next happy hour after `instant` begins (within a week), or null when there is none. */
export function nextHappyHourStart(windows: readonly HappyHourWindow[], timeZone: string, instant: Date | number): Date | null {
  const now = typeof instant === "number" ? instant : instant.getTime();
  const today = wallClock(now, timeZone);
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
