import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { BranchDetails } from "../layout/branch-details";
import { NewTabHint } from "../layout/new-tab-hint";
import { displayPrice } from "../menu/menu-item-list";
import { branchMessages } from "../messages";
import { SITE, addressLine } from "../site-config";
import { sitePath } from "../site-pages";
import type { SiteView } from "../site-view";
import { Carousel } from "./carousel";
import { NEW_ITEMS, SLIDE_NAMES } from "./landing-content";
import { MenuHighlights } from "./menu-highlights";
import { eventMessages, landingMessages } from "./messages";

export function LandingPage({ view }: { view: SiteView }) {
  const t = useMessages(landingMessages);
  const place = useMessages(branchMessages);
  const close = useMessages(eventMessages);
  const code = useLanguage();

  return (
    <div className="landing">
      <Carousel slides={SLIDE_NAMES} />

      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{SITE.name}</h1>
        <p className="hero-tagline">{t.tagline}</p>
        <p className="slogan">{t.slogan}</p>
        <p className="button-row">
          <a className="button button-big" href={view.settings.deliveryUrl} target="_blank" rel="noopener noreferrer">
            {t.orderDelivery}
            <NewTabHint />
          </a>
          <a className="button button-big button-secondary" href={sitePath("/reserve", code)}>
            {t.reserveTable}
          </a>
        </p>
      </section>

      <section className="landing-section" aria-labelledby="menus-title">
        <h2 id="menus-title">{t.menus}</h2>
        <ul className="location-cards">
          {view.branches.map((branch) => (
            <li key={branch.id}>
              <a className="location-card" href={sitePath(branch.path, code)}>
                <span className="location-card-title">{t.locationMenu({ branch: branch.name })}</span>
                <span className="location-card-address">{addressLine(branch)}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="new-items-title">
        <h2 id="new-items-title">{t.newItems}</h2>
        <ul className="new-items">
          {NEW_ITEMS.map((item) => (
            <li key={item.name} className="new-item">
              <h3>{item.name}</h3>
              <p className="menu-item-price">{displayPrice(item.price, code)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="contact" className="landing-section" aria-labelledby="contact-title" tabIndex={-1}>
        <h2 id="contact-title">{t.hoursAndContact}</h2>
        <div className="branch-columns">
          {view.branches.map((branch) => (
            <section key={branch.id} className="branch-card" aria-labelledby={`branch-${branch.id}`}>
              <h3 id={`branch-${branch.id}`}>{place.location({ branch: branch.name })}</h3>
              <BranchDetails branch={branch} mapsKey={view.settings.mapsKey}>
                <a className="button" href={sitePath(branch.path, code)}>
                  {place.seeMenu({ branch: branch.name })}
                </a>
              </BranchDetails>
            </section>
          ))}
        </div>
      </section>

      <MenuHighlights branches={view.branches} />

      {/* The event announcement (public/event.json), filled in and opened by the page's script when one is on. */}
      <dialog className="modal" data-event-announcement="" data-source={SITE.eventAnnouncementUrl}>
        <div className="modal-content">
          <button type="button" className="modal-close" data-close="">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{close.close}</span>
          </button>
          <div data-event-body="" />
        </div>
      </dialog>
    </div>
  );
}
