/** The live menu's own words in English (the dishes' names come from the menu data). */
import { i18n, params } from "../../shared/i18n/i18n";

export const liveMenuMessages = i18n("liveMenu", {
  loading: "loading...",
  sections: "Menu sections",
  todayIs: params("Today is {day} — today's special is highlighted."),
  empty: "Nothing here right now.",
  happyHour: "Happy hour:",
});
