import { Link } from "react-router-dom";

/** Placeholder navbar — built in the public-website issue. */
export function SiteHeader() {
  return (
    <header>
      <Link to="/">Limitless Bar &amp; Grill</Link>
    </header>
  );
}
