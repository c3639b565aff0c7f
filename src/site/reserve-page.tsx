/** Placeholder: Reserve — built in its own issue. */
export default function ReservePage() {
  return <h1>Reserve</h1>;
}
