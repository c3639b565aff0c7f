// Its own module, apart from product-text.ts: only the product panel and the cart need it, not the menu's first load.
import type { NameTranslations } from "../../../contract/schemas";
import type { Language } from "./language";

/**
 * An option group's or an option's name in the diner's language (menu data, fifth round); `english`
 * when the manager left it untranslated on a Filipino or Chinese screen, so it can be marked lang="en".
 */
export function nameText(name: string, translations: NameTranslations | undefined, code: Language): { name: string; english: boolean } {
  const translated: unknown = code === "en" ? undefined : translations?.[code]?.name;
  const text = typeof translated === "string" ? translated.trim() : "";
  return text ? { name: text, english: false } : { name, english: code !== "en" };
}
