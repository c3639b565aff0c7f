/**
 * UI strings (@nanostores/i18n, docs/decisions/0009-languages.md). Each screen defines its English
 * strings in a `messages.ts` beside it (one i18n call per component); the Filipino and Chinese
 * catalogs (./catalogs/) are separate chunks fetched only when that language is in use, so an English
 * phone downloads no translation at all.
 */
import { createI18n, type ComponentsJSON, type Messages, type Translations } from "@nanostores/i18n";
import { useStore } from "@nanostores/react";
import { language, setLanguage, type Language } from "./language";

export { count, params } from "@nanostores/i18n";

const CATALOGS: Record<Exclude<Language, "en">, () => Promise<{ default: ComponentsJSON }>> = {
  fil: () => import("./catalogs/fil"),
  zh: () => import("./catalogs/zh"),
};

const loaded = new Map<Language, Promise<ComponentsJSON>>();

/** A language's catalog, fetched once; English is the code's own text. A failed fetch is tried again next time. */
export function loadCatalog(code: Language): Promise<ComponentsJSON> {
  if (code === "en") return Promise.resolve({});
  let catalog = loaded.get(code);
  if (!catalog) {
    catalog = CATALOGS[code]().then((module) => module.default);
    catalog.catch(() => loaded.delete(code));
    loaded.set(code, catalog);
  }
  return catalog;
}

export const i18n = createI18n(language, {
  baseLocale: "en",
  // Every asked-for component gets an entry (an empty one keeps its English), or the library would
  // wait for it forever and never re-render. Offline before this chunk was ever cached: English.
  get: async (code, components) => {
    const catalog = await loadCatalog(code).catch(() => ({}));
    return { ...Object.fromEntries(components.map((name) => [name, {}])), ...catalog };
  },
});

// A diner who chose Filipino or Chinese before: fetch it alongside the route's code, not after it.
void loadCatalog(language.get()).catch(() => undefined);

/**
 * Switches language once its strings are here, so the screen changes in one step (and stays as it
 * was if they can't be fetched, e.g. offline before the service worker cached them).
 */
export async function chooseLanguage(code: Language): Promise<void> {
  await loadCatalog(code);
  setLanguage(code);
}

/** A component's strings in the current language, re-rendering when it changes. */
export function useMessages<Body extends Translations>(messages: Messages<Body>): Body {
  return useStore(messages);
}

/** The current language, for formatting and menu data. */
export function useLanguage(): Language {
  return useStore(language);
}
