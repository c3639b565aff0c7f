import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { LANGUAGE_NAMES, LANGUAGES, LOCALE_TAGS } from "../../shared/i18n/language";
import { languageMessages } from "../../shared/i18n/messages";
import { sitePath, type SitePage } from "../site-pages";
import { headerMessages } from "./messages";

/**
 * The public pages' language picker: this page in each language, as links (each language has its own
 * address, so a crawler follows them and a visitor can share them). A native disclosure, so it opens
 * and closes without JavaScript; the page's script only remembers the choice for the ordering screens
 * and closes it on a click elsewhere. The not-found page offers the home page in each language.
 */
export function LanguageLinks({ page }: { page: SitePage | null }) {
  const current = useLanguage();
  const t = useMessages(headerMessages);
  const label = useMessages(languageMessages);
  return (
    <details className="language-picker" data-language-picker="">
      <summary>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
        </svg>
        <span className="visually-hidden">{label.label}: </span>
        <span lang={LOCALE_TAGS[current]}>{LANGUAGE_NAMES[current]}</span>
      </summary>
      <ul aria-label={t.thisPageIn}>
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={sitePath(page ?? "/", code)}
              hrefLang={LOCALE_TAGS[code]}
              lang={LOCALE_TAGS[code]}
              aria-current={code === current ? "true" : undefined}
              data-language={code}
            >
              {LANGUAGE_NAMES[code]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
