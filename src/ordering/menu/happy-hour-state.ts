/**
 * Whether it is happy hour at the diner's branch now, and until when: set by happy-hour-watch.ts (its
 * own chunk, loaded once the menu shows), read by the menu and the product panel. Tiny on purpose:
 * this much is in the diner's first visit (docs/performance/bundle-budget.md).
 */
import { atom } from "nanostores";
import type { Product } from "../../../contract/schemas";

export interface HappyHourNow {
  /** When the window ends (epoch ms). */
  until: number;
  /** The branch's time zone, to say the end as its clocks show it. */
  timeZone: string;
}

export const happyHourNow = atom<HappyHourNow | null>(null);

/**
 * The diner's branch's time zone once read (branches.time_zone): its daily special is the one of that
 * zone's weekday. Until then (a first visit, before the branch is read) the restaurant's.
 */
export const branchTimeZone = atom<string | undefined>(undefined);

/** The product as it is priced now: at its happy-hour price in happy hour, when it has one. */
export function pricedNow<P extends Pick<Product, "price" | "happy_hour_price">>(product: P, happy: boolean): P {
  return happy && product.happy_hour_price ? { ...product, price: product.happy_hour_price } : product;
}
