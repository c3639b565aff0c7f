/**
 * The two facts the navbar states: the restaurant's name and where to book a table. Their own module,
 * apart from the rest of site-config.ts (addresses, hours, documents, the maps key…), because the
 * navbar is on the diner's /order screen too and its first visit should carry only these
 * (docs/performance/bundle-budget.md). site-config.ts re-exports them as `SITE.name`, `SITE.bookingUrl`.
 */

/** Empty strings count as unset, so `VITE_MAPS_KEY=` in an .env file switches the embed off. */
export function env(value: string | undefined, fallback: string): string {
  return value && value.trim() !== "" ? value.trim() : fallback;
}

export const SITE_NAME = "Limitless Bar & Grill";

export const BOOKING_URL = env(import.meta.env.VITE_BOOKING_URL, "https://www.opentable.ca/r/limitless-bar-and-grill-thornhill");
