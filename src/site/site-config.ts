/**
 * Every fact the public site states about the restaurant, in one place: change a phone number,
 * an address or a link here and every page follows. Keys and external URLs come from build-time
 * environment variables (see .env examples in docs/site.md) with placeholder defaults.
 *
 * Kept free of heavy imports: the footer imports it. The navbar (on the diner's /order screen too)
 * imports only site-identity.ts, the name and the booking link, which this module takes from there.
 */
import { BOOKING_URL, SITE_NAME, env } from "./site-identity";

export interface Location {
  branchId: 1 | 2;
  name: string;
  street: string;
  city: string;
  /** One line, as people write it on an envelope. */
  address: string;
  menuPath: "/menu" | "/menu2";
}

export const THORNHILL: Location = {
  branchId: 1,
  name: "Thornhill",
  street: "7600 Yonge St",
  city: "Thornhill, ON",
  address: "7600 Yonge St, Thornhill, ON",
  menuPath: "/menu",
};

export const PICKERING: Location = {
  branchId: 2,
  name: "Pickering",
  street: "2200 Brock Rd Unit A1",
  city: "Pickering, ON",
  address: "2200 Brock Rd Unit A1, Pickering, ON",
  menuPath: "/menu2",
};

export const SITE = {
  name: SITE_NAME,
  slogan: "Eat at your limit for less",
  shortSlogan: "be LIMITLESS",
  cuisine: "Filipino and Chinese barbecue",
  foundedYear: 2018,

  /** The main store (Thornhill) is the one the landing page's contact section is about. */
  mainLocation: THORNHILL,
  locations: [THORNHILL, PICKERING],

  /** Placeholder number; `tel` is the E.164 form dialers need. */
  phone: { display: "(905) 555-0123", tel: "+19055550123" },
  email: "hello@limitlessbarandgrill.ca",

  hours: [
    { days: "Monday-Saturday", open: "11:30AM - 2AM" },
    { days: "Sunday", open: "11:30AM - 12AM" },
  ],
  happyHour: "Monday-Friday 2:00PM - 6:00PM",

  social: [
    { network: "facebook", label: "Facebook", href: "https://www.facebook.com/limitlessbarandgrill" },
    { network: "instagram", label: "Instagram", href: "https://www.instagram.com/limitlessbarandgrill" },
    { network: "yelp", label: "Yelp", href: "https://www.yelp.ca/biz/limitless-bar-and-grill-thornhill" },
    { network: "mail", label: "Email us", href: "mailto:hello@limitlessbarandgrill.ca" },
  ],

  /** Google Maps Embed API key; without one the contact section links to the map instead. */
  mapsKey: env(import.meta.env.VITE_MAPS_KEY, ""),
  bookingUrl: BOOKING_URL,
  deliveryUrl: env(import.meta.env.VITE_DELIVERY_URL, "https://www.ubereats.com/ca/store/limitless-bar-and-grill"),

  /** Static documents under public/ — replace any of them by dropping a file with the same name there. */
  documents: {
    thornhillMenu: { href: "/menus/limitless-menu-2024-12-17.pdf", date: "2024-12-17" },
    drinkMenu: { href: "/menus/drink-menu.pdf" },
    pickeringMenu: { href: "/menus/pickering-menu.pdf" },
    happyHour: { href: "/images/happy-hour-menu.webp", preview: "/images/happy-hour-menu-preview.webp", width: 1200, height: 1600 },
  },

  /**
   * Optional event announcement, shown once per visit as a modal on the landing page.
   * It is read at run time from this file (public/event.json), so the restaurant can announce
   * an event by editing one file, no rebuild. Shipped switched off.
   */
  eventAnnouncementUrl: "/event.json",
} as const;

/** A Google Maps search link for an address: works everywhere, needs no key. */
export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${SITE.name}, ${address}`)}`;
}

/** The Maps Embed API URL for an address, or null when no key is configured. */
export function mapsEmbedUrl(address: string, key: string = SITE.mapsKey): string | null {
  if (!key) return null;
  const query = encodeURIComponent(`${SITE.name}, ${address}`);
  return `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${query}`;
}
