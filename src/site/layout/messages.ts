/** The site's chrome in English: navbar, skip link, footer. */
import { i18n, params } from "../../shared/i18n/i18n";

export const headerMessages = i18n("siteHeader", {
  skipToContent: "Skip to content",
  home: params("{name} home"),
  mainNav: "Main",
  navigation: "Navigation",
  menu: "Menu",
  reserve: "Reserve",
  about: "About",
  contact: "Contact",
  opensInNewTab: "(opens in a new tab)",
  /** The Menu item's list: one entry per branch. */
  branchMenu: params("{branch} menu"),
  /** The language picker on the public pages: links to this page in each language. */
  thisPageIn: "This page in",
});

export const footerMessages = i18n("siteFooter", {
  followUs: "Follow us",
  emailUs: "Email us",
  happyDay: params("Happy {day}!"),
  locations: "Our locations",
});
