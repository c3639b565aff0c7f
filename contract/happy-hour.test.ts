import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertySettings } from "../tests/support/fast-check-settings";
import { basePriceCents, happyHourEndsAt, isHappyHour, nextHappyHourStart, type HappyHourWindow } from "./happy-hour";
import { RESTAURANT_TIME_ZONE } from "./menu";
import { isoWeekday } from "./restaurant-time";
import { restaurantClock } from "./restaurant-time";

const TORONTO = RESTAURANT_TIME_ZONE;
const WEEKDAYS_2_TO_6: HappyHourWindow[] = [{ weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" }];
const at = (iso: string) => new Date(iso);
const endAt = (windows: HappyHourWindow[], iso: string) => happyHourEndsAt(windows, TORONTO, at(iso))?.toISOString() ?? null;

describe("happy hour (Monday–Friday 14:00–18:00 in Toronto)", () => {
  // Tuesday 24 November 2026: Toronto is on EST, UTC-5.
  it("begins at 14:00:00 and ends at 18:00:00 exactly, on both sides of each edge", () => {
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-24T18:59:59.999Z"))).toBe(false); // 13:59:59.999
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-24T19:00:00Z"))).toBe(true); // 14:00
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-24T22:59:59Z"))).toBe(true); // 17:59:59
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-24T23:00:00Z"))).toBe(false); // 18:00
  });

  it("says when the window ends, from anywhere inside it", () => {
    expect(endAt(WEEKDAYS_2_TO_6, "2026-11-24T19:00:00Z")).toBe("2026-11-24T23:00:00.000Z");
    expect(endAt(WEEKDAYS_2_TO_6, "2026-11-24T20:00:00Z")).toBe("2026-11-24T23:00:00.000Z");
    expect(endAt(WEEKDAYS_2_TO_6, "2026-11-24T22:59:59Z")).toBe("2026-11-24T23:00:00.000Z");
    expect(endAt(WEEKDAYS_2_TO_6, "2026-11-24T23:00:00Z")).toBeNull();
  });

  it("has none on a Saturday or a Sunday at 15:00", () => {
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-28T20:00:00Z"))).toBe(false); // Saturday
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-29T20:00:00Z"))).toBe(false); // Sunday
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-27T20:00:00Z"))).toBe(true); // Friday
  });

  it("reads the weekday in Toronto, not in UTC: Friday 19:30 Toronto is Saturday in UTC", () => {
    const evening: HappyHourWindow[] = [{ weekdays: [5], from: "19:00", to: "23:00" }];
    expect(isHappyHour(evening, TORONTO, at("2026-11-28T00:30:00Z"))).toBe(true);
    expect(isHappyHour(evening, "UTC", at("2026-11-28T00:30:00Z"))).toBe(false);
  });

  it("keeps to the wall clock across the autumn change (1 November 2026, UTC-4 → UTC-5)", () => {
    // Friday 30 October, still EDT: 14:00 is 18:00 UTC.
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-10-30T17:59:59Z"))).toBe(false);
    expect(endAt(WEEKDAYS_2_TO_6, "2026-10-30T18:00:00Z")).toBe("2026-10-30T22:00:00.000Z");
    // Sunday 1 November itself, after the change (EST): a Sunday window 14:00–18:00 is 19:00–23:00 UTC.
    const sunday: HappyHourWindow[] = [{ weekdays: [7], from: "14:00", to: "18:00" }];
    expect(isHappyHour(sunday, TORONTO, at("2026-11-01T18:59:59Z"))).toBe(false);
    expect(endAt(sunday, "2026-11-01T19:00:00Z")).toBe("2026-11-01T23:00:00.000Z");
    expect(isHappyHour(sunday, TORONTO, at("2026-11-01T23:00:00Z"))).toBe(false);
    // Monday 2 November: 14:00 is 19:00 UTC now, no longer 18:00.
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-02T18:30:00Z"))).toBe(false);
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-02T19:00:00Z"))).toBe(true);
    expect(endAt(WEEKDAYS_2_TO_6, "2026-11-02T22:59:59Z")).toBe("2026-11-02T23:00:00.000Z");
    expect(isHappyHour(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-02T23:00:00Z"))).toBe(false);
  });

  it("ends a window that spans the change itself at its wall-clock end (01:00–03:00 lasts three hours that night)", () => {
    const night: HappyHourWindow[] = [{ weekdays: [7], from: "01:00", to: "03:00" }];
    expect(endAt(night, "2026-11-01T05:00:00Z")).toBe("2026-11-01T08:00:00.000Z"); // 01:00 EDT
    expect(endAt(night, "2026-11-01T06:30:00Z")).toBe("2026-11-01T08:00:00.000Z"); // 01:30 EST, the second time
    expect(isHappyHour(night, TORONTO, at("2026-11-01T08:00:00Z"))).toBe(false);
  });

  it("runs windows that touch on as one", () => {
    const split: HappyHourWindow[] = [
      { weekdays: [2], from: "16:00", to: "18:00" },
      { weekdays: [2], from: "14:00", to: "16:00" },
    ];
    expect(endAt(split, "2026-11-24T19:30:00Z")).toBe("2026-11-24T23:00:00.000Z");
  });

  it("finds the next window's start: later today, after a weekend, or none", () => {
    expect(nextHappyHourStart(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-24T15:00:00Z"))?.toISOString()).toBe("2026-11-24T19:00:00.000Z");
    expect(nextHappyHourStart(WEEKDAYS_2_TO_6, TORONTO, at("2026-11-27T23:00:00Z"))?.toISOString()).toBe("2026-11-30T19:00:00.000Z");
    // Friday 30 October (EDT) to Monday 2 November (EST).
    expect(nextHappyHourStart(WEEKDAYS_2_TO_6, TORONTO, at("2026-10-30T22:00:00Z"))?.toISOString()).toBe("2026-11-02T19:00:00.000Z");
    expect(nextHappyHourStart([], TORONTO, at("2026-11-24T15:00:00Z"))).toBeNull();
  });

  it("prices a product at its happy-hour price only inside a window, and only when it has one", () => {
    expect(basePriceCents({ priceCents: 449, happyHourPriceCents: 350 }, true)).toBe(350);
    expect(basePriceCents({ priceCents: 449, happyHourPriceCents: 350 }, false)).toBe(449);
    expect(basePriceCents({ priceCents: 449, happyHourPriceCents: null }, true)).toBe(449);
  });
});

const time = fc.integer({ min: 0, max: 23 * 60 + 58 }).map((minutes) => minutes);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const windowArb: fc.Arbitrary<HappyHourWindow> = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), time, fc.integer({ min: 1, max: 12 * 60 }))
  .map(([weekdays, from, length]) => ({ weekdays, from: hhmm(from), to: hhmm(Math.min(from + length, 23 * 60 + 59)) }));
// 2026 to 2028, DST changes included.
const instantArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) });

describe("happy hour, for any windows and any moment", () => {
  it("is happy hour exactly when Toronto's weekday and wall clock fall inside a window", () => {
    fc.assert(
      fc.property(fc.array(windowArb, { maxLength: 4 }), instantArb, (windows, instant) => {
        const wall = restaurantClock(instant);
        const minutes = wall.hour * 60 + wall.minute;
        const weekday = isoWeekday(new Date(instant));
        const expected = windows.some((w) => {
          const [fh, fm] = w.from.split(":").map(Number) as [number, number];
          const [th, tm] = w.to.split(":").map(Number) as [number, number];
          return w.weekdays.includes(weekday) && minutes >= fh * 60 + fm && minutes < th * 60 + tm;
        });
        expect(isHappyHour(windows, TORONTO, instant)).toBe(expected);
      }),
      propertySettings(300),
    );
  });

  it("ends after the moment, the last millisecond before the end is inside, and the end is not", () => {
    fc.assert(
      fc.property(fc.array(windowArb, { minLength: 1, maxLength: 4 }), instantArb, (windows, instant) => {
        const end = happyHourEndsAt(windows, TORONTO, instant);
        if (end === null) return;
        expect(end.getTime()).toBeGreaterThan(instant);
        expect(isHappyHour(windows, TORONTO, end.getTime() - 1)).toBe(true);
        expect(isHappyHour(windows, TORONTO, end)).toBe(false);
      }),
      propertySettings(300),
    );
  });

  it("starts the next window after the moment, at a moment that is happy hour, with none in between", () => {
    fc.assert(
      fc.property(fc.array(windowArb, { minLength: 1, maxLength: 4 }), instantArb, (windows, instant) => {
        const next = nextHappyHourStart(windows, TORONTO, instant);
        expect(next).not.toBeNull();
        expect(next!.getTime()).toBeGreaterThan(instant);
        expect(isHappyHour(windows, TORONTO, next!)).toBe(true);
        if (!isHappyHour(windows, TORONTO, instant)) {
          // Sampled: no window begins between now and the start found.
          for (let probe = instant; probe < next!.getTime(); probe += 15 * 60_000) expect(isHappyHour(windows, TORONTO, probe)).toBe(false);
        }
      }),
      propertySettings(100),
    );
  });
});
