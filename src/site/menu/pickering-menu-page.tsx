import { PAGE_META } from "../page-meta";
import { PICKERING, SITE } from "../site-config";
import { usePageSetup } from "../use-page-setup";
import { HappyHourNote } from "./happy-hour-note";
import { DocumentLink } from "./menu-documents";
import { LiveMenu } from "./live-menu";
import "../site.css";

export default function PickeringMenuPage() {
  usePageSetup(PAGE_META["/menu2"]);
  return (
    <div className="page">
      <h1>{PICKERING.name} Location</h1>
      <p className="page-lead">{PICKERING.street}</p>
      <p className="page-intro">
        Our Pickering location serves the same Filipino and Chinese barbecue, burgers and buckets. Open the full menu below, or browse
        today&apos;s menu — it is live, so sold-out items are marked and today&apos;s special is highlighted.
      </p>
      <ul className="document-links">
        <li>
          <DocumentLink href={SITE.documents.pickeringMenu.href} detail="PDF">
            Menu
          </DocumentLink>
        </li>
      </ul>
      <HappyHourNote branchId={PICKERING.branchId} />
      <LiveMenu branchId={PICKERING.branchId} title="Today's menu" />
    </div>
  );
}
