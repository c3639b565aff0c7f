import { describe, expect, it } from "vitest";
import {
  addDays,
  isIsoDay,
  isoWeekday,
  restaurantClock,
  restaurantDateTime,
  restaurantDay,
  restaurantDayRange,
  startOfRestaurantDay,
} from "./restaurant-time";

const HOUR = 3_600_000;

describe("restaurant time (America/Toronto)", () => {
  it("starts a winter day at 05:00 UTC and a summer day at 04:00 UTC", () => {
    expect(startOfRestaurantDay("2026-01-15").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfRestaurantDay("2026-07-01").toISOString()).toBe("2026-07-01T04:00:00.000Z");
  });

  it("gives the spring-forward day 23 hours and the fall-back day 25", () => {
    const spring = restaurantDayRange("2026-03-08", "2026-03-08");
    expect(spring.start.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);

    const fall = restaurantDayRange("2026-11-01", "2026-11-01");
    expect(fall.start.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(fall.end.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
  });

  it("reads an instant's local day, hour and time, across midnight and DST", () => {
    // 03:30 UTC on the 2nd is still the evening of the 1st in Toronto.
    expect(restaurantDay(new Date("2026-01-02T03:30:00Z"))).toBe("2026-01-01");
    expect(restaurantDay(new Date("2026-01-02T05:30:00Z"))).toBe("2026-01-02");
    // The fall-back night passes 01:00–02:00 twice: once in EDT, once in EST.
    expect(restaurantClock(new Date("2026-11-01T05:30:00Z")).hour).toBe(1);
    expect(restaurantClock(new Date("2026-11-01T06:30:00Z")).hour).toBe(1);
    // The spring-forward night skips 02:00.
    expect(restaurantClock(new Date("2026-03-08T06:59:00Z")).hour).toBe(1);
    expect(restaurantClock(new Date("2026-03-08T07:00:00Z")).hour).toBe(3);
    expect(restaurantClock(new Date("2026-01-01T05:00:00Z")).hour).toBe(0);
    expect(restaurantDateTime(new Date("2026-07-04T23:05:09Z"))).toBe("2026-07-04 19:05:09");
  });

  it("knows calendar days and counts them across month and year ends", () => {
    expect(isIsoDay("2026-02-28")).toBe(true);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("2026-13-01")).toBe(false);
    expect(isIsoDay("26-01-01")).toBe(false);
    expect(isIsoDay("0001-01-01")).toBe(false);
    expect(isIsoDay("9999-12-31")).toBe(false);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("a branch's own time zone", () => {
  it("reads the weekday where the branch is: 01:30 Wednesday in Toronto is 22:30 Tuesday in Vancouver", () => {
    const instant = new Date("2026-12-02T06:30:00Z");
    expect(isoWeekday(instant)).toBe(3);
    expect(isoWeekday(instant, "America/Toronto")).toBe(3);
    expect(isoWeekday(instant, "America/Vancouver")).toBe(2);
    expect(restaurantDay(instant, "America/Vancouver")).toBe("2026-12-01");
    expect(restaurantDateTime(instant, "America/Vancouver")).toBe("2026-12-01 22:30:00");
  });

  it("starts a report's day at the branch's midnight, DST included", () => {
    expect(restaurantDayRange("2026-01-15", "2026-01-15", "America/Vancouver").start.toISOString()).toBe("2026-01-15T08:00:00.000Z");
    const fall = restaurantDayRange("2026-11-01", "2026-11-01", "America/Vancouver");
    expect(fall.start.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
    // A zone half an hour off the hour.
    expect(startOfRestaurantDay("2026-06-01", "Asia/Kolkata").toISOString()).toBe("2026-05-31T18:30:00.000Z");
  });

  it("answers the same for the same second read again (its memo) and a different one after", () => {
    const first = restaurantClock(Date.parse("2026-07-04T23:05:09.100Z"));
    expect(restaurantClock(Date.parse("2026-07-04T23:05:09.900Z"))).toEqual(first);
    expect(restaurantClock(Date.parse("2026-07-04T23:05:10.000Z")).second).toBe(10);
    expect(restaurantClock(Date.parse("2026-07-04T23:05:09.900Z"), "UTC").hour).toBe(23);
  });
});
