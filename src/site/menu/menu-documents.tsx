import type { ReactNode } from "react";
import { useMessages } from "../../shared/i18n/i18n";
import { NewTabHint } from "../layout/new-tab-hint";
import type { BranchDocument } from "../site-config";
import { branchPageMessages } from "./messages";

/** A link to a menu document (PDF or image) that opens in a new tab. */
export function DocumentLink({ href, children, detail }: { href: string; children: ReactNode; detail?: string }) {
  return (
    <a className="document-link" href={href} target="_blank" rel="noopener">
      <span className="document-link-title">{children}</span>
      {detail && <span className="document-link-detail">{detail}</span>}
      <NewTabHint />
    </a>
  );
}

const PREVIEW = { href: "/images/happy-hour-menu-preview.webp", width: 360, height: 480 };

/**
 * The Happy Hour Menu link with its preview card: shown on hover (mouse) or keyboard focus by CSS,
 * and behind a "Preview" button on touch screens, which cannot hover. The page's script
 * (site/browser/preview.ts) works the button and lets Escape hide a card opened by hover or focus
 * (WCAG 1.4.13); without it the card still shows on hover and focus.
 */
export function HappyHourLink({ document }: { document: BranchDocument }) {
  const t = useMessages(branchPageMessages);
  const previewId = "happy-hour-preview";
  return (
    <div className="has-preview" data-preview="" data-dismissed="false">
      <DocumentLink href={document.href} detail={t.image}>
        {t.happyHour}
      </DocumentLink>
      <button
        type="button"
        className="preview-toggle"
        aria-expanded="false"
        aria-controls={previewId}
        data-label-show={t.preview}
        data-label-hide={t.hidePreview}
      >
        {t.preview}
      </button>
      <div id={previewId} className="preview-card" data-shown="false">
        <img src={PREVIEW.href} alt={t.previewAlt} width={PREVIEW.width} height={PREVIEW.height} loading="lazy" decoding="async" />
      </div>
    </div>
  );
}

/** A branch's documents: its menu (with its date), the drink menu and the happy hour menu. */
export function MenuDocuments({ documents }: { documents: readonly BranchDocument[] }) {
  const t = useMessages(branchPageMessages);
  const title = { menu: t.menu, drinks: t.drinks, happyHour: t.happyHour };
  return (
    <ul className="document-links" aria-label={t.documents}>
      {documents.map((document) => (
        <li key={document.kind}>
          {document.kind === "happyHour" ? (
            <HappyHourLink document={document} />
          ) : (
            <DocumentLink href={document.href} detail={[t.pdf, document.date].filter(Boolean).join(" · ")}>
              {title[document.kind]}
            </DocumentLink>
          )}
        </li>
      ))}
    </ul>
  );
}
