import { describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../contract/schemas";
import { auditKind, auditSentence, type Person } from "./audit-words";

const PEOPLE: Record<number, Person> = {
  1: { name: "Ana Reyes", email: "ana@limitless.example", role: "owner" },
  3: { name: "Sam Lee", email: "sam@limitless.example", role: "kitchen" },
};
const people = (id: number) => PEOPLE[id];
const entry = (action: string, target: string, details: Record<string, unknown>, actor_id: number | null = 1): AuditEntry => ({
  id: 1,
  at: "2026-11-27T18:00:00.000Z",
  actor_id,
  actor_email: actor_id === null ? null : "ana@limitless.example",
  branch_id: 1,
  action,
  target,
  details,
});

describe("the audit log in words", () => {
  it("says who did what to whom, where", () => {
    expect(
      auditSentence(
        entry("staff.created", "staff:3", { email: "sam@limitless.example", name: "Sam Lee", role: "kitchen", branch_ids: [1] }),
        people,
      ),
    ).toBe("Ana Reyes (owner) added Sam Lee as kitchen staff at Thornhill");
    expect(
      auditSentence(
        entry("staff.updated", "staff:3", { role: { from: "kitchen", to: "floor" }, branch_ids: { from: [1], to: [1, 2] } }),
        people,
      ),
    ).toBe(
      "Role of Sam Lee changed from kitchen to floor; Branches of Sam Lee changed from Thornhill to Thornhill and Pickering (Ana Reyes, owner)",
    );
    expect(auditSentence(entry("staff.deactivated", "staff:3", {}), people)).toBe(
      "Ana Reyes (owner) deactivated Sam Lee, who was signed out everywhere",
    );
  });

  it("says a price change as a manager would", () => {
    expect(
      auditSentence(
        entry("product.updated", "product:9", { name: "Sisig", fields: ["price"], price: { from: "12.99", to: "13.49" } }),
        people,
      ),
    ).toBe("Price of Sisig changed from 12.99 to 13.49 (Ana Reyes, owner)");
    expect(auditSentence(entry("product.updated", "product:9", { name: "Sisig", stock: 7 }), people)).toBe(
      "Ana Reyes (owner) set the stock of Sisig to 7",
    );
    expect(auditSentence(entry("product.updated", "product:9", { name: "Sisig", available: false }), people)).toBe(
      "Ana Reyes (owner) marked Sisig sold out",
    );
  });

  it("says happy hours and printers, and an unknown actor or action as it is", () => {
    expect(
      auditSentence(
        entry("happy_hours.changed", "branch:1", {
          happy_hours: {
            from: [{ weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" }],
            to: [{ weekdays: [6, 7], from: "12:00", to: "15:00" }],
          },
        }),
        people,
      ).replace(/\s/g, " "),
    ).toBe("Ana Reyes (owner) changed the happy hours at Thornhill from Monday–Friday, 2–6 p.m. to Saturday and Sunday, 12–3 p.m.");
    expect(auditSentence(entry("printer.updated", "printer:2", { name: { from: "Hot line", to: "Grill" } }), people)).toBe(
      "Name of the printer “Grill” changed from Hot line to Grill (Ana Reyes, owner)",
    );
    expect(auditSentence(entry("something.new", "thing:1", { a: 1 }, null), people)).toBe("The system: something.new thing:1 — a: 1");
    expect(auditKind({ action: "product.updated" })).toBe("menu");
    expect(auditKind({ action: "happy_hours.changed" })).toBe("happy_hours");
  });
});
