/** Placeholder: About — built in its own issue. */
export default function AboutPage() {
  return <h1>About</h1>;
}
