/** Each public page's title and description (search results, link previews, the tab), and the words of the short pages. */
import { i18n, params } from "../shared/i18n/i18n";

export const pageMetaMessages = i18n("sitePageMeta", {
  homeTitle: params("{name} — Filipino & Chinese BBQ in Thornhill and Pickering"),
  homeDescription:
    "Filipino and Chinese barbecue, burgers, bucket deals and drinks at Limitless Bar & Grill in Thornhill and Pickering, Ontario. Eat at your limit for less.",
  branchTitle: params("{branch} Menu — {name}"),
  branchDescription: params(
    "The Limitless Bar & Grill {branch} menu at {address}: daily specials, starters, fries, burgers, seafood, mains, drinks and buckets, with prices, hours and phone.",
  ),
  aboutTitle: params("About — {name}"),
  aboutDescription:
    "Limitless Bar & Grill is an up-and-coming bar and grill in Thornhill and Pickering serving delicious food at affordable prices in a relaxed atmosphere.",
  reserveTitle: params("Reserve a Table — {name}"),
  reserveDescription:
    "Book a table at Limitless Bar & Grill in Thornhill or Pickering online, or call the location to reserve for a group.",
  notFoundTitle: params("Page Not Found — {name}"),
  notFoundDescription: "The page you have requested could not be found. Find our menus, hours and contact details on the home page.",
});

export const aboutMessages = i18n("aboutPage", {
  heading: "About us",
  slogan: "Eat at your limit for less",
  story: params(
    "{name} is an up-and-coming bar and grill in Thornhill and Pickering, serving delicious food at affordable prices in a relaxed atmosphere. Come for Filipino and Chinese barbecue, burgers, bucket deals and daily specials, stay for the drinks and the company.",
  ),
  seeMenus: "See the menus",
});

export const reserveMessages = i18n("reservePage", {
  heading: "Reserve a table",
  lead: "Pick your location and book online in a minute. We'll see you soon!",
  bookNow: "Book Now",
  bookAt: params("Book a table at {branch}"),
  groups: "Booking for a big group or a party? Call the location:",
});

export const notFoundMessages = i18n("notFoundPage", {
  heading: "The page you have requested could not be found!",
  detail: "It may have moved, or the link may be mistyped.",
  home: "Go to the home page",
  menus: "See the menus",
});

/** What each branch's card and page say about it: hours, phone, map, booking. */
export const branchMessages = i18n("siteBranch", {
  location: params("{branch} Location"),
  hours: "Hours",
  happyHour: "Happy hour",
  phone: "Phone",
  openInMaps: "Open in Maps",
  mapOf: params("Map of {name} at {address}"),
  bookTable: "Book a table",
  seeMenu: params("{branch} menu"),
});
