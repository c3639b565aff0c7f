/**
 * Each public route's <title> and meta description, set by the page at run time (usePageSetup);
 * index.html carries the landing page's for link previews that run no JavaScript (docs/decisions/0005).
 */
import { SITE } from "./site-config";

export interface PageMeta {
  title: string;
  description: string;
}

export const PAGE_META = {
  "/": {
    title: `${SITE.name} — Filipino & Chinese BBQ in Thornhill and Pickering`,
    description:
      "Filipino and Chinese barbecue, burgers, bucket deals and drinks at Limitless Bar & Grill in Thornhill and Pickering, Ontario. Eat at your limit for less.",
  },
  "/menu": {
    title: `Thornhill Menu — ${SITE.name}`,
    description:
      "The Limitless Bar & Grill Thornhill menu: daily specials, starters, fries, burgers, seafood, mains, drinks and buckets, plus happy hour Monday-Friday 2:00PM - 6:00PM.",
  },
  "/menu2": {
    title: `Pickering Menu — ${SITE.name}`,
    description:
      "The Limitless Bar & Grill Pickering menu at 2200 Brock Rd Unit A1: daily specials, burgers, Filipino and Chinese barbecue, drinks and buckets.",
  },
  "/about": {
    title: `About — ${SITE.name}`,
    description:
      "Limitless Bar & Grill is an up-and-coming bar and grill serving delicious food at affordable prices in a relaxed atmosphere. Eat at your limit for less.",
  },
  "/reserve": {
    title: `Reserve a Table — ${SITE.name}`,
    description: "Book a table at Limitless Bar & Grill online, or call us to reserve for a group.",
  },
  notFound: {
    title: `Page Not Found — ${SITE.name}`,
    description: "The page you have requested could not be found. Find our menus, hours and contact details on the home page.",
  },
} satisfies Record<string, PageMeta>;
