/** Placeholder: Logout — built in its own issue. */
export default function LogoutPage() {
  return <h1>Logout</h1>;
}
