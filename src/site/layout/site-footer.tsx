/** Placeholder footer — built in the public-website issue. */
export function SiteFooter() {
  return <footer>© 2018 Limitless Bar &amp; Grill</footer>;
}
