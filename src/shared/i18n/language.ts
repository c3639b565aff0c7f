/**
 * The diner's language: English (the default and the text written in the code), Filipino or
 * Simplified Chinese. Chosen from the browser's languages until the diner picks one, then remembered
 * on this device; `<html lang>` follows it so screen readers and fonts use the right language.
 */
import { atom } from "nanostores";

export const LANGUAGES = ["en", "fil", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as a diner looking for theirs would recognise it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", fil: "Filipino", zh: "中文" };

/** BCP 47 tags for `<html lang>` and Intl: Canadian English, Filipino, Chinese in simplified script. */
export const LOCALE_TAGS: Record<Language, string> = { en: "en-CA", fil: "fil", zh: "zh-Hans" };

export const LANGUAGE_STORAGE_KEY = "language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's preferred languages that we have: Filipino also for Tagalog (`tl`, the
 * code many phones still send), every Chinese variant to Simplified Chinese; English otherwise.
 */
export function languageFromPreferences(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === "en") return "en";
    if (primary === "fil" || primary === "tl") return "fil";
    if (primary === "zh") return "zh";
  }
  return "en";
}

function browserPreferences(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** localStorage can be missing or refuse (private modes, blocked storage): the choice then lasts the visit. */
function readSaved(): Language | null {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

function save(code: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not remembered, still used.
  }
}

/** The diner's saved choice, else the browser's preference. */
export function initialLanguage(): Language {
  return readSaved() ?? languageFromPreferences(browserPreferences());
}

export const language = atom<Language>(initialLanguage());

/** Remembers a language and uses it (call through `chooseLanguage`, which first loads its strings). */
export function setLanguage(code: Language): void {
  save(code);
  language.set(code);
}

if (typeof document !== "undefined") {
  language.subscribe((code) => {
    document.documentElement.lang = LOCALE_TAGS[code];
  });
}
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_STORAGE_KEY && isLanguage(event.newValue)) language.set(event.newValue);
  });
}

/**
 * `lang` for text that stays in English whatever the page's language (the menu data's option and group
 * names, which are not translated): "en" on a Filipino or Chinese page, so screen readers pronounce it as
 * English (WCAG 3.1.2); nothing on an English page, where it would only repeat the page's own.
 */
export function englishTextLang(code: Language): "en" | undefined {
  return code === "en" ? undefined : "en";
}
