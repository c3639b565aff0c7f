/** Prices, weekdays and lists in the diner's language, through Intl (the numbers stay the same; their words and order change). */
import { parsePriceToCents } from "../../../contract/money";
import { LOCALE_TAGS, type Language } from "./language";

const moneyFormats = new Map<Language, Intl.NumberFormat>();

/**
 * 1399 (cents) or "13.99" (a wire price) → "$13.99" in every language: the narrow symbol, because a
 * Canadian menu priced "CA$13.99" reads as foreign to the diners who see the Filipino and Chinese
 * screens. Staff screens are in English. A malformed wire price shows as the server wrote it.
 */
export function formatMoney(amount: number | string, code: Language = "en"): string {
  const cents = typeof amount === "number" ? amount : parsePriceToCents(amount);
  if (cents === null) return String(amount);
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[code], { style: "currency", currency: "CAD", currencyDisplay: "narrowSymbol" });
    moneyFormats.set(code, format);
  }
  return format.format(cents / 100);
}

/** ISO weekday (Monday = 1) → "Tuesday", "Martes", "星期二". 2024-01-01 was a Monday. */
export function formatWeekday(isoWeekday: number, code: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[code], { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, isoWeekday)));
}

/** "milk, wheat" / "牛奶、小麦": a plain list, as labels and names are listed. */
export function formatList(items: readonly string[], code: Language): string {
  return items.join(code === "zh" ? "、" : ", ");
}

/** "Tuesdays and Thursdays" / "Martes at Huwebes" / "星期二和星期四". */
export function formatAndList(items: readonly string[], code: Language): string {
  return new Intl.ListFormat(LOCALE_TAGS[code], { type: "conjunction" }).format(items);
}

/**
 * A time of day at the restaurant, for "until 6 p.m.": in the branch's time zone whatever the phone's,
 * the minutes only when there are some ("6 p.m.", "5:30 p.m.", "18时").
 */
export function formatClockTime(instant: number, timeZone: string, code: Language): string {
  const options: Intl.DateTimeFormatOptions = { hour: "numeric", timeZone };
  if (new Intl.DateTimeFormat("en-US", { minute: "numeric", timeZone }).format(instant) !== "0") options.minute = "2-digit";
  return new Intl.DateTimeFormat(LOCALE_TAGS[code], options).format(instant);
}
