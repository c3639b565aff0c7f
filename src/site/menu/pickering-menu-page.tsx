/** Placeholder: Pickering Location — built in its own issue. */
export default function PickeringMenuPage() {
  return <h1>Pickering Location</h1>;
}
