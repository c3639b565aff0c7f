import { NewTabHint } from "./layout/new-tab-hint";
import { PAGE_META } from "./page-meta";
import { SITE } from "./site-config";
import { usePageSetup } from "./use-page-setup";
import "./site.css";

export default function ReservePage() {
  usePageSetup(PAGE_META["/reserve"]);
  return (
    <div className="page page-narrow">
      <h1>Reserve a table</h1>
      <p>Book your table online in a minute. We&apos;ll see you soon!</p>
      <p>
        <a className="button button-big" href={SITE.bookingUrl} target="_blank" rel="noopener noreferrer">
          Book Now
          <NewTabHint />
        </a>
      </p>
      <p className="muted">
        Booking for a big group or a party? Call us at <a href={`tel:${SITE.phone.tel}`}>{SITE.phone.display}</a>.
      </p>
    </div>
  );
}
