/**
 * A PostgreSQL `timestamp with time zone` column whose JavaScript value is the same ISO-8601 UTC
 * string the SQLite schema stores ("2026-11-23T10:14:03.123Z"), so a repository reads and writes
 * times identically on both databases.
 *
 * Precision is milliseconds (`timestamp(3)`), the precision of a JavaScript Date: what the database
 * holds is exactly what the application sees, so a value read back compares equal to itself in SQL.
 */
import { customType } from "drizzle-orm/pg-core";

// PostgreSQL's ISO output (DateStyle ISO, the default): "2026-11-23 10:14:03.123+00", offset as
// +HH, +HH:MM or +HH:MM:SS depending on the session time zone. "T" and "Z" accepted for safety.
const PG_TIMESTAMPTZ = /^(\d{4,})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)$/;

/** PostgreSQL's text form of a timestamptz → the ISO-8601 UTC string `Date.toISOString()` gives. */
export function timestamptzToIso(value: string | Date): string {
  // Drizzle's node-postgres driver hands over PostgreSQL's text; a driver that parses dates itself
  // (pg's default type parser) gives a Date. Either way the result is the same string.
  if (value instanceof Date) return value.toISOString();
  const match = PG_TIMESTAMPTZ.exec(value);
  if (!match) {
    throw new Error(`Unexpected timestamp from PostgreSQL: "${value}" (infinite and BC values are not used; DateStyle must be ISO)`);
  }
  const [, year, month, day, hour, minute, second, fraction = "", zone, sign, offsetHours = "0", offsetMinutes = "0", offsetSeconds = "0"] =
    match;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.padEnd(3, "0").slice(0, 3)));
  const offsetMs =
    zone === "Z"
      ? 0
      : (sign === "-" ? -1 : 1) * (Number(offsetHours) * 3_600_000 + Number(offsetMinutes) * 60_000 + Number(offsetSeconds) * 1000);
  return new Date(date.getTime() - offsetMs).toISOString();
}

/** `timestamp(3) with time zone`, read and written as an ISO-8601 UTC string. */
export const isoTimestamp = customType<{ data: string; driverData: string }>({
  dataType: () => "timestamp (3) with time zone",
  // An ISO-8601 string with "Z" is read by PostgreSQL as that exact instant, whatever the session's zone.
  toDriver: (value) => value,
  fromDriver: (value) => timestamptzToIso(value),
});
