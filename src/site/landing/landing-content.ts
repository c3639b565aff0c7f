/**
 * The landing page's fixed content. The photos are files under public/images/carousel/
 * (generated placeholders: drop real photos with the same names there to replace them,
 * and update their alt texts in ./messages.ts, all three languages).
 */

export const SLIDE_NAMES = ["grill", "burger", "bucket", "sisig", "bar"] as const;
export type SlideName = (typeof SLIDE_NAMES)[number];

export const SLIDE_WIDTHS = [480, 960, 1440] as const;
/** Intrinsic size of the largest rendition (3:2). */
export const SLIDE_SIZE = { width: 1440, height: 960 } as const;
/** Phones: the photo fills the full width. Wider: contained in a box at most 840 px wide (see landing.css). */
export const SLIDE_SIZES = "(min-width: 768px) 840px, 100vw";

export function slideSrcSet(name: string, format: "avif" | "webp"): string {
  return SLIDE_WIDTHS.map((width) => `/images/carousel/${name}-${width}.${format} ${width}w`).join(", ");
}

/** 'Try our new items': the marketing list, with its fixed prices (not the live menu's). */
export const NEW_ITEMS = [
  { name: "Sisig", price: "12.99" },
  { name: "Beef Steak Sandwich", price: "14.99" },
  { name: "Steak and Frites", price: "18.99" },
  { name: "Stir Fry Beef", price: "17.99" },
] as const;
