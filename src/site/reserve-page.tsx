import { useMessages } from "../shared/i18n/i18n";
import { NewTabHint } from "./layout/new-tab-hint";
import { branchMessages, reserveMessages } from "./messages";
import { addressLine } from "./site-config";
import type { BranchView } from "./site-view";

/** Reserve: the diner picks the branch; each has its own booking page and phone. */
export function ReservePage({ branches }: { branches: readonly BranchView[] }) {
  const t = useMessages(reserveMessages);
  const place = useMessages(branchMessages);
  return (
    <div className="page page-narrow">
      <h1>{t.heading}</h1>
      <p>{t.lead}</p>
      <ul className="location-cards reserve-choices">
        {branches.map((branch) => (
          <li key={branch.id} className="reserve-choice">
            <h2>{place.location({ branch: branch.name })}</h2>
            <p className="muted">{addressLine(branch)}</p>
            <a className="button button-big" href={branch.bookingUrl} target="_blank" rel="noopener noreferrer">
              {t.bookNow}
              <span className="visually-hidden"> — {t.bookAt({ branch: branch.name })}</span>
              <NewTabHint />
            </a>
          </li>
        ))}
      </ul>
      <p className="muted">{t.groups}</p>
      <ul className="reserve-phones">
        {branches.map((branch) => (
          <li key={branch.id}>
            {branch.name}: <a href={`tel:${branch.phone.tel}`}>{branch.phone.display}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
