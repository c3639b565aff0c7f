import { describe, expect, it } from "vitest";
import { describeHappyHours, describeHours, describeWeekdays } from "./happy-hours-text";

describe("happy hours in words", () => {
  it("names a run of three days or more as a range, and other days one by one", () => {
    expect(describeWeekdays([5, 1, 2, 3, 4], "en")).toBe("Monday–Friday");
    expect(describeWeekdays([6, 7], "en")).toBe("Saturday and Sunday");
    expect(describeWeekdays([1, 3, 4, 5, 7], "en")).toBe("Monday, Wednesday–Friday and Sunday");
    expect(describeWeekdays([1, 2, 3, 4, 5], "fil")).toBe("Lunes–Biyernes");
  });

  it("says the hours in the language's own form, with minutes only when there are some", () => {
    expect(describeHours({ from: "14:00", to: "18:00" }, "en").replace(/\s/g, " ")).toBe("2–6 p.m.");
    expect(describeHours({ from: "14:00", to: "18:00" }, "fil").replace(/\s/g, " ")).toBe("2–6 PM");
    expect(describeHours({ from: "11:30", to: "14:00" }, "en")).toMatch(/^11:30\sa\.m\.\s?–\s?2:00\sp\.m\.$/);
  });

  it("lists a branch's windows one after another", () => {
    const windows = [
      { weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" },
      { weekdays: [7], from: "12:00", to: "15:00" },
    ];
    expect(describeHappyHours(windows, "en").replace(/\s/g, " ")).toBe("Monday–Friday, 2–6 p.m.; Sunday, 12–3 p.m.");
    expect(describeHappyHours([], "en")).toBe("");
  });
});
