import { useMessages } from "../../shared/i18n/i18n";
import { BranchDetails } from "../layout/branch-details";
import { NewTabHint } from "../layout/new-tab-hint";
import { branchMessages } from "../messages";
import type { BranchView } from "../site-view";
import { LiveMenu } from "./live-menu";
import { MenuDocuments } from "./menu-documents";
import { branchPageMessages } from "./messages";

/** A branch's page (/menu Thornhill, /menu2 Pickering): where it is and when it is open, its menus, and the live menu. */
export function BranchPage({ branch, weekday, mapsKey }: { branch: BranchView; weekday: number; mapsKey: string }) {
  const t = useMessages(branchPageMessages);
  const place = useMessages(branchMessages);
  return (
    <div className="page">
      <h1>{place.location({ branch: branch.name })}</h1>
      <p className="page-lead">
        {branch.address.street}, {branch.address.locality}, {branch.address.region}
      </p>
      <p className="page-intro">{t.intro}</p>
      <MenuDocuments documents={branch.documents} />
      <section className="branch-visit" aria-labelledby="visit-title">
        <h2 id="visit-title">{t.visit}</h2>
        <BranchDetails branch={branch} mapsKey={mapsKey}>
          <a className="button" href={branch.bookingUrl} target="_blank" rel="noopener noreferrer">
            {place.bookTable}
            <span className="visually-hidden"> ({branch.name})</span>
            <NewTabHint />
          </a>
        </BranchDetails>
      </section>
      <LiveMenu branch={branch} weekday={weekday} />
    </div>
  );
}
