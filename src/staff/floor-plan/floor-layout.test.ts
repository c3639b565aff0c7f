import { describe, expect, it } from "vitest";
import { areasOf, describePosition, freeSpot, movedByKey, positionAt, timeSince } from "./floor-layout";

describe("the floor plan's arithmetic", () => {
  it("lists Main first, then the other areas alphabetically, once each", () => {
    expect(areasOf([{ area: "Patio" }, { area: "Bar" }, { area: "Patio" }])).toEqual(["Main", "Bar", "Patio"]);
    expect(areasOf([])).toEqual(["Main"]);
  });

  it("moves a table by arrow keys, further with Shift, never off the plan", () => {
    expect(movedByKey({ x: 500, y: 500 }, "ArrowRight", false)).toEqual({ x: 520, y: 500 });
    expect(movedByKey({ x: 500, y: 500 }, "ArrowUp", true)).toEqual({ x: 500, y: 400 });
    expect(movedByKey({ x: 10, y: 990 }, "ArrowLeft", false)).toEqual({ x: 0, y: 990 });
    expect(movedByKey({ x: 10, y: 990 }, "ArrowDown", true)).toEqual({ x: 10, y: 1000 });
    expect(movedByKey({ x: 10, y: 10 }, "Enter", false)).toBeNull();
  });

  it("turns a pointer into a place: the tile's corner over the room it has, clamped", () => {
    const plan = { left: 100, top: 50, width: 1100, height: 650 };
    const tile = { width: 100, height: 50 };
    expect(positionAt({ x: 100, y: 50 }, { x: 0, y: 0 }, plan, tile)).toEqual({ x: 0, y: 0 });
    expect(positionAt({ x: 650, y: 375 }, { x: 50, y: 25 }, plan, tile)).toEqual({ x: 500, y: 500 });
    expect(positionAt({ x: 5000, y: -300 }, { x: 0, y: 0 }, plan, tile)).toEqual({ x: 1000, y: 0 });
  });

  it("finds a free spot near the middle", () => {
    expect(freeSpot([])).toEqual({ x: 500, y: 500 });
    const spot = freeSpot([{ x: 500, y: 500 }]);
    expect(spot).not.toEqual({ x: 500, y: 500 });
  });

  it("says where a table is and how long since", () => {
    expect(describePosition({ x: 455, y: 120 })).toBe("46% across, 12% down");
    const now = Date.parse("2026-11-27T20:00:00Z");
    expect(timeSince("2026-11-27T19:59:30Z", now)).toBe("just now");
    expect(timeSince("2026-11-27T20:05:00Z", now)).toBe("just now");
    expect(timeSince("2026-11-27T19:48:00Z", now)).toBe("12 min");
    expect(timeSince("2026-11-27T18:55:00Z", now)).toBe("1 h 05");
    expect(timeSince("2026-11-25T19:00:00Z", now)).toBe("2 d");
  });
});
