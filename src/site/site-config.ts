/**
 * Every fact the public site states about the restaurant, in one place, one entry per branch: both
 * branches are described the same way (address, phone, hours, map, menus, booking page), so neither is
 * a second-class copy of the other. Change a phone number or an address here and every page, the
 * footer, the JSON-LD and the sitemap follow.
 *
 * The links that differ per deployment (booking pages, the delivery partner, the maps key) are read
 * from the server's environment at start-up (`siteSettings`), so changing one needs a restart, not a
 * rebuild. The pages are rendered on the server (docs/decisions/0027), so nothing here is in a bundle.
 */
import { SITE_NAME } from "./site-identity";

/** An opening-hours line: these ISO weekdays (Monday = 1), from `opens` to `closes` ("02:00" = 2 a.m. the next day). */
export interface OpeningHours {
  weekdays: readonly number[];
  opens: string;
  closes: string;
}

/** A document a branch's page links to, opened in a new tab (files under public/, replaceable). */
export interface BranchDocument {
  kind: "menu" | "drinks" | "happyHour";
  href: string;
  /** "application/pdf" or an image type: the link says which. */
  type: "pdf" | "image";
  /** The printed menu's date, when it has one. */
  date?: string;
}

export interface BranchFacts {
  id: 1 | 2;
  /** The branch's name, a place name the same in every language. */
  name: string;
  /** Its page (English path; /fil/… and /zh/… add the language). */
  path: "/menu" | "/menu2";
  address: { street: string; locality: string; region: string; postalCode: string; country: string };
  /** Placeholder numbers (555-01xx): `tel` is the E.164 form dialers need. */
  phone: { display: string; tel: string };
  /** Where a map pin goes (JSON-LD `geo`). */
  geo: { latitude: number; longitude: number };
  hours: readonly OpeningHours[];
  documents: readonly BranchDocument[];
  /** The environment variable naming this branch's booking page, and the page used without it. */
  booking: { setting: string; fallback: string };
}

const HOURS: readonly OpeningHours[] = [
  { weekdays: [1, 2, 3, 4, 5, 6], opens: "11:30", closes: "02:00" },
  { weekdays: [7], opens: "11:30", closes: "00:00" },
];

const HAPPY_HOUR_MENU: BranchDocument = { kind: "happyHour", href: "/images/happy-hour-menu.webp", type: "image" };
const DRINK_MENU: BranchDocument = { kind: "drinks", href: "/menus/drink-menu.pdf", type: "pdf" };

export const BRANCHES: readonly BranchFacts[] = [
  {
    id: 1,
    name: "Thornhill",
    path: "/menu",
    address: { street: "7600 Yonge St", locality: "Thornhill", region: "ON", postalCode: "L4J 1V9", country: "CA" },
    phone: { display: "(905) 555-0123", tel: "+19055550123" },
    geo: { latitude: 43.8118, longitude: -79.4225 },
    hours: HOURS,
    documents: [
      { kind: "menu", href: "/menus/limitless-menu-2024-12-17.pdf", type: "pdf", date: "2024-12-17" },
      DRINK_MENU,
      HAPPY_HOUR_MENU,
    ],
    booking: { setting: "THORNHILL_BOOKING_URL", fallback: "https://www.opentable.ca/r/limitless-bar-and-grill-thornhill" },
  },
  {
    id: 2,
    name: "Pickering",
    path: "/menu2",
    address: { street: "2200 Brock Rd Unit A1", locality: "Pickering", region: "ON", postalCode: "L1X 2R2", country: "CA" },
    phone: { display: "(905) 555-0187", tel: "+19055550187" },
    geo: { latitude: 43.8527, longitude: -79.0873 },
    hours: HOURS,
    documents: [{ kind: "menu", href: "/menus/pickering-menu.pdf", type: "pdf" }, DRINK_MENU, HAPPY_HOUR_MENU],
    booking: { setting: "PICKERING_BOOKING_URL", fallback: "https://www.opentable.ca/r/limitless-bar-and-grill-pickering" },
  },
];

export const SITE = {
  name: SITE_NAME,
  foundedYear: 2018,
  email: "hello@limitlessbarandgrill.ca",
  social: [
    { network: "facebook", label: "Facebook", href: "https://www.facebook.com/limitlessbarandgrill" },
    { network: "instagram", label: "Instagram", href: "https://www.instagram.com/limitlessbarandgrill" },
    { network: "yelp", label: "Yelp", href: "https://www.yelp.ca/biz/limitless-bar-and-grill-thornhill" },
    { network: "mail", label: "Email us", href: "mailto:hello@limitlessbarandgrill.ca" },
  ],
  /** The link preview image (1200 × 630, public/images/og-image.jpg, replaceable). */
  previewImage: { href: "/images/og-image.jpg", width: 1200, height: 630 },
  /**
   * Optional event announcement, shown once per visit as a modal on the landing page. It is read at
   * run time from this file (public/event.json), so the restaurant can announce an event by editing
   * one file. Shipped switched off.
   */
  eventAnnouncementUrl: "/event.json",
} as const;

/** What the deployment decides: read from the server's environment (README's settings table). */
export interface SiteSettings {
  /** Each branch's booking page, by branch id. */
  bookingUrls: Record<BranchFacts["id"], string>;
  deliveryUrl: string;
  /** Google Maps Embed API key; without one each branch links to the map instead of embedding it. */
  mapsKey: string;
}

/** Empty strings count as unset, so `MAPS_KEY=` in an environment file switches the embed off. */
function setting(value: string | undefined, fallback: string): string {
  return value && value.trim() !== "" ? value.trim() : fallback;
}

export function siteSettings(env: Record<string, string | undefined>): SiteSettings {
  const bookingUrls = Object.fromEntries(
    BRANCHES.map((branch) => [branch.id, setting(env[branch.booking.setting], branch.booking.fallback)]),
  ) as SiteSettings["bookingUrls"];
  return {
    bookingUrls,
    deliveryUrl: setting(env.DELIVERY_URL, "https://www.ubereats.com/ca/store/limitless-bar-and-grill"),
    mapsKey: setting(env.MAPS_KEY, ""),
  };
}

/** "7600 Yonge St, Thornhill, ON": one line, as people write it on an envelope (and maps search for it). */
export function addressLine(branch: BranchFacts): string {
  return `${branch.address.street}, ${branch.address.locality}, ${branch.address.region}`;
}

/** A Google Maps search link for a branch: works everywhere, needs no key. */
export function mapsLink(branch: BranchFacts): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${SITE.name}, ${addressLine(branch)}`)}`;
}

/** The Maps Embed API URL for a branch, or null when no key is configured. */
export function mapsEmbedUrl(branch: BranchFacts, key: string): string | null {
  if (!key) return null;
  const query = encodeURIComponent(`${SITE.name}, ${addressLine(branch)}`);
  return `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${query}`;
}
