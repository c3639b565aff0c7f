import { describe, expect, it } from "vitest";
import { HAPPY_HOURS_MAX } from "../../../contract/happy-hour";
import { happyHoursSchema } from "../../../contract/schemas";
import { checkWindows, NEW_WINDOW, toWindows } from "./happy-hours-rules";

describe("checkWindows", () => {
  it("accepts what the contract accepts", () => {
    const windows = [NEW_WINDOW, { weekdays: [7, 6], from: "12:00", to: "15:30" }];
    expect(checkWindows(windows)).toEqual({});
    expect(happyHoursSchema.safeParse(toWindows(windows)).success).toBe(true);
    expect(toWindows(windows)[1]!.weekdays).toEqual([6, 7]);
  });

  it("names the window and the field of each rule broken", () => {
    expect(checkWindows([NEW_WINDOW, { weekdays: [], from: "18:00", to: "14:00" }, { weekdays: [1], from: "", to: "25:00" }])).toEqual({
      "1.weekdays": "Window 2: choose at least one day.",
      "1.to": "Window 2: it must end after it starts (18:00), on the same day.",
      "2.from": "Window 3: give the time it starts, e.g. 14:00.",
      "2.to": "Window 3: give the time it ends, e.g. 18:00.",
    });
    expect(checkWindows([{ weekdays: [2], from: "14:00", to: "14:00" }])).toHaveProperty("0.to");
  });

  it("refuses more windows than the server keeps, and agrees with the contract on each", () => {
    expect(checkWindows(Array.from({ length: HAPPY_HOURS_MAX + 1 }, () => NEW_WINDOW))).toHaveProperty("list");
    for (const window of [
      { weekdays: [], from: "10:00", to: "11:00" },
      { weekdays: [3], from: "11:00", to: "10:59" },
      { weekdays: [3], from: "9:00", to: "10:00" },
    ]) {
      expect(Object.keys(checkWindows([window])).length > 0).toBe(!happyHoursSchema.safeParse([window]).success);
    }
  });
});
