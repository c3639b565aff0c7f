import { PAGE_META } from "../page-meta";
import { SITE, THORNHILL } from "../site-config";
import { usePageSetup } from "../use-page-setup";
import { HappyHourNote } from "./happy-hour-note";
import { DocumentLink, HappyHourLink } from "./menu-documents";
import { LiveMenu } from "./live-menu";
import "../site.css";

export default function ThornhillMenuPage() {
  usePageSetup(PAGE_META["/menu"]);
  const { thornhillMenu, drinkMenu } = SITE.documents;
  return (
    <div className="page">
      <h1>{THORNHILL.name} Location</h1>
      <p className="page-lead">{THORNHILL.address}</p>
      <p className="page-intro">
        Filipino and Chinese barbecue, burgers, seafood, buckets and drinks. Open the full menu, the drink menu or the happy hour menu
        below, or browse today&apos;s menu further down — it is live, so sold-out items are marked and today&apos;s special is highlighted.
      </p>
      <ul className="document-links">
        <li>
          <DocumentLink href={thornhillMenu.href} detail={`PDF · ${thornhillMenu.date}`}>
            Menu
          </DocumentLink>
        </li>
        <li>
          <DocumentLink href={drinkMenu.href} detail="PDF">
            Drink Menu
          </DocumentLink>
        </li>
        <li>
          <HappyHourLink />
        </li>
      </ul>
      <HappyHourNote branchId={THORNHILL.branchId} />
      <LiveMenu branchId={THORNHILL.branchId} title="Today's menu" />
    </div>
  );
}
