import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormField, useFieldErrors } from "../../shared/form-field";
import { Navigate, useLocation } from "react-router-dom";
import { staffApi } from "../lib/staff-api";
import { ApiError, asApiError } from "../../shared/api-client";
import { clientError } from "../../shared/client-errors";
import { ProblemMessage } from "../lib/problem-message";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useWrite } from "../../shared/use-write";
import { validateLogin } from "../../../contract/form-rules";
import { homeFor } from "../lib/screens";
import { redirectTarget } from "./redirect-target";
import { useSession } from "./session-store";
import "../../shared/controls.css";
import "../layout/staff.css";

/** Staff sign-in. The server sets the HttpOnly session cookie; the token in the body is ignored on purpose. */
export default function LoginPage() {
  useDocumentTitle("Sign in · Limitless staff");
  const location = useLocation();
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const check = useSession((state) => state.check);
  const signedIn = useSession((state) => state.signedIn);

  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { errors, setErrors, check: showErrors } = useFieldErrors(["email", "password"] as const);
  const [attempted, setAttempted] = useState(false);
  const { run, busy: submitting, problem, setProblem } = useWrite();
  const passwordRef = useRef<HTMLInputElement>(null);

  // Already signed in (another tab, or an earlier visit)? Then this page only redirects.
  useEffect(() => {
    if (useSession.getState().status !== "signed-in") void check();
  }, [check]);

  // Back where sign-in was asked for, or else where the role's work is (never the public site).
  if (status === "signed-in" && user) return <Navigate to={redirectTarget(location.state) ?? homeFor(user.role)} replace />;

  const revalidate = (nextEmail: string, nextPassword: string) => {
    if (attempted) setErrors(validateLogin(nextEmail, nextPassword));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    setProblem(null);
    if (!showErrors(event.currentTarget, validateLogin(email, password))) return;

    await run(
      async () => {
        await staffApi.login({ email: email.trim(), password });
        signedIn(await staffApi.currentUser());
      },
      {
        problem: (error) => {
          if (error.status === 401) {
            setPassword("");
            passwordRef.current?.focus();
          }
          return loginProblem(error);
        },
      },
    );
  };

  return (
    <section className="staff-auth" aria-labelledby="login-title">
      <h1 id="login-title">Staff sign in</h1>
      <form className="staff-form" noValidate onSubmit={submit}>
        <FormField id="login-email" label="Email" error={errors.email}>
          {(props) => (
            <input
              {...props}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                revalidate(event.target.value, password);
              }}
            />
          )}
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password}>
          {(props) => (
            <input
              {...props}
              ref={passwordRef}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                revalidate(email, event.target.value);
              }}
            />
          )}
        </FormField>
        <ProblemMessage problem={problem} />
        <button type="submit" className="staff-button staff-button--primary" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </section>
  );
}

/** A refused sign-in is a 401 too, but no session ended: it is said as the screen's own words. */
function loginProblem(error: unknown): ApiError {
  if (error instanceof ApiError) {
    if (error.status === 401) return clientError("Wrong email or password. Check both and try again.");
    if (error.status === 429) return clientError("Too many sign-in attempts. Wait a few minutes, then try again.");
  }
  return asApiError(error);
}
