import { useLanguage, useMessages } from "../shared/i18n/i18n";
import { notFoundMessages } from "./messages";
import { sitePath } from "./site-pages";

/** Any other path. The server answers it with HTTP 404, in the language its path starts with. */
export function NotFoundPage() {
  const t = useMessages(notFoundMessages);
  const code = useLanguage();
  return (
    <div className="page page-narrow not-found">
      <h1>{t.heading}</h1>
      <p>{t.detail}</p>
      <p className="button-row">
        <a className="button" href={sitePath("/", code)}>
          {t.home}
        </a>
        <a className="button button-secondary" href={`${sitePath("/", code)}#menus-title`}>
          {t.menus}
        </a>
      </p>
    </div>
  );
}
