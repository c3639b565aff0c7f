import { describe, expect, it } from "vitest";
import { describeAuditDetails } from "./audit-details";

describe("an audit entry's details in words", () => {
  it("says each changed field from → to, lists as lists, nothing as none", () => {
    expect(describeAuditDetails({ role: { from: "kitchen", to: "floor" }, branch_ids: { from: [1], to: [1, 2] } })).toBe(
      "role: kitchen → floor · branch ids: 1 → 1, 2",
    );
    expect(describeAuditDetails({ name: "Grill", receipts: { from: false, to: true }, removed: [] })).toBe(
      "name: Grill · receipts: false → true · removed: none",
    );
    expect(describeAuditDetails({})).toBe("");
  });

  it("says a branch's happy-hour windows as the public menu does, before → after", () => {
    const text = describeAuditDetails({
      happy_hours: { from: [{ weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" }], to: [] },
    });
    expect(text.replace(/\s/g, " ")).toBe("happy hours: Monday–Friday, 2–6 p.m. → none");
  });

  it("shows what it does not recognise as it is", () => {
    expect(describeAuditDetails({ extra: { a: 1 } })).toBe('extra: {"a":1}');
  });
});
