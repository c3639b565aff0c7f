/** The menu pages' own words in English (the dishes' names come from the menu data). */
import { i18n, params } from "../../shared/i18n/i18n";

export const liveMenuMessages = i18n("liveMenu", {
  sections: "Menu sections",
  todayIs: params("Today is {day} — today's special is highlighted."),
  empty: "Nothing here right now.",
  happyHour: "Happy hour:",
  heading: "Today's menu",
  unavailable: "The live menu can't be shown right now. The printed menus above have every dish; please try again in a minute.",
});

export const branchPageMessages = i18n("branchPage", {
  intro:
    "Filipino and Chinese barbecue, burgers, seafood, buckets and drinks. Open the printed menus below, or browse today's menu further down — it is live, so sold-out items are marked and today's special is highlighted.",
  documents: "Menus to open",
  menu: "Menu",
  drinks: "Drink Menu",
  happyHour: "Happy Hour Menu",
  pdf: "PDF",
  image: "Image",
  preview: "Preview",
  hidePreview: "Hide preview",
  previewAlt: "Preview of the Happy Hour Menu",
  visit: "Visit us",
});
