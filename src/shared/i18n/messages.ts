/** English strings every feature shows: the language switcher, the menu's categories and its badges. */
import { CATEGORY_TITLES } from "../../../contract/menu";
import { i18n, params } from "./i18n";

export const languageMessages = i18n("language", {
  label: "Language",
});

export const categoryMessages = i18n("categories", { ...CATEGORY_TITLES });

export const menuWords = i18n("menuWords", {
  todaysSpecial: "Today's special",
  soldOut: "Sold out",
  /** A daily special on other days: "Tuesdays". */
  onWeekday: params("{day}s"),
});
