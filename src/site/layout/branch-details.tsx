import { describeHappyHours } from "../../shared/i18n/happy-hours-text";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { describeDays, describeTimes } from "../hours-text";
import { branchMessages } from "../messages";
import { SITE, addressLine, mapsEmbedUrl, mapsLink } from "../site-config";
import type { BranchView } from "../site-view";
import { NewTabHint } from "./new-tab-hint";

interface BranchDetailsProps {
  branch: BranchView;
  /** Without a maps key each branch links to the map; with one, the page embeds it. */
  mapsKey: string;
  /** Extra links under the details (the landing page's "menu" and "book" for each branch). */
  children?: React.ReactNode;
}

/** A branch's address, phone, hours and happy hour, and its map: the same block for both branches, wherever it is shown. */
export function BranchDetails({ branch, mapsKey, children }: BranchDetailsProps) {
  const code = useLanguage();
  const t = useMessages(branchMessages);
  const embed = mapsEmbedUrl(branch, mapsKey);
  return (
    <div className="branch-details">
      <address>
        {branch.address.street}
        <br />
        {branch.address.locality}, {branch.address.region} {branch.address.postalCode}
        <br />
        <span className="visually-hidden">{t.phone}: </span>
        <a href={`tel:${branch.phone.tel}`}>{branch.phone.display}</a>
      </address>
      <dl className="hours">
        {branch.hours.map((hours) => (
          <div key={hours.weekdays.join()}>
            <dt>{describeDays(hours, code)}</dt>
            <dd>{describeTimes(hours, code)}</dd>
          </div>
        ))}
        {branch.happyHours.length > 0 && (
          <div>
            <dt>{t.happyHour}</dt>
            <dd>{describeHappyHours(branch.happyHours, code)}</dd>
          </div>
        )}
      </dl>
      <p className="button-row">
        {children}
        <a className="button button-secondary" href={mapsLink(branch)} target="_blank" rel="noopener noreferrer">
          {t.openInMaps}
          <NewTabHint />
        </a>
      </p>
      {embed && (
        <iframe
          className="map"
          title={t.mapOf({ name: SITE.name, address: addressLine(branch) })}
          src={embed}
          width="600"
          height="360"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      )}
    </div>
  );
}
