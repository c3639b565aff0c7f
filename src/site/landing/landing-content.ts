/**
 * The landing page's fixed content. The photos are files under public/images/carousel/
 * (generated placeholders: drop real photos with the same names there to replace them,
 * and update the alt texts here).
 */

export interface Slide {
  /** File name stem: public/images/carousel/<name>-<width>.<avif|webp> */
  name: string;
  alt: string;
}

export const SLIDE_WIDTHS = [480, 960, 1440] as const;
/** Intrinsic size of the largest rendition (3:2). */
export const SLIDE_SIZE = { width: 1440, height: 960 } as const;

export const SLIDES: Slide[] = [
  { name: "grill", alt: "Skewers sizzling over the open flame of our grill" },
  { name: "burger", alt: "A stacked Limitless burger with fries on the side" },
  { name: "bucket", alt: "A bucket of ice-cold beers ready to share" },
  { name: "sisig", alt: "Sizzling sisig served on a hot plate" },
  { name: "bar", alt: "The bar at night with warm lights and cocktails" },
];

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
