/**
 * Properties of server-side pricing over random menus and orders (fast-check): what the kitchen is
 * paid for is integer cents, adds up, and follows the menu's rules, whatever the phone sends.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents } from "../../contract/money";
import { orderCreateSchema, type OrderLineInput } from "../../contract/schemas";
import { PROPERTY_TIMEOUT_MS, propertySettings } from "../../tests/support/fast-check-settings";
import {
  ANY_WEEKDAY,
  catalogArb,
  catalogMap,
  catalogWithOrderArb,
  expectedHst,
  orderable,
  unitPriceOf,
  validLineArb,
} from "../../tests/support/menu-arbitraries";
import type { CatalogProduct } from "../menu/catalog-queries";
import { priceOrder, type PricingResult } from "./pricing";

const STATION = randomUUID();

/** What POST /api/orders does with a body: the contract's schema, then pricing. */
function validateAndPrice(
  body: unknown,
  catalog: ReadonlyMap<number, CatalogProduct>,
): PricingResult | { ok: false; status: 400; code: "invalid_body" } {
  const parsed = orderCreateSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, code: "invalid_body" };
  return priceOrder(parsed.data.products, parsed.data.branch_id, catalog, ANY_WEEKDAY);
}

const isCents = (value: number) => Number.isSafeInteger(value) && value >= 0;

