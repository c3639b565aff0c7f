/**
 * schema.org data for search engines (JSON-LD): a `Restaurant` per branch with its address, phone,
 * map position, opening hours, cuisine, price range, booking page and menu — the menu's sections and
 * dishes with their prices in CAD, from the same live menu the page shows.
 */
import { CATEGORY_KEYS } from "../../../contract/menu";
import { parsePriceToCents } from "../../../contract/money";
import type { Menu } from "../../../contract/schemas";
import type { Language } from "../../shared/i18n/language";
import { productText } from "../../shared/i18n/product-text";
import { SITE, type OpeningHours } from "../site-config";
import { sitePath } from "../site-pages";
import type { BranchView } from "../site-view";

const DAY_OF_WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function openingHours(hours: readonly OpeningHours[]) {
  return hours.map(({ weekdays, opens, closes }) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: weekdays.map((day) => DAY_OF_WEEK[day - 1]),
    opens,
    // Past midnight is written as the clock reads it: schema.org reads a closing time before the opening as the next day.
    closes,
  }));
}

function menuData(menu: Menu, url: string, code: Language, categoryTitles: Record<string, string>) {
  return {
    "@type": "Menu",
    "@id": `${url}#menu`,
    url,
    hasMenuSection: CATEGORY_KEYS.filter((key) => menu[key].length > 0).map((key) => ({
      "@type": "MenuSection",
      name: categoryTitles[key],
      hasMenuItem: menu[key].map((product) => {
        const text = productText(product, code);
        const cents = parsePriceToCents(product.price);
        return {
          "@type": "MenuItem",
          name: text.name,
          ...(text.description && { description: text.description }),
          ...(cents !== null && {
            offers: {
              "@type": "Offer",
              price: (cents / 100).toFixed(2),
              priceCurrency: "CAD",
              availability: product.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            },
          }),
        };
      }),
    })),
  };
}

export interface StructuredDataOptions {
  origin: string;
  language: Language;
  categoryTitles: Record<string, string>;
  /** With the branch's full menu (its own page), or only a link to it (the landing page names both). */
  withMenu: boolean;
}

export function restaurantData(branch: BranchView, { origin, language, categoryTitles, withMenu }: StructuredDataOptions) {
  const url = `${origin}${sitePath(branch.path, language)}`;
  return {
    "@type": "Restaurant",
    "@id": `${origin}${branch.path}#restaurant`,
    name: `${SITE.name} ${branch.name}`,
    url,
    image: `${origin}${SITE.previewImage.href}`,
    telephone: branch.phone.tel,
    email: SITE.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: branch.address.street,
      addressLocality: branch.address.locality,
      addressRegion: branch.address.region,
      postalCode: branch.address.postalCode,
      addressCountry: branch.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: branch.geo.latitude, longitude: branch.geo.longitude },
    openingHoursSpecification: openingHours(branch.hours),
    servesCuisine: ["Filipino", "Chinese", "Barbecue"],
    priceRange: "$$",
    acceptsReservations: branch.bookingUrl,
    hasMenu:
      withMenu && branch.menu ? menuData(branch.menu, url, language, categoryTitles) : { "@type": "Menu", "@id": `${url}#menu`, url },
    sameAs: SITE.social.filter((link) => link.network !== "mail").map((link) => link.href),
  };
}

/** The JSON-LD block's text, safe inside <script>: no "</script>" or "<!--" can come out of the data. */
export function jsonLd(graph: object[]): string {
  return JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replace(/</g, "\\u003c");
}
