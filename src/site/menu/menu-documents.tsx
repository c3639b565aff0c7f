import { useEffect, useState, type ReactNode } from "react";
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
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const previewId = "happy-hour-preview";

  // Escape works wherever focus is, since a hover card can be open while focus is elsewhere.
  const cardMayShow = shown || hovered || focused;
  useEffect(() => {
    if (!cardMayShow) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setDismissed(true);
      setShown(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [cardMayShow]);

  // Leaving (pointer or focus) re-arms the card for the next hover.
  useEffect(() => {
    if (!hovered && !focused) setDismissed(false);
  }, [hovered, focused]);

  return (
    <div
      className="has-preview"
      data-dismissed={dismissed}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <DocumentLink href={happyHour.href} detail="Image">
        Happy Hour Menu
      </DocumentLink>
      <button
        type="button"
        className="preview-toggle"
        aria-expanded={shown}
        aria-controls={previewId}
        onClick={() => {
          setDismissed(false);
          setShown((value) => !value);
        }}
      >
        {shown ? "Hide preview" : "Preview"}
      </button>
      <div id={previewId} className="preview-card" data-shown={shown}>
        <img src={happyHour.preview} alt="Preview of the Happy Hour Menu" width={360} height={480} loading="lazy" decoding="async" />
      </div>
    </div>
  );
}
