/** Tells screen-reader users that a link opens a new tab (WCAG 3.2.5 advisory); sighted users see the arrow. */
export function NewTabHint() {
  return (
    <>
      <span className="new-tab-icon" aria-hidden="true">
        ↗
      </span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </>
  );
}
