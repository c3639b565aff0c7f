import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { NewTabHint } from "../layout/new-tab-hint";
import { displayPrice } from "../menu/menu-item-list";
import { PAGE_META } from "../page-meta";
import { SITE, mapsEmbedUrl, mapsLink } from "../site-config";
import { usePageSetup } from "../use-page-setup";
import { Carousel } from "./carousel";
import { EventAnnouncement } from "./event-announcement";
import { NEW_ITEMS, SLIDES } from "./landing-content";
import { MenuHighlights } from "./menu-highlights";
import "../site.css";
import "./landing.css";

export default function LandingPage() {
  usePageSetup(PAGE_META["/"], { scrollToTop: false });
  useScrollToTopOrHash();
  const main = SITE.mainLocation;
  const embed = mapsEmbedUrl(main.address);

  return (
    <div className="landing">
      <Carousel slides={SLIDES} label={`Photos of ${SITE.name}`} />

      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{SITE.name}</h1>
        <p className="hero-tagline">Filipino &amp; Chinese BBQ in Thornhill and Pickering</p>
        <p className="slogan">{SITE.slogan}</p>
        <p className="button-row">
          <a className="button button-big" href={SITE.deliveryUrl} target="_blank" rel="noopener noreferrer">
            Order delivery
            <NewTabHint />
          </a>
          <Link className="button button-big button-secondary" to="/reserve">
            Reserve a table
          </Link>
        </p>
      </section>

      <section className="landing-section" aria-labelledby="menus-title">
        <h2 id="menus-title">Menus</h2>
        <ul className="location-cards">
          {SITE.locations.map((location) => (
            <li key={location.branchId}>
              <Link className="location-card" to={location.menuPath}>
                <span className="location-card-title">{location.name} Location Menu</span>
                <span className="location-card-address">{location.address}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="new-items-title">
        <h2 id="new-items-title">Try our new items</h2>
        <ul className="new-items">
          {NEW_ITEMS.map((item) => (
            <li key={item.name} className="new-item">
              <h3>{item.name}</h3>
              <p className="menu-item-price">{displayPrice(item.price)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="landing-columns">
        <section className="landing-section" aria-labelledby="hours-title">
          <h2 id="hours-title">Main Store Hours</h2>
          <dl className="hours">
            {SITE.hours.map((entry) => (
              <div key={entry.days}>
                <dt>{entry.days}</dt>
                <dd>{entry.open}</dd>
              </div>
            ))}
            <div>
              <dt>Happy hour</dt>
              <dd>{SITE.happyHour}</dd>
            </div>
          </dl>
        </section>

        <section id="contact" className="landing-section" aria-labelledby="contact-title" tabIndex={-1}>
          <h2 id="contact-title">Contact</h2>
          <address>
            {main.street}
            <br />
            {main.city}
            <br />
            <a href={`tel:${SITE.phone.tel}`}>{SITE.phone.display}</a>
          </address>
          {embed ? (
            <iframe
              className="map"
              title={`Map of ${SITE.name} at ${main.address}`}
              src={embed}
              width="600"
              height="360"
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              allowFullScreen
            />
          ) : (
            <p>
              <a className="button button-secondary" href={mapsLink(main.address)} target="_blank" rel="noopener noreferrer">
                Open in Maps
                <NewTabHint />
              </a>
            </p>
          )}
        </section>
      </div>

      <MenuHighlights branchId={main.branchId} />
      <EventAnnouncement />
    </div>
  );
}

/** Starts at the top on load, unless the link asked for a section (/#contact). */
function useScrollToTopOrHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, 0);
    }
  }, [hash, key]);
}
