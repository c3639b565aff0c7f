/**
 * The phone and the server price the same cart the same way (both use contract/money.ts): a cart
 * built by the web app's cart logic from the menu the server serves is accepted by the server's
 * pricing as it is (no price_changed), and the totals the diner saw are the totals charged.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import { totalsFromSubtotal } from "../../contract/money";
import { orderCreateSchema } from "../../contract/schemas";
import {
  addToCart,
  cartLines,
  cents,
  subtotalCents,
  toOrderRequest,
  type Cart,
  type SelectedOption,
} from "../../src/ordering/cart/cart-logic";
import { PROPERTY_TIMEOUT_MS, propertySettings } from "../support/fast-check-settings";
import { ANY_WEEKDAY, catalogArb, catalogMap, orderable, toWireProduct, validChoiceArb, wireSafe } from "../support/menu-arbitraries";
import { priceOrder } from "../../api/orders/pricing";

const cartArb = catalogArb.chain((catalog) => {
  // A unit price above the wire format's 9,999,999.99 cannot be written as a customizedPrice at all.
  const products = wireSafe(orderable(catalog));
  if (products.length === 0) return fc.constant({ catalog, taps: [] as { productId: number; optionIds: number[] }[] });
  return fc
    .array(
      fc.constantFrom(...products).chain((product) => validChoiceArb(product).map((optionIds) => ({ productId: product.id, optionIds }))),
      { minLength: 1, maxLength: 40 },
    )
    .map((taps) => ({ catalog, taps }));
});

it(
  "prices the phone's cart exactly as the phone does: same unit prices, same subtotal, HST and total",
  () => {
    fc.assert(
      fc.property(cartArb, ({ catalog, taps }) => {
        fc.pre(taps.length > 0);
        const menu = new Map(catalog.map((p) => [p.id, toWireProduct(p)]));
        let cart: Cart = {};
        for (const tap of taps) {
          const product = menu.get(tap.productId)!;
          const options = tap.optionIds.map((id): SelectedOption => {
            const [group, { options: groupOptions }] = Object.entries(product.customizations).find(([, g]) =>
              g.options.some((o) => o.id === id),
            )!;
            return { ...groupOptions.find((o) => o.id === id)!, group };
          });
          cart = addToCart(cart, product, options);
        }

        // The request goes through the same schema as POST /api/orders (a JSON round trip included).
        const request = orderCreateSchema.parse(JSON.parse(JSON.stringify(toOrderRequest(cart, randomUUID(), 1))));
        const priced = priceOrder(request.products, request.branch_id, catalogMap(catalog), ANY_WEEKDAY);
        expect(priced.ok).toBe(true);
        if (!priced.ok) return;

        const lines = cartLines(cart);
        expect(priced.lines.map((l) => [l.productId, l.quantity, l.unitPriceCents, l.lineTotalCents])).toEqual(
          lines.map((l) => [l.id, l.quantity, cents(l.customizedPrice), cents(l.customizedPrice) * l.quantity]),
        );
        expect(priced.totals).toEqual(totalsFromSubtotal(subtotalCents(cart)));
      }),
      propertySettings(300),
    );
  },
  PROPERTY_TIMEOUT_MS,
);
