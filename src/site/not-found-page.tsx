/** Placeholder: The page you have requested could not be found! — built in its own issue. */
export default function NotFoundPage() {
  return <h1>The page you have requested could not be found!</h1>;
}
