import { useMessages } from "../../shared/i18n/i18n";
import { headerMessages } from "./messages";

/** Tells screen-reader users that a link opens a new tab (WCAG 3.2.5 advisory); sighted users see the arrow. */
export function NewTabHint() {
  const t = useMessages(headerMessages);
  return (
    <>
      <span className="new-tab-icon" aria-hidden="true">
        ↗
      </span>
      <span className="visually-hidden"> {t.opensInNewTab}</span>
    </>
  );
}
