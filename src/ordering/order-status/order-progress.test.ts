import { describe, expect, it } from "vitest";
import { readyAround, stepOf } from "./order-progress";

describe("the order's progress on the phone", () => {
  it("says sent until a kitchen board has shown the order, then that the kitchen has it", () => {
    expect(stepOf({ status: "received", seen_at: null })).toBe("sent");
    expect(stepOf({ status: "received", seen_at: "2026-03-10T23:40:00Z" })).toBe("seen");
    expect(stepOf({ status: "preparing", seen_at: null })).toBe("preparing");
    expect(stepOf({ status: "cancelled", seen_at: null })).toBe("cancelled");
  });

  it("says a held order waits for a server, with no ready time, until it is released", () => {
    expect(stepOf({ status: "held", seen_at: null })).toBe("held");
    expect(readyAround({ status: "held", estimated_ready_at: "2026-03-10T23:42:00Z" }, "en-CA")).toBeNull();
    expect(stepOf({ status: "received", seen_at: null })).toBe("sent");
  });

  it("gives the estimated ready time in the phone's language while the order is being made", () => {
    const at = "2026-03-10T23:42:00Z";
    const expected = new Intl.DateTimeFormat("en-CA", { hour: "numeric", minute: "2-digit" }).format(new Date(at));
    expect(readyAround({ status: "received", estimated_ready_at: at }, "en-CA")).toBe(expected);
    expect(readyAround({ status: "preparing", estimated_ready_at: at }, "en-CA")).toMatch(/\d{1,2}:42/);
    expect(readyAround({ status: "ready", estimated_ready_at: at }, "en-CA")).toBeNull();
    expect(readyAround({ status: "received", estimated_ready_at: null })).toBeNull();
    expect(readyAround({ status: "received", estimated_ready_at: "soon" })).toBeNull();
  });
});
