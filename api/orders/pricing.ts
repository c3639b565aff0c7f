/**
 * Server-side pricing: every order line is recomputed from the menu in the database. Whatever the
 * phone believes a burger costs, this decides — and refuses what the menu does not allow.
 * Pure logic (no I/O), so every rule is unit-tested.
 */
import { basePriceCents } from "../../contract/happy-hour";
import { WEEKDAY_NAMES, type PrepArea } from "../../contract/menu";
import { formatCents, totalsFromSubtotal, parsePriceToCents, type Totals } from "../../contract/money";
import type { ApiErrorDetail, OrderLineInput } from "../../contract/schemas";
import type { CatalogOption, CatalogProduct } from "../menu/catalog-queries";

export interface PricedLine {
  productId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  options: CatalogOption[];
  /** The diner's note for the kitchen; "" for none. */
  note: string;
  prepArea: PrepArea;
  prepMinutes: number;
}

export type PricingResult =
  | { ok: true; lines: PricedLine[]; totals: Totals }
  | { ok: false; status: 400 | 409; code: string; message: string; details: ApiErrorDetail[] };

/** How many of each counted product the order asks for, over all its lines. */
function wantedByProduct(input: readonly OrderLineInput[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of input) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
  return wanted;
}

/**
 * `today` is the ISO weekday in the branch's time zone (contract/restaurant-time.ts isoWeekday): a daily
 * special is refused on any other day. A counted product is refused when the order wants more than
 * its stock (over all its lines); the database has the last word (menu-service takeStock), this
 * answers the plain case with no write. `happyHour`: the moment of pricing is inside one of the
 * branch's windows (contract/happy-hour.ts), so a product with a happy-hour price costs that, plus
 * its options at their usual prices.
 */
export function priceOrder(
  input: OrderLineInput[],
  branchId: number,
  catalog: ReadonlyMap<number, CatalogProduct>,
  today: number,
  happyHour = false,
): PricingResult {
  const invalid: ApiErrorDetail[] = [];
  const notToday: ApiErrorDetail[] = [];
  const soldOut: ApiErrorDetail[] = [];
  const changed: ApiErrorDetail[] = [];
  const lines: PricedLine[] = [];
  const wanted = wantedByProduct(input);

  input.forEach((line, index) => {
    const product = catalog.get(line.id);
    const at = { index, product_id: line.id };
    if (!product || product.branchId !== branchId) {
      invalid.push({ ...at, message: `Product ${line.id} is not on this branch's menu.` });
      return;
    }
    const chosen: CatalogOption[] = [];
    let lineValid = true;
    const seen = new Set<number>();
    for (const optionId of line.selectedCustomizations) {
      const group = product.groups.find((g) => g.options.some((o) => o.id === optionId));
      if (!group || seen.has(optionId)) {
        const message = group
          ? `Option ${optionId} is chosen twice for ${product.name}.`
          : `Option ${optionId} is not a choice for ${product.name}.`;
        invalid.push({ ...at, message });
        lineValid = false;
        continue;
      }
      seen.add(optionId);
      chosen.push(group.options.find((o) => o.id === optionId)!);
    }
    for (const group of product.groups) {
      const picked = group.options.filter((o) => seen.has(o.id)).length;
      if (group.exclusive && picked > 1) {
        invalid.push({ ...at, group: group.name, message: `Choose only one ${group.name} for ${product.name}.` });
        lineValid = false;
      }
      if (group.required && picked === 0) {
        invalid.push({ ...at, group: group.name, message: `Choose a ${group.name} for ${product.name}.` });
        lineValid = false;
      }
    }
    if (!lineValid) return;
    if (product.weekday !== null && product.weekday !== today) {
      const day = WEEKDAY_NAMES[product.weekday - 1] ?? "another day";
      notToday.push({
        ...at,
        name: product.name,
        weekday: product.weekday,
        message: `${product.name} is a ${day} special; it can be ordered on ${day}s.`,
      });
      return;
    }
    if (!product.available) {
      soldOut.push({ ...at, name: product.name, ...(product.stock === 0 && { left: 0 }), message: `${product.name} is sold out.` });
      return;
    }
    if (product.stock !== null && wanted.get(product.id)! > product.stock) {
      soldOut.push({ ...at, name: product.name, left: product.stock, message: `Only ${product.stock} ${product.name} left.` });
      return;
    }

    const unitPriceCents = basePriceCents(product, happyHour) + chosen.reduce((sum, o) => sum + o.priceCents, 0);
    if (line.customizedPrice !== undefined && parsePriceToCents(line.customizedPrice) !== unitPriceCents) {
      changed.push({
        ...at,
        name: product.name,
        sent_price: line.customizedPrice,
        price: formatCents(unitPriceCents),
        message: `${product.name} now costs ${formatCents(unitPriceCents)}.`,
      });
    }
    lines.push({
      productId: product.id,
      name: product.name,
      quantity: line.quantity,
      unitPriceCents,
      lineTotalCents: unitPriceCents * line.quantity,
      options: chosen,
      note: line.note ?? "",
      prepArea: product.prepArea,
      prepMinutes: product.prepMinutes,
    });
  });

  if (invalid.length > 0) {
    return { ok: false, status: 400, code: "invalid_order", message: invalid[0]!.message, details: invalid };
  }
  if (notToday.length > 0) {
    const names = notToday.map((d) => d.name).join(", ");
    return { ok: false, status: 409, code: "not_available_today", message: `Not available today: ${names}.`, details: notToday };
  }
  if (soldOut.length > 0) {
    const names = soldOut.map((d) => d.name).join(", ");
    return { ok: false, status: 409, code: "sold_out", message: `Sold out: ${names}.`, details: soldOut };
  }
  if (changed.length > 0) {
    return {
      ok: false,
      status: 409,
      code: "price_changed",
      message: "Some prices have changed. Please review your order.",
      details: changed,
    };
  }
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  return { ok: true, lines, totals: totalsFromSubtotal(subtotal) };
}
