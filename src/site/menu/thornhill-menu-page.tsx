import { PAGE_META } from "../page-meta";
import { SITE, THORNHILL } from "../site-config";
import { usePageSetup } from "../use-page-setup";
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
      <p className="happy-hour-note">
        <strong>Happy hour:</strong> <span className="nowrap">{SITE.happyHour}</span>
      </p>
      <LiveMenu branchId={THORNHILL.branchId} title="Today's menu" />
    </div>
  );
}
