/**
 * Properties of the diner's cart over random menus and random sequences of taps (fast-check):
 * identical choices with the same note merge into one line whatever order they were tapped in, every unit added is
 * counted once and removed one at a time, and the totals are integer cents that add up.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, totalsFromSubtotal } from "../../../contract/money";
import type { Product } from "../../../contract/schemas";
import { PROPERTY_TIMEOUT_MS, propertySettings } from "../../../tests/support/fast-check-settings";
import { catalogArb, toWireProduct, validChoiceArb, wireSafe } from "../../../tests/support/menu-arbitraries";
import {
  MAX_QUANTITY,
  addToCart,
  cartLines,
  cleanNote,
  itemCount,
  lineKey,
  optionIdsOf,
  quantityOfProduct,
  removeOne,
  subtotalCents,
  toOrderRequest,
  type Cart,
  type SelectedOption,
} from "./cart-logic";

interface Tap {
  product: Product;
  options: SelectedOption[];
  /** What the diner typed for the kitchen: blanks, padding, and characters the line key itself uses. */
  note: string | undefined;
}

const noteArb = fc.constantFrom(undefined, "", "  ", "no onions", " no onions ", "No onions", "1,2", "a|b,3");

/** What makes a line: product, sorted option ids, and the note as the cart keeps it. */
const identity = (tap: Tap) =>
  `${tap.product.id}|${tap.options
    .map((o) => o.id)
    .sort((a, b) => a - b)
    .join(",")}|${cleanNote(tap.note) ?? ""}`;

function selectedOptions(product: Product, ids: readonly number[]): SelectedOption[] {
  return ids.map((id) => {
    for (const [group, { options }] of Object.entries(product.customizations)) {
      const found = options.find((o) => o.id === id);
      if (found) return { ...found, group };
    }
    throw new Error(`option ${id} is not on ${product.name}`);
  });
}

/**
 * A menu and 1–40 "add to cart" taps with valid choices (fewer than 99 of any one line, so no cap
 * applies), of products whose unit prices have a wire form (at most 9,999,999.99).
 */
const tapsArb = catalogArb
  .map(wireSafe)
  .filter((catalog) => catalog.length > 0)
  .chain((catalog) =>
    fc
      .array(
        fc.constantFrom(...catalog).chain((product) =>
          fc.tuple(validChoiceArb(product), noteArb).map(([ids, note]): Tap => ({
            product: toWireProduct(product),
            options: selectedOptions(toWireProduct(product), ids),
            note,
          })),
        ),
        { minLength: 1, maxLength: 40 },
      )
      .map((taps) => ({ catalog, taps })),
  );

const addAll = (taps: readonly Tap[], cart: Cart = {}) => taps.reduce((c, tap) => addToCart(c, tap.product, tap.options, tap.note), cart);

/** The cart as a multiset of lines: what matters to the diner and the kitchen, not the order they were added in. */
const normalized = (cart: Cart) =>
  cartLines(cart)
    .map((l) => `${l.id}|${lineKey(l)}|${l.quantity}|${l.customizedPrice}`)
    .sort();

