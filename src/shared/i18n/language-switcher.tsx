/**
 * The language menu in the navbar, on every screen: a labelled native select (the phone's own
 * picker, operable by keyboard and screen reader), each language written in itself.
 */
import { useId, useState } from "react";
import { chooseLanguage, useLanguage, useMessages } from "./i18n";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, LOCALE_TAGS, type Language } from "./language";
import { languageMessages } from "./messages";
import "./language-switcher.css";

export function LanguageSwitcher() {
  const current = useLanguage();
  const t = useMessages(languageMessages);
  const id = useId();
  // Shown at once while its strings load, so the select doesn't jump back.
  const [pending, setPending] = useState<Language | null>(null);

  const choose = (value: string) => {
    if (!isLanguage(value)) return;
    setPending(value);
    chooseLanguage(value).then(
      () => setPending(null),
      () => setPending(null),
    );
  };

  return (
    <div className="language-switcher">
      <label htmlFor={id}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
        </svg>
        <span className="visually-hidden">{t.label}</span>
      </label>
      <select id={id} value={pending ?? current} onChange={(event) => choose(event.target.value)}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={LOCALE_TAGS[code]}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
