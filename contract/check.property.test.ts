/**
 * The check's arithmetic on random checks (fast-check): equal parts and line shares add up exactly,
 * tax is HST on the subtotal less discounts, comps and voids (half-up), tips stay out of it, and the
 * approval rule and the cash tender behave as the contract says.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertySettings } from "../tests/support/fast-check-settings";
import { apportion, equalParts, needsApproval, percentOf, settleCheck, tender, type CheckAdjustmentInput } from "./check";
import { hstCents } from "./money";

const cents = fc.integer({ min: 0, max: 5_000_000 });

describe("equal parts", () => {
  it("add up to the amount exactly, differ by at most a cent, the larger first", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 20 }), (amount, ways) => {
        const parts = equalParts(amount, ways);
        expect(parts).toHaveLength(ways);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect([...parts].sort((a, b) => b - a)).toEqual(parts);
      }),
      propertySettings(300),
    );
  });

  it("paying the first parts and splitting what is left again gives the same parts", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 2, max: 20 }), fc.nat(), (amount, ways, paidSeed) => {
        const parts = equalParts(amount, ways);
        const paid = paidSeed % ways;
        const left = amount - parts.slice(0, paid).reduce((a, b) => a + b, 0);
        expect(equalParts(left, ways - paid)).toEqual(parts.slice(paid));
      }),
      propertySettings(300),
    );
  });
});

describe("apportioning", () => {
  it("shares a total over weights exactly, in proportion to the cent", () => {
    fc.assert(
      fc.property(cents, fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 30 }), (total, weights) => {
        const shares = apportion(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        if (sum === 0) {
          expect(shares.every((s) => s === 0)).toBe(true);
          return;
        }
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((share, i) => expect(Math.abs(share - (total * weights[i]!) / sum)).toBeLessThan(1));
      }),
      propertySettings(300),
    );
  });
});

const lineArb = fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 12 });

/** Random adjustments of the given lines: each line at most one, check-wide discounts and comps after them. */
function adjustmentsArb(lineCount: number): fc.Arbitrary<CheckAdjustmentInput[]> {
  const lineAdjustment = (index: number) =>
    fc
      .option(
        fc.record({
          kind: fc.constantFrom("discount" as const, "comp" as const, "void" as const),
          percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
          amount: fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: null }),
          status: fc.constantFrom("applied" as const, "pending" as const, "rejected" as const),
        }),
        { nil: null },
      )
      .map((a) => (a ? [{ ...a, id: `l${index}`, lineId: `line${index}`, amount: a.percent === null ? a.amount : null }] : []));
  const checkWide = fc.array(
    fc.record({
      kind: fc.constantFrom("discount" as const, "comp" as const),
      percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
      amount: fc.integer({ min: 1, max: 100_000 }),
      status: fc.constantFrom("applied" as const, "pending" as const, "rejected" as const),
    }),
    { maxLength: 3 },
  );
  return fc
    .tuple(fc.tuple(...Array.from({ length: lineCount }, (_, i) => lineAdjustment(i))), checkWide)
    .map(([perLine, wide]) => [
      ...perLine.flat(),
      ...wide.map((a, i) => ({ ...a, id: `c${i}`, lineId: null, amount: a.percent === null ? a.amount : null })),
    ]);
}

describe("settling a check", () => {
  it("taxes the subtotal less what came off, half-up; the lines' shares add up to the total; tips are untaxed", () => {
    fc.assert(
      fc.property(
        lineArb.chain((totals) =>
          fc.tuple(fc.constant(totals), adjustmentsArb(totals.length), fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 4 })),
        ),
        ([totals, adjustments, tips]) => {
          const lines = totals.map((lineTotal, i) => ({ id: `line${i}`, lineTotal }));
          const payments = tips.map((tip) => ({ amount: 0, tip, lineIds: [] }));
          const settled = settleCheck(lines, adjustments, payments, []);
          const subtotal = totals.reduce((a, b) => a + b, 0);
          expect(settled.subtotal).toBe(subtotal);
          expect(settled.net).toBe(subtotal - settled.discounts - settled.comps - settled.voids);
          expect(settled.net).toBeGreaterThanOrEqual(0);
          expect(settled.tax).toBe(Math.floor((settled.net * 13 + 50) / 100));
          expect(settled.tax).toBe(hstCents(settled.net));
          expect(settled.total).toBe(settled.net + settled.tax);
          expect(settled.tips).toBe(tips.reduce((a, b) => a + b, 0));
          expect([...settled.lineShares.values()].reduce((a, b) => a + b, 0)).toBe(settled.total);
          for (const id of settled.voidedLineIds) expect(settled.lineShares.get(id)).toBe(0);
          // Pending and rejected adjustments take nothing off.
          const applied = adjustments.filter((a) => a.status === "applied");
          expect(settleCheck(lines, applied, payments, []).total).toBe(settled.total);
          expect(settled.pending).toBe(
            adjustments.filter((a) => a.status === "pending" && (a.lineId === null || lines.some((l) => l.id === a.lineId))).length,
          );
        },
      ),
      propertySettings(300),
    );
  });

  it("paying every line by items settles the whole total", () => {
    fc.assert(
      fc.property(lineArb, (totals) => {
        const lines = totals.map((lineTotal, i) => ({ id: `line${i}`, lineTotal }));
        const settled = settleCheck(lines, [], [], []);
        const paid = lines.map((line) => ({ amount: settled.lineShares.get(line.id)!, tip: 0, lineIds: [line.id] }));
        expect(settleCheck(lines, [], paid, []).balance).toBe(0);
      }),
      propertySettings(200),
    );
  });
});

describe("approval and tender", () => {
  it("a floor account's void or comp always waits; a discount waits above the threshold; managers never wait", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("discount" as const, "comp" as const, "void" as const),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        (kind, percent, base, threshold) => {
          expect(needsApproval("manager", { kind, percent, amount: 0 }, base, threshold)).toBe(false);
          expect(needsApproval("owner", { kind, percent, amount: 0 }, base, threshold)).toBe(false);
          const floorPercent = needsApproval("floor", { kind, percent, amount: percentOf(base, percent) }, base, threshold);
          expect(floorPercent).toBe(kind !== "discount" || percent > threshold);
          const amount = percentOf(base, percent);
          expect(needsApproval("floor", { kind, percent: null, amount }, base, threshold)).toBe(
            kind !== "discount" || amount * 100 > threshold * base,
          );
        },
      ),
      propertySettings(300),
    );
  });

  it("never applies more than is due; cash gives the rest as change; a card over the due is refused", () => {
    fc.assert(
      fc.property(
        cents,
        cents,
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom("cash" as const, "card" as const, "other" as const),
        (due, amount, tip, method) => {
          const result = tender(due, { method, amount, tip });
          if (method !== "cash" && amount > due) {
            expect(result).toEqual({ ok: false, code: "overpaid" });
            return;
          }
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.applied).toBe(Math.min(amount, due));
          expect(result.change).toBe(method === "cash" ? amount - result.applied : 0);
          expect(result.change).toBeGreaterThanOrEqual(0);
        },
      ),
      propertySettings(300),
    );
  });
});
