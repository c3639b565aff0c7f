/** Placeholder: Login — built in its own issue. */
export default function LoginPage() {
  return <h1>Login</h1>;
}
