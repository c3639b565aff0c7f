import { useId, type ReactNode } from "react";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { BRANCH_MENUS, sitePath, type SitePage } from "../site-pages";
import { SITE_NAME } from "../site-identity";
import { headerMessages } from "./messages";

interface NavbarProps {
  /** The page shown, for `aria-current` (the public pages; none on the app's screens). */
  current?: SitePage | null;
  /** The public pages pass links to themselves in each language; the app's screens the remembered-choice menu. */
  languagePicker: ReactNode;
  /** Whether the phone's menu is open, and what its button does: the app's screens hold that in React; on the public pages the script does it (site/browser/nav.ts). */
  open?: boolean;
  onToggle?: () => void;
}

/**
 * The navbar's markup. Rendered by the server on the public pages (their script, site/browser/nav.ts,
 * works the hamburger there: no React runs on them) and by React on the app's screens that show it
 * (site-header.tsx).
 * Under 768 px the links collapse behind a hamburger button that starts closed; wider screens always
 * show them (CSS decides). Menu offers both branches' menus; Reserve opens the page where the diner
 * picks a branch. The language picker stays visible at every width: a diner who can't read the
 * current language must still find it. Every link is a page load: the public pages are the server's.
 */
export function Navbar({ current = null, languagePicker, open = false, onToggle }: NavbarProps) {
  const linksId = useId();
  const code = useLanguage();
  const t = useMessages(headerMessages);
  const link = (page: SitePage) => ({ href: sitePath(page, code), "aria-current": current === page ? ("page" as const) : undefined });

  return (
    <header className="site-header">
      <nav className="site-nav" aria-label={t.mainNav}>
        <a href={sitePath("/", code)} className="site-brand">
          <img src="/images/logo.svg" alt={t.home({ name: SITE_NAME })} width="160" height="40" />
        </a>
        <button type="button" className="nav-toggle" aria-expanded={open} aria-controls={linksId} data-nav-toggle="" onClick={onToggle}>
          <span className="nav-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{t.navigation}</span>
        </button>
        <ul id={linksId} className="nav-links" data-open={open}>
          <li>
            <details className="nav-menus" data-nav-menus="">
              <summary>{t.menu}</summary>
              <ul>
                {BRANCH_MENUS.map(({ page, branch }) => (
                  <li key={page}>
                    <a {...link(page)}>{t.branchMenu({ branch })}</a>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          <li>
            <a {...link("/reserve")}>{t.reserve}</a>
          </li>
          <li>
            <a {...link("/about")}>{t.about}</a>
          </li>
          <li>
            <a href={`${sitePath("/", code)}#contact`}>{t.contact}</a>
          </li>
        </ul>
        {languagePicker}
      </nav>
    </header>
  );
}