describe("priceOrder on random menus and valid orders", () => {
  it(
    "prices every line from the menu: integer cents, unit = base + options, line = unit × quantity, subtotal = Σ lines, HST 13 % half-up, total = subtotal + HST",
    () => {
      fc.assert(
        fc.property(catalogWithOrderArb, ({ catalog, lines }) => {
          const result = priceOrder(lines, 1, catalogMap(catalog), ANY_WEEKDAY);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.lines).toHaveLength(lines.length);
          result.lines.forEach((priced, index) => {
            const input = lines[index]!;
            const product = catalog.find((p) => p.id === input.id)!;
            expect(priced.productId).toBe(input.id);
            expect(priced.quantity).toBe(input.quantity);
            expect(priced.unitPriceCents).toBe(unitPriceOf(product, input.selectedCustomizations));
            expect(priced.lineTotalCents).toBe(priced.unitPriceCents * input.quantity);
            expect(priced.options.map((o) => o.id)).toEqual(input.selectedCustomizations);
            for (const value of [priced.unitPriceCents, priced.lineTotalCents]) expect(isCents(value)).toBe(true);
          });
          const subtotal = result.lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
          expect(result.totals).toEqual({ subtotal, tax: expectedHst(subtotal), total: subtotal + expectedHst(subtotal) });
          for (const value of Object.values(result.totals)) expect(isCents(value)).toBe(true);
        }),
        propertySettings(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "does not depend on the order of the lines",
    () => {
      const withPermutation = catalogWithOrderArb.chain(({ catalog, lines }) =>
        fc
          .shuffledSubarray(
            lines.map((_, i) => i),
            { minLength: lines.length, maxLength: lines.length },
          )
          .map((order) => ({ catalog, lines, order })),
      );
      fc.assert(
        fc.property(withPermutation, ({ catalog, lines, order }) => {
          const straight = priceOrder(lines, 1, catalogMap(catalog), ANY_WEEKDAY);
          const shuffled = priceOrder(
            order.map((i) => lines[i]!),
            1,
            catalogMap(catalog),
            ANY_WEEKDAY,
          );
          expect(straight.ok && shuffled.ok).toBe(true);
          if (!straight.ok || !shuffled.ok) return;
          expect(shuffled.totals).toEqual(straight.totals);
          expect(shuffled.lines).toEqual(order.map((i) => straight.lines[i]));
        }),
        propertySettings(150),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "accepts exactly the quantities 1–99 (whole numbers) at the door",
    () => {
      const quantityArb = fc.oneof(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.double({ noDefaultInfinity: false }),
        fc.constantFrom<unknown>(Number.NaN, Infinity, -Infinity, -0, 1.5, 99.0000001, "1", "99", null, true, [1], { valueOf: 2 }),
      );
      fc.assert(
        fc.property(catalogWithOrderArb, quantityArb, fc.nat(), ({ catalog, lines }, quantity, at) => {
          const index = at % lines.length;
          const body = { station_id: STATION, branch_id: 1, products: lines.map((l, i) => (i === index ? { ...l, quantity } : l)) };
          const result = validateAndPrice(body, catalogMap(catalog));
          const valid = typeof quantity === "number" && Number.isInteger(quantity) && quantity >= 1 && quantity <= 99;
          expect(result.ok).toBe(valid);
          if (!valid) expect(result).toMatchObject({ ok: false, status: 400 });
        }),
        propertySettings(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

type Mutation =
  | "exclusive_twice"
  | "missing_required"
  | "foreign_option"
  | "unknown_option"
  | "duplicate_option"
  | "unknown_product"
  | "other_branch_product";

/** Which rule-breaking changes a line of this order can take (some need a suitable group or product). */
function applicableMutations(catalog: readonly CatalogProduct[], line: OrderLineInput): Mutation[] {
  const product = catalog.find((p) => p.id === line.id)!;
  const kinds: Mutation[] = ["unknown_option", "unknown_product"];
  if (product.groups.some((g) => g.exclusive && g.options.length >= 2)) kinds.push("exclusive_twice");
  if (product.groups.some((g) => g.required)) kinds.push("missing_required");
  if (catalog.some((p) => p.id !== product.id && p.groups.length > 0)) kinds.push("foreign_option");
  if (line.selectedCustomizations.length > 0) kinds.push("duplicate_option");
  if (catalog.some((p) => p.branchId !== 1)) kinds.push("other_branch_product");
  return kinds;
}

function mutate(catalog: readonly CatalogProduct[], line: OrderLineInput, kind: Mutation, pick: number): OrderLineInput {
  const product = catalog.find((p) => p.id === line.id)!;
  const without = (ids: number[]) => line.selectedCustomizations.filter((id) => !ids.includes(id));
  switch (kind) {
    case "exclusive_twice": {
      const groups = product.groups.filter((g) => g.exclusive && g.options.length >= 2);
      const group = groups[pick % groups.length]!;
      const first = pick % group.options.length;
      const two = [group.options[first]!.id, group.options[(first + 1) % group.options.length]!.id];
      return { ...line, selectedCustomizations: [...without(group.options.map((o) => o.id)), ...two] };
    }
    case "missing_required": {
      const groups = product.groups.filter((g) => g.required);
      const group = groups[pick % groups.length]!;
      return { ...line, selectedCustomizations: without(group.options.map((o) => o.id)) };
    }
    case "foreign_option": {
      const foreign = catalog.filter((p) => p.id !== product.id).flatMap((p) => p.groups.flatMap((g) => g.options.map((o) => o.id)));
      return { ...line, selectedCustomizations: [...line.selectedCustomizations, foreign[pick % foreign.length]!] };
    }
    case "unknown_option":
      return { ...line, selectedCustomizations: [...line.selectedCustomizations, 900_000 + (pick % 1000)] };
    case "duplicate_option": {
      const ids = line.selectedCustomizations;
      return { ...line, selectedCustomizations: [...ids, ids[pick % ids.length]!] };
    }
    case "unknown_product":
      return { ...line, id: 800_000 + (pick % 1000), selectedCustomizations: [] };
    case "other_branch_product": {
      const others = catalog.filter((p) => p.branchId !== 1);
      return { ...line, id: others[pick % others.length]!.id, selectedCustomizations: [] };
    }
  }
}

const invalidOrderArb = catalogWithOrderArb.chain(({ catalog, lines }) =>
  fc.nat({ max: lines.length - 1 }).chain((index) =>
    fc.record({ kind: fc.constantFrom(...applicableMutations(catalog, lines[index]!)), pick: fc.nat() }).map(({ kind, pick }) => ({
      catalog,
      lines: lines.map((l, i) => (i === index ? mutate(catalog, l, kind, pick) : l)),
      index,
      kind,
    })),
  ),
);

describe("priceOrder refuses what the menu does not allow", () => {
  it(
    "two choices in an exclusive group, a missing required choice, a foreign, unknown or repeated option, an unknown or other-branch product: 400 invalid_order naming the line",
    () => {
      fc.assert(
        fc.property(invalidOrderArb, ({ catalog, lines, index, kind }) => {
          const result = priceOrder(lines, 1, catalogMap(catalog), ANY_WEEKDAY);
          expect(result, kind).toMatchObject({ ok: false, status: 400, code: "invalid_order" });
          if (result.ok) return;
          expect(result.details.some((d) => d.index === index)).toBe(true);
          expect(result.message.length).toBeGreaterThan(0);
        }),
        propertySettings(400),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "a sold-out product: 409 sold_out naming it, when nothing else is wrong",
    () => {
      fc.assert(
        fc.property(catalogWithOrderArb, fc.nat(), ({ catalog, lines }, pick) => {
          const soldOutId = lines[pick % lines.length]!.id;
          const menu = catalog.map((p) => (p.id === soldOutId ? { ...p, available: false } : p));
          const result = priceOrder(lines, 1, catalogMap(menu), ANY_WEEKDAY);
          expect(result).toMatchObject({ ok: false, status: 409, code: "sold_out" });
          if (result.ok) return;
          expect(result.details.every((d) => d.product_id === soldOutId)).toBe(true);
          expect(result.details.length).toBe(lines.filter((l) => l.id === soldOutId).length);
        }),
        propertySettings(150),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "a customizedPrice that is not the server's unit price: 409 price_changed with the current price",
    () => {
      fc.assert(
        fc.property(catalogWithOrderArb, fc.nat(), fc.integer({ min: 1, max: 100_000 }), ({ catalog, lines }, pick, delta) => {
          const index = pick % lines.length;
          const line = lines[index]!;
          const unit = unitPriceOf(
            catalog.find((p) => p.id === line.id)!,
            line.selectedCustomizations,
          );
          const wrong = unit >= delta && pick % 2 === 0 ? unit - delta : unit + delta;
          const sent = lines.map((l, i) => (i === index ? { ...l, customizedPrice: formatCents(wrong) } : l));
          const result = priceOrder(sent, 1, catalogMap(catalog), ANY_WEEKDAY);
          expect(result).toMatchObject({ ok: false, status: 409, code: "price_changed" });
          if (result.ok) return;
          expect(result.details).toContainEqual(
            expect.objectContaining({ index, price: formatCents(unit), sent_price: formatCents(wrong) }),
          );
        }),
        propertySettings(150),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe("priceOrder on anything the schema lets through", () => {
  // Random ids, option lists and prices, mostly wrong: the answer is a clean refusal or clean cents.
  const lineArb = fc.record(
    {
      id: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 2 ** 31 })),
      quantity: fc.integer({ min: 1, max: 99 }),
      selectedCustomizations: fc.array(fc.oneof(fc.integer({ min: 1000, max: 1030 }), fc.integer({ min: 1, max: 2 ** 31 })), {
        maxLength: 6,
      }),
      customizedPrice: fc.stringMatching(/^\d{1,7}(\.\d{1,2})?$/),
    },
    { requiredKeys: ["id", "quantity", "selectedCustomizations"] },
  );
  it(
    "never answers NaN, a fraction or a negative amount, and every refusal is 400/409 with details",
    () => {
      fc.assert(
        fc.property(
          catalogArb,
          fc.array(lineArb, { minLength: 1, maxLength: 10 }),
          fc.constantFrom(1, 2, 3),
          (catalog, products, branch) => {
            const result = validateAndPrice({ products, station_id: STATION, branch_id: branch }, catalogMap(catalog));
            if (result.ok) {
              for (const line of result.lines)
                for (const value of [line.unitPriceCents, line.lineTotalCents, line.quantity]) expect(isCents(value)).toBe(true);
              for (const value of Object.values(result.totals)) expect(isCents(value)).toBe(true);
              expect(result.totals.total).toBe(result.totals.subtotal + expectedHst(result.totals.subtotal));
            } else {
              expect([400, 409]).toContain(result.status);
              if ("details" in result) {
                expect(result.details.length).toBeGreaterThan(0);
                expect(result.message.length).toBeGreaterThan(0);
              }
            }
          },
        ),
        propertySettings(400),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "prices an order that uses every orderable product once",
    () => {
      // A sanity anchor for the generators above: large orders stay well inside safe integers.
      fc.assert(
        fc.property(
          catalogArb.chain((catalog) => fc.tuple(...orderable(catalog).map(validLineArb)).map((lines) => ({ catalog, lines }))),
          ({ catalog, lines }) => {
            const result = priceOrder(lines, 1, catalogMap(catalog), ANY_WEEKDAY);
            expect(result.ok).toBe(true);
            if (result.ok) expect(Number.isSafeInteger(result.totals.total * 13)).toBe(true);
          },
        ),
        propertySettings(100),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
