/**
 * Filipino (Tagalog as diners write it in a restaurant: everyday words, English loanwords where
 * Filipinos use them — "menu", "order", "cart"). Keys mirror the English in each messages.ts;
 * tests/unit/i18n-catalogs.test.ts fails if one is missing or left over.
 */
import type { ComponentsJSON } from "@nanostores/i18n";

const fil: ComponentsJSON = {
  language: {
    label: "Wika",
  },
  categories: {
    special: "Mga Espesyal",
    starter: "Pampagana",
    fries: "Fries",
    burger: "Burger",
    seafood: "Pagkaing-dagat",
    main: "Mga Ulam",
    drink: "Inumin",
    bucket: "Beer Bucket",
  },
  menuWords: {
    todaysSpecial: "Espesyal ngayong araw",
    soldOut: "Ubos na",
    onWeekday: "Tuwing {day}",
  },
  siteHeader: {
    skipToContent: "Lumaktaw sa nilalaman",
    home: "Pangunahing pahina ng {name}",
    mainNav: "Pangunahin",
    navigation: "Nabigasyon",
    menu: "Menu",
    reserve: "Magpareserba",
    about: "Tungkol sa Amin",
    contact: "Makipag-ugnayan",
    opensInNewTab: "(magbubukas sa bagong tab)",
  },
  siteFooter: {
    followUs: "Sundan kami",
    emailUs: "I-email kami",
    happyDay: "Maligayang {day}!",
  },
  liveMenu: {
    loading: "naglo-load...",
    sections: "Mga bahagi ng menu",
    todayIs: "Ngayon ay {day} — naka-highlight ang espesyal ngayong araw.",
    empty: "Wala pa rito sa ngayon.",
  },
};

export default fil;
