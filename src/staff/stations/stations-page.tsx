/** Placeholder: Stations — built in its own issue. */
export default function StationsPage() {
  return <h1>Stations</h1>;
}
