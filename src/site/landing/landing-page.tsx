/** Placeholder: Limitless Bar &amp; Grill — built in its own issue. */
export default function LandingPage() {
  return <h1>Limitless Bar &amp; Grill</h1>;
}
