import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { SITE } from "../site-config";
import { NewTabHint } from "./new-tab-hint";
import "./layout.css";

/**
 * The navbar on every page (the diner's /order screen too, so: no heavy imports here).
 * Under 768 px the links collapse behind a hamburger button that starts closed;
 * wider screens always show them (CSS decides, the button is hidden there).
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const { pathname, hash } = useLocation();
  const linksId = useId();

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
      <nav className="site-nav" aria-label="Main">
        <Link to="/" className="site-brand">
          <img src="/images/logo.svg" alt={`${SITE.name} home`} width="160" height="40" />
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls={linksId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="nav-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Navigation</span>
        </button>
        <ul id={linksId} className="nav-links" data-open={open}>
          <li>
            <NavLink to="/menu">Menu</NavLink>
          </li>
          <li>
            <a href={SITE.bookingUrl} target="_blank" rel="noopener noreferrer">
              Reserve
              <NewTabHint />
            </a>
          </li>
          <li>
            <NavLink to="/about">About</NavLink>
          </li>
          <li>
            <Link to="/#contact">Contact</Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
