import { useLanguage, useMessages } from "../shared/i18n/i18n";
import { aboutMessages } from "./messages";
import { SITE } from "./site-config";
import { sitePath } from "./site-pages";

export function AboutPage() {
  const t = useMessages(aboutMessages);
  const code = useLanguage();
  return (
    <div className="page page-narrow">
      <h1>{t.heading}</h1>
      <p className="slogan">{t.slogan}</p>
      <p>{t.story({ name: SITE.name })}</p>
      <p className="slogan slogan-big" lang="en">
        be LIMITLESS
      </p>
      <p>
        <a className="button" href={`${sitePath("/", code)}#menus-title`}>
          {t.seeMenus}
        </a>
      </p>
    </div>
  );
}
