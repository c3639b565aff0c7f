/** The landing page's words in English. */
import { i18n, params } from "../../shared/i18n/i18n";

export const landingMessages = i18n("landingPage", {
  tagline: "Filipino & Chinese BBQ in Thornhill and Pickering",
  slogan: "Eat at your limit for less",
  orderDelivery: "Order delivery",
  reserveTable: "Reserve a table",
  menus: "Menus",
  locationMenu: params("{branch} Location Menu"),
  newItems: "Try our new items",
  hoursAndContact: "Hours and contact",
  bucketDeals: "Bucket Deals",
  burgers: "Limitless Burgers",
  drinks: "Drinks",
  empty: "Nothing here right now.",
  /** A highlighted dish priced differently at the two branches: "Thornhill $30.00". */
  priceAt: params("{branch} {price}"),
});

export const carouselMessages = i18n("carousel", {
  photos: params("Photos of {name}"),
  track: params("{label}: scroll or swipe"),
  slide: params("{number} of {count}"),
  showPhoto: params("Show photo {number}"),
  pause: "Pause slideshow",
  play: "Play slideshow",
  grill: "Skewers sizzling over the open flame of our grill",
  burger: "A stacked Limitless burger with fries on the side",
  bucket: "A bucket of ice-cold beers ready to share",
  sisig: "Sizzling sisig served on a hot plate",
  bar: "The bar at night with warm lights and cocktails",
});

export const eventMessages = i18n("eventAnnouncement", {
  close: "Close",
});
