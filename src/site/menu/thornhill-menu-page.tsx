/** Placeholder: Thornhill Location — built in its own issue. */
export default function ThornhillMenuPage() {
  return <h1>Thornhill Location</h1>;
}
