import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { PageLink } from "../../shared/page-link";
import { useMessages } from "../../shared/i18n/i18n";
import { LanguageSwitcher } from "../../shared/i18n/language-switcher";
import { BOOKING_URL, SITE_NAME } from "../site-identity";
import { headerMessages } from "./messages";
import { NewTabHint } from "./new-tab-hint";
import "./layout.css";

/**
 * The navbar on every page (the diner's /order screen too, so: no heavy imports here).
 * Under 768 px the links collapse behind a hamburger button that starts closed;
 * wider screens always show them (CSS decides, the button is hidden there). The language menu
 * stays visible at every width: a diner who can't read the current language must still find it.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const { pathname, hash } = useLocation();
  const linksId = useId();
  const t = useMessages(headerMessages);

  // A followed link closes the phone menu.
  useEffect(() => setOpen(false), [pathname, hash]);

  // Escape closes it too, as people expect of anything that drops down.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <nav className="site-nav" aria-label={t.mainNav}>
        <Link to="/" className="site-brand">
          <img src="/images/logo.svg" alt={t.home({ name: SITE_NAME })} width="160" height="40" />
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls={linksId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="nav-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{t.navigation}</span>
        </button>
        <ul id={linksId} className="nav-links" data-open={open}>
          <li>
            <PageLink to="/menu">{t.menu}</PageLink>
          </li>
          <li>
            <a href={BOOKING_URL} target="_blank" rel="noopener noreferrer">
              {t.reserve}
              <NewTabHint />
            </a>
          </li>
          <li>
            <PageLink to="/about">{t.about}</PageLink>
          </li>
          <li>
            <Link to="/#contact">{t.contact}</Link>
          </li>
        </ul>
        <LanguageSwitcher />
      </nav>
    </header>
  );
}