const unitCents = (tap: Tap) => {
  const [whole, fraction] = tap.product.price.split(".");
  let cents = Number(whole) * 100 + Number(fraction);
  for (const option of tap.options) {
    const [w, f] = option.price.split(".");
    cents += Number(w) * 100 + Number(f);
  }
  return cents;
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe("addToCart merges identical choices", () => {
  it(
    "gives the same lines whatever order the taps came in (adds commute)",
    () => {
      const withPermutation = tapsArb.chain(({ taps }) =>
        fc.shuffledSubarray(taps, { minLength: taps.length, maxLength: taps.length }).map((shuffled) => ({ taps, shuffled })),
      );
      fc.assert(
        fc.property(withPermutation, ({ taps, shuffled }) => {
          expect(normalized(addAll(shuffled))).toEqual(normalized(addAll(taps)));
        }),
        propertySettings(200),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "keeps one line per product, set of choices and note, whatever order the options were picked in",
    () => {
      fc.assert(
        fc.property(tapsArb, fc.nat(), ({ taps }, seed) => {
          // The same taps with each one's options reversed or rotated: the lines must not change.
          const reordered = taps.map((tap) => ({
            ...tap,
            options: seed % 2 ? [...tap.options].reverse() : [...tap.options.slice(1), ...tap.options.slice(0, 1)],
          }));
          const cart = addAll([...taps, ...reordered]);
          const distinct = new Set(taps.map(identity));
          expect(cartLines(cart)).toHaveLength(distinct.size);
          for (const line of cartLines(cart)) expect(line.quantity % 2).toBe(0);
          // Each line's key is unique within its product, so Remove 1 can never hit the wrong line.
          for (const lines of Object.values(cart)) expect(new Set(lines.map(lineKey)).size).toBe(lines.length);
        }),
        propertySettings(200),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "counts every unit once: itemCount = taps, per product and in the order request",
    () => {
      fc.assert(
        fc.property(tapsArb, ({ taps }) => {
          const cart = addAll(taps);
          expect(itemCount(cart)).toBe(taps.length);
          for (const id of new Set(taps.map((t) => t.product.id))) {
            expect(quantityOfProduct(cart, id)).toBe(taps.filter((t) => t.product.id === id).length);
          }
          const request = toOrderRequest(cart, "00000000-0000-4000-8000-000000000000", 1);
          expect(request.products.reduce((sum, l) => sum + l.quantity, 0)).toBe(taps.length);
          // Every line's note goes with it, exactly as the cart shows it (none when blank).
          expect(request.products.map((l) => l.note)).toEqual(cartLines(cart).map((l) => l.note));
          expect(request.products.map((l) => l.note ?? "").sort()).toEqual(
            cartLines(cart)
              .map((l) => cleanNote(l.note) ?? "")
              .sort(),
          );
          for (const line of request.products) {
            expect(line.selectedCustomizations).toEqual([...line.selectedCustomizations].sort((a, b) => a - b));
            expect(new Set(line.selectedCustomizations).size).toBe(line.selectedCustomizations.length);
          }
        }),
        propertySettings(200),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    `stops a line at ${MAX_QUANTITY}`,
    () => {
      fc.assert(
        fc.property(tapsArb, fc.integer({ min: MAX_QUANTITY, max: MAX_QUANTITY + 30 }), ({ taps }, times) => {
          const cart = addAll(Array.from({ length: times }, () => taps[0]!));
          expect(cartLines(cart)).toHaveLength(1);
          expect(cartLines(cart)[0]!.quantity).toBe(MAX_QUANTITY);
        }),
        propertySettings(30),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "never changes the cart it was given",
    () => {
      fc.assert(
        fc.property(tapsArb, ({ taps }) => {
          const before = deepFreeze(addAll(taps.slice(1)));
          const copy = structuredClone(before);
          const after = addToCart(before, taps[0]!.product, taps[0]!.options, taps[0]!.note);
          expect(before).toEqual(copy);
          const line = cartLines(after)[0]!;
          removeOne(deepFreeze(after), line.id, lineKey(line));
        }),
        propertySettings(100),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe("removeOne takes away exactly one unit", () => {
  it(
    "of the line it names: that line loses 1 (or goes at 0), every other line stays",
    () => {
      fc.assert(
        fc.property(tapsArb, fc.nat(), ({ taps }, pick) => {
          const cart = addAll(taps);
          const lines = cartLines(cart);
          const target = lines[pick % lines.length]!;
          const next = removeOne(cart, target.id, lineKey(target));
          expect(itemCount(next)).toBe(itemCount(cart) - 1);
          const expected = lines.flatMap((l) => (l === target ? (l.quantity > 1 ? [{ ...l, quantity: l.quantity - 1 }] : []) : [l]));
          expect(normalized(next)).toEqual(normalized({ x: expected }));
          if (quantityOfProduct(next, target.id) === 0) expect(Object.keys(next)).not.toContain(String(target.id));
        }),
        propertySettings(200),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "undoes an add exactly (remove ∘ add = identity), and ignores a line that is not there",
    () => {
      fc.assert(
        fc.property(tapsArb, ({ taps }) => {
          const [tap, ...rest] = taps;
          const cart = addAll(rest);
          const added = addToCart(cart, tap!.product, tap!.options, tap!.note);
          const ids = tap!.options
            .map((o) => o.id)
            .sort((a, b) => a - b)
            .join(",");
          const note = cleanNote(tap!.note);
          const key = note ? `${ids}|${note}` : ids;
          expect(removeOne(added, tap!.product.id, key)).toEqual(cart);
          expect(removeOne(cart, 987_654, key)).toEqual(cart);
          expect(removeOne(cart, tap!.product.id, `${key},999999`)).toEqual(cart);
        }),
        propertySettings(200),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "empties the cart after as many removals as units, in any order",
    () => {
      fc.assert(
        fc.property(tapsArb, fc.array(fc.nat(), { minLength: 40, maxLength: 40 }), ({ taps }, picks) => {
          let cart = addAll(taps);
          for (let i = 0; i < taps.length; i++) {
            const lines = cartLines(cart);
            const target = lines[picks[i]! % lines.length]!;
            cart = removeOne(cart, target.id, lineKey(target));
          }
          expect(cart).toEqual({});
        }),
        propertySettings(100),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe("cart totals", () => {
  it(
    "are integer cents: subtotal = Σ unit price of every tap, HST and total from the shared money rules",
    () => {
      fc.assert(
        fc.property(tapsArb, ({ taps }) => {
          const cart = addAll(taps);
          const subtotal = subtotalCents(cart);
          expect(Number.isSafeInteger(subtotal) && subtotal >= 0).toBe(true);
          expect(subtotal).toBe(taps.reduce((sum, tap) => sum + unitCents(tap), 0));
          for (const line of cartLines(cart)) {
            const tap = taps.find((t) => identity(t) === `${line.id}|${optionIdsOf(line).join(",")}|${line.note ?? ""}`)!;
            expect(line.customizedPrice).toBe(formatCents(unitCents(tap)));
          }
          const totals = totalsFromSubtotal(subtotal);
          expect(totals.total).toBe(subtotal + totals.tax);
          expect(Number.isSafeInteger(totals.tax) && totals.tax >= 0).toBe(true);
        }),
        propertySettings(200),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
