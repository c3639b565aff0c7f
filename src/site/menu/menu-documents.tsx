import { useState, type ReactNode } from "react";
import { NewTabHint } from "../layout/new-tab-hint";
import { SITE } from "../site-config";

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

/**
 * The Happy Hour Menu link with its preview card: shown on hover (mouse) or keyboard focus,
 * and behind a "Preview" button on touch screens, which cannot hover. Escape hides a card
 * opened by hover or focus (WCAG 1.4.13: content on hover must be dismissible).
 */
export function HappyHourLink() {
  const { happyHour } = SITE.documents;
  const [shown, setShown] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const previewId = "happy-hour-preview";

  return (
    <div
      className="has-preview"
      data-dismissed={dismissed}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        setDismissed(true);
        setShown(false);
      }}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <DocumentLink href={happyHour.href} detail="Image">
        Happy Hour Menu
      </DocumentLink>
      <button
        type="button"
        className="preview-toggle"
        aria-expanded={shown}
        aria-controls={previewId}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? "Hide preview" : "Preview"}
      </button>
      <div id={previewId} className="preview-card" data-shown={shown}>
        <img
          src={happyHour.preview}
          alt="Preview of the Happy Hour Menu"
          width={360}
          height={480}
          loading="lazy"
          decoding="async"
        />
      </div>
    </div>
  );
}
